import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  buses,
  childGuardians,
  children,
  noServiceDays,
  notRiding,
  riders,
  routeStops,
  routes,
  schools,
  trips,
} from "#db/schema/index.ts";
import { RIDE_MESSAGES as M, type notRidingInput } from "#shared/riders.ts";
import { DEFAULT_RIDE_CUTOFF_MINUTES, minutesToTime, weekdaysOf } from "#shared/route-texts.ts";
import { shiftDate, todayIn, weekday, zonedInstant } from "#shared/school-time.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { familyOf, ownChild } from "../family/guardianship.ts";
import { ROUTE_REFUSALS } from "../refusal-texts.ts";
import { generateRuns } from "./runs.ts";
import { rideCutoffOf } from "./settings.ts";

/**
 * The parent's side of the transport model (ADR 0046): where and when their children are picked up
 * and dropped off, today's runs, and "not riding" until the school's cut-off. Only the session's
 * family: every read and write is keyed by the parent's own children.
 */

const db = (scope: ParentScope) => scope.deps.db;
/**
 * The ids of the session's own children (a subquery): the children the parent is a guardian of
 * (ADR 0053), found through the guardians' parent index.
 */
const familyChildren = (scope: ParentScope) =>
  db(scope).select({ id: childGuardians.childId }).from(childGuardians).where(familyGuardianships(scope));
const familyGuardianships = (scope: ParentScope) =>
  and(eq(childGuardians.parentId, scope.parentId), eq(childGuardians.schoolId, scope.schoolId));

/**
 * The lookup's four reads (the children's assignments, today's runs of their routes, the days marked
 * not riding, the school's cut-off), as one batch's statements: the parent dashboard sends them in
 * its own batch (one round trip for the page), `rideLookup` alone.
 */
export function rideLookupQueries(scope: ParentScope) {
  const today = todayIn(scope.timeZone, scope.now);
  const family = familyChildren(scope);
  return [
    db(scope)
      .select({
        childId: children.id,
        childName: children.name,
        riderId: riders.id,
        direction: riders.direction,
        weekdays: riders.weekdays,
        fromDate: riders.fromDate,
        toDate: riders.toDate,
        route: { id: routes.id, name: routes.name, colour: routes.colour },
        bus: { number: buses.number },
        stop: {
          id: routeStops.id,
          name: routeStops.name,
          latitude: routeStops.latitude,
          longitude: routeStops.longitude,
          minutes: routeStops.scheduledMinutes,
        },
      })
      .from(children)
      .leftJoin(riders, eq(riders.childId, children.id))
      .leftJoin(routes, eq(routes.id, riders.routeId))
      .leftJoin(routeStops, eq(routeStops.id, riders.stopId))
      .leftJoin(buses, eq(buses.id, routes.busId))
      .where(familyOf(scope))
      .orderBy(asc(children.name), asc(children.id), asc(riders.direction)),
    db(scope)
      .select({
        id: trips.id,
        routeId: trips.routeId,
        routeName: trips.routeName,
        routeType: trips.routeType,
        busNumber: trips.busNumber,
        status: trips.status,
        departureTime: trips.departureTime,
        arrivalTime: trips.arrivalTime,
      })
      .from(trips)
      .where(
        and(
          // `+school_id`: checked, but not an index to walk (the run key, route and day, finds the rows).
          sql`+${trips.schoolId} = ${scope.schoolId}`,
          eq(trips.serviceDate, today),
          inArray(
            trips.routeId,
            db(scope).select({ id: riders.routeId }).from(riders).where(inArray(riders.childId, family)),
          ),
        ),
      )
      .orderBy(asc(trips.departureTime)),
    db(scope)
      .select({ childId: notRiding.childId, date: notRiding.date })
      .from(notRiding)
      .where(and(inArray(notRiding.childId, family), gte(notRiding.date, today)))
      .orderBy(asc(notRiding.date))
      .limit(1_000),
    db(scope)
      .select({ cutoffMinutes: rideCutoffOf(scope.schoolId) })
      .from(schools)
      .where(eq(schools.id, scope.schoolId)),
  ] as const;
}

const batchLookup = (scope: ParentScope) => db(scope).batch(rideLookupQueries(scope));
/** What the lookup's statements read, in their order. */
export type RideLookupRows = Awaited<ReturnType<typeof batchLookup>>;

