import { and, asc, count, eq, gt, gte, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { insertManyWhere, rowHolds } from "#db/conditional.ts";
import { buses, children, noServiceDays, riders, routeStops, routes, trips } from "#db/schema/index.ts";
import {
  type createRouteInput,
  type listNoServiceDaysInput,
  type listRoutesInput,
  ROUTE_MESSAGES as M,
  minutesToTime,
  type noServiceDayIdInput,
  type noServiceDayInput,
  ROUTE_LIMITS,
  type reorderStopsInput,
  type routeIdInput,
  type setCalendarInput,
  type setStopsInput,
  timeToMinutes,
  type updateRouteInput,
  WEEKDAY_NAMES,
  weekdayBits,
  weekdaysOf,
} from "#shared/routes.ts";
import { said } from "#shared/said.ts";
import { todayIn } from "#shared/school-time.ts";
import { schoolAudit } from "../_shared/school-audit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { assignableDriver } from "../drivers/directory.ts";
import { AppError } from "../errors.ts";
import { ROUTE_REFUSALS } from "../refusal-texts.ts";
import { generateRuns } from "./runs.ts";
import { busiestDay } from "./seats.ts";

type RouteForm = z.infer<typeof createRouteInput>["route"];

const ROUTE_COLUMNS = {
  id: routes.id,
  name: routes.name,
  direction: routes.direction,
  colour: routes.colour,
  driverId: routes.driverId,
  driverName: routes.driverName,
  activeFrom: routes.activeFrom,
  activeTo: routes.activeTo,
  weekdays: routes.weekdays,
  stopsVersion: routes.stopsVersion,
};
const BUS = { id: buses.id, number: buses.number, seats: buses.seats };
const mineRoute = (scope: SchoolScope, routeId: string) =>
  and(eq(routes.id, routeId), eq(routes.schoolId, scope.schoolId));

/** A weekday bit set as the list of weekdays (0 = Sunday) the screens take. */
const withWeekdays = <T extends { weekdays: number }>(row: T) => ({ ...row, weekdays: weekdaysOf(row.weekdays) });

/** Riders of a route still riding from `today` on, and the most on any one weekday (the seats a run uses). */
function riderCounts(today: string) {
  const current = sql`(x.to_date is null or x.to_date >= ${today})`;
  const perDay = [0, 1, 2, 3, 4, 5, 6].map((day) => sql.raw(`sum((x.weekdays >> ${day}) & 1)`));
  return {
    riders: sql<number>`(select count(*) from ${riders} x where x.route_id = "routes"."id" and ${current})`.mapWith(
      Number,
    ),
    seatsUsed:
      sql<number>`(select coalesce(max(${sql.join(perDay, sql`, `)}), 0) from ${riders} x where x.route_id = "routes"."id" and ${current})`.mapWith(
        Number,
      ),
    stops: sql<number>`(select count(*) from ${routeStops} s where s.route_id = "routes"."id")`.mapWith(Number),
  };
}

/** The routes screen: a page of routes by name, each with its bus, direction, stops, riders and seats used (one batch). */
export async function listRoutes(scope: SchoolScope, input: z.infer<typeof listRoutesInput>) {
  const { db } = scope.deps;
  const where = and(
    eq(routes.schoolId, scope.schoolId),
    input.direction ? eq(routes.direction, input.direction) : undefined,
  );
  const today = todayIn(scope.timeZone, scope.now);
  const [rows, total] = await db.batch([
    db
      .select({ ...ROUTE_COLUMNS, bus: BUS, ...riderCounts(today) })
      .from(routes)
      .leftJoin(buses, eq(buses.id, routes.busId))
      .where(where)
      .orderBy(asc(routes.name), asc(routes.id))
      .limit(ROUTE_LIMITS.pageSize)
      .offset((input.page - 1) * ROUTE_LIMITS.pageSize),
    db.select({ count: count() }).from(routes).where(where),
  ]);
  return {
    page: input.page,
    pageSize: ROUTE_LIMITS.pageSize,
    total: total[0]?.count ?? 0,
    routes: rows.map(withWeekdays),
  };
}

export const STOP_COLUMNS = {
  id: routeStops.id,
  position: routeStops.position,
  name: routeStops.name,
  latitude: routeStops.latitude,
  longitude: routeStops.longitude,
  scheduledMinutes: routeStops.scheduledMinutes,
  distanceMeters: routeStops.distanceMeters,
};
const withTime = <T extends { scheduledMinutes: number }>(stop: T) => ({
  ...stop,
  time: minutesToTime(stop.scheduledMinutes),
});

const RIDER_COLUMNS = {
  id: riders.id,
  childId: riders.childId,
  childName: children.name,
  grade: children.grade,
  stopId: riders.stopId,
  weekdays: riders.weekdays,
  fromDate: riders.fromDate,
  toDate: riders.toDate,
};

/** A route's riders (child, stop, weekdays, dates), by child name. */
export function ridersOfRouteQuery(scope: SchoolScope, routeId: string) {
  const { db } = scope.deps;
  return db
    .select(RIDER_COLUMNS)
    .from(riders)
    .innerJoin(children, eq(children.id, riders.childId))
    .where(and(eq(riders.routeId, routeId), eq(riders.schoolId, scope.schoolId)))
    .orderBy(asc(children.name), asc(riders.id))
    .limit(ROUTE_LIMITS.maxRidersListed);
}

/** One route with its bus, its stops in order and its riders (one batch). */
export async function getRoute(scope: SchoolScope, input: z.infer<typeof routeIdInput>) {
  const { db } = scope.deps;
  const today = todayIn(scope.timeZone, scope.now);
  const [routeRows, stopRows, riderRows] = await db.batch([
    db
      .select({ ...ROUTE_COLUMNS, bus: BUS, ...riderCounts(today) })
      .from(routes)
      .leftJoin(buses, eq(buses.id, routes.busId))
      .where(mineRoute(scope, input.routeId)),
    db
      .select(STOP_COLUMNS)
      .from(routeStops)
      .where(and(eq(routeStops.routeId, input.routeId), eq(routeStops.schoolId, scope.schoolId)))
      .orderBy(asc(routeStops.position)),
    ridersOfRouteQuery(scope, input.routeId),
  ]);
  const route = routeRows[0];
  if (!route) throw new AppError("NOT_FOUND", M.notFound);
  return { route: withWeekdays(route), stops: stopRows.map(withTime), riders: riderRows.map(withWeekdays) };
}

async function assertBus(scope: SchoolScope, busId: string | null) {
  if (busId === null) return null;
  const [bus] = await scope.deps.db
    .select(BUS)
    .from(buses)
    .where(and(eq(buses.id, busId), eq(buses.schoolId, scope.schoolId)));
  if (!bus) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Bus not found" }));
  return bus;
}

/** The columns the form sets; a driver's account gives the route its name (ADR 0057). */
function routeValues(route: RouteForm, driver: { id: string; name: string } | null) {
  return {
    name: route.name,
    direction: route.direction,
    colour: route.colour.toLowerCase(),
    busId: route.busId,
    driverId: driver?.id ?? null,
    driverName: driver?.name ?? route.driverName,
    activeFrom: route.activeFrom,
    activeTo: route.activeTo,
    weekdays: weekdayBits(route.weekdays),
  };
}

export async function createRoute(scope: SchoolScope, input: z.infer<typeof createRouteInput>) {
  const { db } = scope.deps;
  await assertBus(scope, input.route.busId);
  const driver = await assignableDriver(scope, input.route.driverId);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(routes).values({
      id,
      schoolId: scope.schoolId,
      ...routeValues(input.route, driver),
      createdAt: scope.now,
      updatedAt: scope.now,
    }),
    schoolAudit(scope, "route.created", `Route ${input.route.name} created`, { routeId: id }),
  ]);
  return { id };
}