/** The lookup's rows as a family's rides: each child's assignments (stop, time, bus, today's run) and days off. */
export function rideLookupResult(scope: ParentScope, [rideRows, runRows, absentRows, schoolRows]: RideLookupRows) {
  const today = todayIn(scope.timeZone, scope.now);
  type Run = (typeof runRows)[number];
  type Ride = {
    riderId: string;
    direction: "pickup" | "dropoff";
    route: { id: string; name: string; colour: string };
    bus: { number: string } | null;
    stop: { id: string; name: string; latitude: number; longitude: number; time: string };
    weekdays: number[];
    fromDate: string;
    toDate: string | null;
    today: Run | null;
  };
  const kids = new Map<string, { id: string; name: string; rides: Ride[]; notRiding: string[] }>();
  for (const row of rideRows) {
    let kid = kids.get(row.childId);
    if (!kid) {
      kid = {
        id: row.childId,
        name: row.childName,
        rides: [],
        notRiding: absentRows.filter((absent) => absent.childId === row.childId).map((absent) => absent.date),
      };
      kids.set(row.childId, kid);
    }
    if (!row.riderId || !row.route || !row.stop) continue;
    const ridesToday =
      ((row.weekdays! >> weekday(today)) & 1) === 1 &&
      row.fromDate! <= today &&
      (row.toDate === null || row.toDate >= today) &&
      !kid.notRiding.includes(today);
    const { minutes, ...stop } = row.stop;
    kid.rides.push({
      riderId: row.riderId,
      direction: row.direction!,
      route: row.route,
      bus: row.bus,
      stop: { ...stop, time: minutesToTime(minutes) },
      weekdays: weekdaysOf(row.weekdays!),
      fromDate: row.fromDate!,
      toDate: row.toDate,
      today: ridesToday ? (runRows.find((run) => run.routeId === row.route!.id) ?? null) : null,
    });
  }
  return {
    today,
    timeZone: scope.timeZone,
    cutoffMinutes: schoolRows[0]?.cutoffMinutes ?? DEFAULT_RIDE_CUTOFF_MINUTES,
    children: [...kids.values()],
    runsToday: runRows,
  };
}
export type RideLookup = ReturnType<typeof rideLookupResult>;

/** The children's assigned stops (name, place, time), bus and route; today's runs; the days marked not riding (one batch). */
export async function rideLookup(scope: ParentScope) {
  return rideLookupResult(scope, await batchLookup(scope));
}

/**
 * The days of [from, to] the child rides (an assignment for that weekday and date, its route
 * running then and no school closure), each with its cut-off: the child's earliest stop time that
 * day, in the school's zone, less the school's cut-off minutes.
 */
async function rideDays(scope: ParentScope, input: z.infer<typeof notRidingInput>) {
  const to = input.to ?? input.from;
  const [childRows, assignments, closedRows, schoolRows] = await db(scope).batch([
    db(scope).select({ id: children.id, name: children.name }).from(children).where(ownChild(scope, input.childId)),
    db(scope)
      .select({
        routeId: riders.routeId,
        weekdays: sql<number>`${riders.weekdays} & ${routes.weekdays}`.mapWith(Number),
        fromDate: riders.fromDate,
        toDate: riders.toDate,
        activeFrom: routes.activeFrom,
        activeTo: routes.activeTo,
        minutes: routeStops.scheduledMinutes,
      })
      .from(riders)
      .innerJoin(children, eq(children.id, riders.childId))
      .innerJoin(routes, eq(routes.id, riders.routeId))
      .innerJoin(routeStops, eq(routeStops.id, riders.stopId))
      .where(and(eq(riders.childId, input.childId), familyOf(scope), eq(riders.schoolId, scope.schoolId))),
    db(scope)
      .select({ date: noServiceDays.date })
      .from(noServiceDays)
      .where(
        and(
          eq(noServiceDays.schoolId, scope.schoolId),
          gte(noServiceDays.date, input.from),
          lte(noServiceDays.date, to),
        ),
      ),
    db(scope)
      .select({ cutoffMinutes: rideCutoffOf(scope.schoolId) })
      .from(schools)
      .where(eq(schools.id, scope.schoolId)),
  ]);
  const child = childRows[0];
  if (!child) throw new AppError("NOT_FOUND", M.childNotFound);
  const cutoffMinutes = schoolRows[0]?.cutoffMinutes ?? DEFAULT_RIDE_CUTOFF_MINUTES;
  const closed = new Set(closedRows.map((row) => row.date));
  const days: { date: string; cutoff: Date }[] = [];
  for (let date = input.from; date <= to; date = shiftDate(date, 1)) {
    if (closed.has(date)) continue;
    const wd = weekday(date);
    const times = assignments
      .filter(
        (ride) =>
          ((ride.weekdays >> wd) & 1) === 1 && ride.fromDate <= date && (ride.toDate === null || ride.toDate >= date),
      )
      .filter((ride) => ride.activeFrom <= date && (ride.activeTo === null || ride.activeTo >= date))
      .map((ride) => ride.minutes);
    if (times.length === 0) continue;
    const first = zonedInstant(date, minutesToTime(Math.min(...times)), scope.timeZone);
    days.push({ date, cutoff: new Date(first.getTime() - cutoffMinutes * 60_000) });
  }
  return { child, days, cutoffMinutes, routeIds: [...new Set(assignments.map((ride) => ride.routeId))] };
}

/** The cut-off rule, one place: a change to a day's ride is taken until its cut-off, not at or after it. */
export function beforeCutoff(cutoff: Date, now: Date): boolean {
  return now.getTime() < cutoff.getTime();
}

/** "Not riding" on a day or a range: every ride day in it, if all are before their cut-off (else: call the school). */
export async function setNotRiding(scope: ParentScope, input: z.infer<typeof notRidingInput>) {
  const { child, days, cutoffMinutes, routeIds } = await rideDays(scope, input);
  if (days.length === 0) throw new AppError("BAD_REQUEST", M.noRides);
  if (days.some((day) => !beforeCutoff(day.cutoff, scope.now)))
    throw new AppError("PRECONDITION_FAILED", ROUTE_REFUSALS.pastCutoff(cutoffMinutes));
  const rows = days.map((day) => ({
    id: crypto.randomUUID(),
    schoolId: scope.schoolId,
    childId: child.id,
    date: day.date,
    createdBy: scope.actor.id,
    createdAt: scope.now,
  }));
  await db(scope).batch([
    db(scope).insert(notRiding).values(rows).onConflictDoNothing(),
    auditInsert(
      db(scope),
      {
        eventType: "ride.not_riding",
        description: `${child.name} not riding ${days[0]!.date}${days.length > 1 ? ` to ${days.at(-1)!.date}` : ""}`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: { childId: child.id, dates: days.map((day) => day.date) },
        at: scope.now,
      },
      scope.meta,
    ),
  ]);
  await generateRuns(db(scope), scope, scope.now, routeIds);
  return { childId: child.id, dates: days.map((day) => day.date) };
}

/** Riding again on a day or a range: the same cut-off as marking it. */
export async function clearNotRiding(scope: ParentScope, input: z.infer<typeof notRidingInput>) {
  const { child, days, cutoffMinutes, routeIds } = await rideDays(scope, input);
  const to = input.to ?? input.from;
  const marked = await db(scope)
    .select({ date: notRiding.date })
    .from(notRiding)
    .where(and(eq(notRiding.childId, child.id), gte(notRiding.date, input.from), lte(notRiding.date, to)));
  const dates = new Set(marked.map((row) => row.date));
  const affected = days.filter((day) => dates.has(day.date));
  if (affected.some((day) => !beforeCutoff(day.cutoff, scope.now)))
    throw new AppError("PRECONDITION_FAILED", ROUTE_REFUSALS.pastCutoff(cutoffMinutes));
  if (dates.size === 0) return { childId: child.id, dates: [] };
  await db(scope).batch([
    db(scope)
      .delete(notRiding)
      .where(and(eq(notRiding.childId, child.id), inArray(notRiding.date, [...dates]))),
    auditInsert(
      db(scope),
      {
        eventType: "ride.riding_again",
        description: `${child.name} riding again`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: { childId: child.id, dates: [...dates] },
        at: scope.now,
      },
      scope.meta,
    ),
  ]);
  await generateRuns(db(scope), scope, scope.now, routeIds);
  return { childId: child.id, dates: [...dates].sort() };
}