export async function findRoute(scope: SchoolScope, routeId: string) {
  const [route] = await scope.deps.db
    .select({ ...ROUTE_COLUMNS, busId: routes.busId })
    .from(routes)
    .where(mineRoute(scope, routeId));
  if (!route) throw new AppError("NOT_FOUND", M.notFound);
  return route;
}

/**
 * Edit a route (its calendar included); its runs follow. A route with riders keeps its direction,
 * and its bus must seat its busiest weekday's riders (refused with the numbers).
 */
export async function updateRoute(scope: SchoolScope, input: z.infer<typeof updateRouteInput>) {
  const { db } = scope.deps;
  const before = await findRoute(scope, input.routeId);
  const bus = await assertBus(scope, input.route.busId);
  const driver = await assignableDriver(scope, input.route.driverId, before.driverId);
  const busiest = await busiestDay(db, before.id, todayIn(scope.timeZone, scope.now));
  // Any rider, past ones included: a rider's direction is its route's (the key of one pickup and one drop-off per child).
  if (input.route.direction !== before.direction && (await db.$count(riders, eq(riders.routeId, before.id))) > 0)
    throw new AppError("CONFLICT", M.directionHasRiders);
  if (busiest && bus && busiest.riders > bus.seats)
    throw new AppError(
      "CONFLICT",
      ROUTE_REFUSALS.busTooSmall(bus.number, bus.seats, busiest.riders, WEEKDAY_NAMES[busiest.day]!),
    );
  await db.batch([
    db
      .update(routes)
      .set({ ...routeValues(input.route, driver), updatedAt: scope.now })
      .where(mineRoute(scope, before.id)),
    schoolAudit(scope, "route.updated", `Route ${input.route.name} updated`, { routeId: before.id }),
  ]);
  await generateRuns(db, scope, scope.now, [before.id]);
  return { id: before.id };
}

/** The weekdays a route runs (its service calendar); its runs follow. */
export async function setRouteCalendar(scope: SchoolScope, input: z.infer<typeof setCalendarInput>) {
  const { db } = scope.deps;
  const route = await findRoute(scope, input.routeId);
  await db.batch([
    db
      .update(routes)
      .set({ weekdays: weekdayBits(input.weekdays), updatedAt: scope.now })
      .where(mineRoute(scope, route.id)),
    schoolAudit(scope, "route.calendar_changed", `Route ${route.name} runs on ${input.weekdays.length} weekdays`, {
      routeId: route.id,
      weekdays: input.weekdays,
    }),
  ]);
  await generateRuns(db, scope, scope.now, [route.id]);
  return { id: route.id, weekdays: [...input.weekdays].sort() };
}

/**
 * Delete a route with its stops and riders. Its runs that have not started go with it; a run that
 * started stays as a trip (its `route_id` becomes null).
 */
export async function deleteRoute(scope: SchoolScope, input: z.infer<typeof routeIdInput>) {
  const { db } = scope.deps;
  const route = await findRoute(scope, input.routeId);
  await db.batch([
    db
      .delete(trips)
      .where(
        and(
          eq(trips.routeId, route.id),
          eq(trips.schoolId, scope.schoolId),
          eq(trips.status, "scheduled"),
          gt(trips.departureTime, scope.now),
        ),
      ),
    db.delete(routes).where(mineRoute(scope, route.id)),
    schoolAudit(scope, "route.deleted", `Route ${route.name} deleted`, { routeId: route.id }),
  ]);
  return { id: route.id };
}

export type StopValues = {
  id?: string | undefined;
  name: string;
  latitude: number;
  longitude: number;
  scheduledMinutes: number;
  distanceMeters: number;
};

/**
 * Write a route's whole ordered stop list in ONE batch: positions become 0..n-1 in the list's order
 * (no gap, whatever was inserted, removed or moved). The batch first claims the route: its
 * `stops_version` must still be the one the editor read, and no stop being removed may have riders;
 * every other statement is guarded by that claim, so of two concurrent edits one wins and the other
 * is refused as stale, and the order is never half-written.
 */
export async function writeStops(scope: SchoolScope, routeId: string, version: number, list: StopValues[]) {
  const { db } = scope.deps;
  const route = await findRoute(scope, routeId);
  const existing = await db
    .select({
      id: routeStops.id,
      name: routeStops.name,
      riders: sql<number>`(select count(*) from ${riders} x where x.stop_id = "route_stops"."id")`.mapWith(Number),
    })
    .from(routeStops)
    .where(eq(routeStops.routeId, route.id));
  const known = new Map(existing.map((stop) => [stop.id, stop]));
  for (const stop of list) if (stop.id && !known.has(stop.id)) throw new AppError("BAD_REQUEST", M.stopNotOnRoute);
  const kept = new Set(list.flatMap((stop) => (stop.id ? [stop.id] : [])));
  const removed = existing.filter((stop) => !kept.has(stop.id));
  const occupied = removed.find((stop) => stop.riders > 0);
  if (occupied) throw new AppError("CONFLICT", ROUTE_REFUSALS.stopHasRiders(occupied.name, occupied.riders));
  if (route.stopsVersion !== version) throw new AppError("CONFLICT", M.stopsStale);

  const claim = crypto.randomUUID();
  const removedIds = removed.map((stop) => stop.id);
  const holds = rowHolds(routes, route.id, routes.stopsClaim, claim);
  const rows = list.map((stop, position) => ({ ...stop, id: stop.id ?? crypto.randomUUID(), position }));
  const fresh = rows.filter((stop) => !known.has(stop.id));
  const [claimed] = await db.batch([
    db
      .update(routes)
      .set({ stopsVersion: version + 1, stopsClaim: claim, updatedAt: scope.now })
      .where(
        and(
          mineRoute(scope, route.id),
          eq(routes.stopsVersion, version),
          removedIds.length > 0
            ? sql`not exists (select 1 from ${riders} where ${riders.stopId} in ${removedIds})`
            : undefined,
        ),
      ),
    // Out of the way first (negative positions never collide with 0..n-1), then each to its place.
    db
      .update(routeStops)
      .set({ position: sql`-1 - ${routeStops.position}` })
      .where(and(eq(routeStops.routeId, route.id), holds)),
    ...(removedIds.length > 0
      ? [db.delete(routeStops).where(and(eq(routeStops.routeId, route.id), inArray(routeStops.id, removedIds), holds))]
      : []),
    ...rows
      .filter((stop) => known.has(stop.id))
      .map((stop) =>
        db
          .update(routeStops)
          .set({
            position: stop.position,
            name: stop.name,
            latitude: stop.latitude,
            longitude: stop.longitude,
            scheduledMinutes: stop.scheduledMinutes,
            distanceMeters: stop.distanceMeters,
            updatedAt: scope.now,
          })
          .where(and(eq(routeStops.id, stop.id), eq(routeStops.routeId, route.id), holds)),
      ),
    ...(fresh.length > 0
      ? [
          insertManyWhere(
            db,
            routeStops,
            fresh.map((stop) => ({
              ...stop,
              schoolId: scope.schoolId,
              routeId: route.id,
              createdAt: scope.now,
              updatedAt: scope.now,
            })),
            holds,
          ),
        ]
      : []),
    schoolAudit(
      scope,
      "route.stops_changed",
      `Stops of route ${route.name} changed`,
      { routeId: route.id, stops: rows.length, removed: removedIds.length },
      holds,
    ),
  ]);
  if (claimed.rowsAffected !== 1) throw new AppError("CONFLICT", M.stopsStale);
  await generateRuns(db, scope, scope.now, [route.id]);
  return { id: route.id, version: version + 1, stopIds: rows.map((stop) => stop.id) };
}

/** Insert, remove, edit and reorder a route's stops: the list as it should be. */
export function setStops(scope: SchoolScope, input: z.infer<typeof setStopsInput>) {
  return writeStops(
    scope,
    input.routeId,
    input.version,
    input.stops.map(({ time, ...stop }) => ({ ...stop, scheduledMinutes: timeToMinutes(time) })),
  );
}

/** Reorder only: every stop of the route, in the new order (times and distances as they were). */
export async function reorderStops(scope: SchoolScope, input: z.infer<typeof reorderStopsInput>) {
  const stops = await scope.deps.db
    .select(STOP_COLUMNS)
    .from(routeStops)
    .where(and(eq(routeStops.routeId, input.routeId), eq(routeStops.schoolId, scope.schoolId)));
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  if (input.stopIds.length !== stops.length || input.stopIds.some((id) => !byId.has(id))) {
    if (stops.length === 0) await findRoute(scope, input.routeId);
    throw new AppError("BAD_REQUEST", M.reorderAll);
  }
  return writeStops(
    scope,
    input.routeId,
    input.version,
    input.stopIds.map((id) => {
      const { position: _position, ...stop } = byId.get(id)!;
      return stop;
    }),
  );
}

/** The school's no-service days from a date on (today by default), by date. */
export async function listNoServiceDays(scope: SchoolScope, input: z.infer<typeof listNoServiceDaysInput>) {
  const from = input.from ?? todayIn(scope.timeZone, scope.now);
  const rows = await scope.deps.db
    .select({ id: noServiceDays.id, date: noServiceDays.date, reason: noServiceDays.reason })
    .from(noServiceDays)
    .where(and(eq(noServiceDays.schoolId, scope.schoolId), gte(noServiceDays.date, from)))
    .orderBy(asc(noServiceDays.date))
    .limit(500);
  return { from, days: rows };
}

/** A holiday or closure: no run that day (the day's runs that have not started are removed). */
export async function addNoServiceDay(scope: SchoolScope, input: z.infer<typeof noServiceDayInput>) {
  const { db } = scope.deps;
  const id = crypto.randomUUID();
  const [inserted] = await db.batch([
    db
      .insert(noServiceDays)
      .values({ id, schoolId: scope.schoolId, date: input.date, reason: input.reason, createdAt: scope.now })
      .onConflictDoNothing()
      .returning({ id: noServiceDays.id }),
    schoolAudit(
      scope,
      "route.no_service_day_added",
      `No service on ${input.date}: ${input.reason}`,
      { date: input.date },
      sql`changes() = 1`,
    ),
  ]);
  if (inserted.length === 0) throw new AppError("CONFLICT", M.noServiceDuplicate);
  await generateRuns(db, scope, scope.now);
  return { id };
}

export async function removeNoServiceDay(scope: SchoolScope, input: z.infer<typeof noServiceDayIdInput>) {
  const { db } = scope.deps;
  const mine = and(eq(noServiceDays.id, input.noServiceDayId), eq(noServiceDays.schoolId, scope.schoolId));
  const [deleted] = await db.batch([
    db.delete(noServiceDays).where(mine).returning({ date: noServiceDays.date }),
    schoolAudit(
      scope,
      "route.no_service_day_removed",
      "No-service day removed",
      { noServiceDayId: input.noServiceDayId },
      sql`changes() = 1`,
    ),
  ]);
  if (deleted.length === 0) throw new AppError("NOT_FOUND", M.noServiceNotFound);
  await generateRuns(db, scope, scope.now);
  return { id: input.noServiceDayId, date: deleted[0]!.date };
}
