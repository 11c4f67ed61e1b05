import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { buses, children, riders, routeStops, routes } from "#db/schema/index.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import {
  type assignRiderInput,
  RIDER_MESSAGES as M,
  type riderCandidatesInput,
  type riderIdInput,
  type ridersOfRouteInput,
} from "#shared/riders.ts";
import { ROUTE_LIMITS, ROUTE_MESSAGES, WEEKDAY_NAMES, weekdayBits, weekdaysOf } from "#shared/route-texts.ts";
import { gradeLabel } from "../_shared/grades.ts";
import { schoolAudit } from "../_shared/school-audit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { containsAny } from "../_shared/search.ts";
import { AppError } from "../errors.ts";
import { ROUTE_REFUSALS } from "../refusal-texts.ts";
import { ridersOfRouteQuery } from "./routes.ts";
import { generateRuns } from "./runs.ts";
import { ridersOnDay } from "./seats.ts";

/**
 * Assign a child to a stop (of a pickup or a drop-off route) for weekdays and dates; a child's
 * earlier assignment in the same direction is replaced. The bus's seats bound the riders on each
 * chosen weekday, checked by the write itself: ONE conditional upsert, so of concurrent assignments
 * to a bus with 5 free seats exactly 5 hold (ADR 0046, as flight-trip capacity, ADR 0030).
 */
export async function assignRider(scope: SchoolScope, input: z.infer<typeof assignRiderInput>) {
  const { db } = scope.deps;
  const [childRows, stopRows, previousRows] = await db.batch([
    db
      .select({ id: children.id, name: children.name })
      .from(children)
      .where(and(eq(children.id, input.childId), eq(children.schoolId, scope.schoolId))),
    db
      .select({
        stopId: routeStops.id,
        route: { id: routes.id, name: routes.name, direction: routes.direction, weekdays: routes.weekdays },
        bus: { number: buses.number, seats: buses.seats },
      })
      .from(routeStops)
      .innerJoin(routes, eq(routes.id, routeStops.routeId))
      .leftJoin(buses, eq(buses.id, routes.busId))
      .where(and(eq(routeStops.id, input.stopId), eq(routeStops.schoolId, scope.schoolId))),
    db
      .select({ routeId: riders.routeId, direction: riders.direction })
      .from(riders)
      .where(and(eq(riders.childId, input.childId), eq(riders.schoolId, scope.schoolId))),
  ]);
  const child = childRows[0];
  const stop = stopRows[0];
  if (!child) throw new AppError("NOT_FOUND", M.childNotFound);
  if (!stop) throw new AppError("NOT_FOUND", M.stopNotFound);
  const { route } = stop;
  const bits = weekdayBits(input.weekdays);
  if ((bits & route.weekdays) !== bits) throw new AppError("BAD_REQUEST", ROUTE_REFUSALS.riderNotRunning(route.name));

  const range = { from: input.fromDate, to: input.toDate };
  // Full on any chosen weekday: the bus's seats (read when the statement runs) are all taken by others.
  const full = sql.join(
    input.weekdays.map((day) => sql`${ridersOnDay(route.id, day, range, child.id)} >= b.seats`),
    sql` or `,
  );
  const id = crypto.randomUUID();
  const at = scope.now.getTime();
  const upsert = sql`insert into ${riders} (id, school_id, child_id, route_id, stop_id, direction, weekdays, from_date, to_date, created_at, updated_at)
    select ${id}, ${scope.schoolId}, ${child.id}, ${route.id}, ${stop.stopId}, ${route.direction}, ${bits}, ${input.fromDate}, ${input.toDate}, ${at}, ${at}
    where exists (select 1 from ${routeStops} s join ${routes} r on r.id = s.route_id where s.id = ${stop.stopId} and r.id = ${route.id} and r.school_id = ${scope.schoolId})
      and not exists (select 1 from ${routes} r join ${buses} b on b.id = r.bus_id where r.id = ${route.id} and (${full}))
    on conflict (child_id, direction) do update set route_id = excluded.route_id, stop_id = excluded.stop_id, weekdays = excluded.weekdays,
      from_date = excluded.from_date, to_date = excluded.to_date, updated_at = excluded.updated_at`;
  const [written] = await db.batch([
    db.run(upsert),
    schoolAudit(
      scope,
      "rider.assigned",
      `${child.name} assigned to ${route.name}`,
      { childId: child.id, routeId: route.id, stopId: stop.stopId, weekdays: input.weekdays },
      sql`changes() = 1`,
    ),
  ]);
  if (written.rowsAffected !== 1) throw await refusal(scope, route.id, input, child.id);
  const before = previousRows.filter((row) => row.direction === route.direction).map((row) => row.routeId);
  await generateRuns(db, scope, scope.now, [route.id, ...before]);
  const [row] = await db
    .select({ id: riders.id })
    .from(riders)
    .where(and(eq(riders.childId, child.id), eq(riders.direction, route.direction)));
  return { id: row?.id ?? id, routeId: route.id };
}

/** Why an assignment did not hold: the bus's numbers on the first full weekday, or the stop went. */
async function refusal(
  scope: SchoolScope,
  routeId: string,
  input: z.infer<typeof assignRiderInput>,
  childId: string,
): Promise<AppError> {
  const { db } = scope.deps;
  const range = { from: input.fromDate, to: input.toDate };
  const counts = input.weekdays.map((day) => sql`${ridersOnDay(routeId, day, range, childId)}`);
  const [bus] = await db
    .select({ number: buses.number, seats: buses.seats, counts: sql<string>`json_array(${sql.join(counts, sql`, `)})` })
    .from(routes)
    .innerJoin(buses, eq(buses.id, routes.busId))
    .where(and(eq(routes.id, routeId), eq(routes.schoolId, scope.schoolId)));
  if (!bus) return new AppError("NOT_FOUND", M.stopNotFound);
  const taken = (JSON.parse(bus.counts) as number[]).map(Number);
  const index = taken.findIndex((count) => count >= bus.seats);
  if (index < 0) return new AppError("CONFLICT", ROUTE_MESSAGES.stopsStale);
  return new AppError(
    "CONFLICT",
    ROUTE_REFUSALS.riderFull(bus.number, bus.seats, taken[index]!, WEEKDAY_NAMES[input.weekdays[index]!]!),
  );
}

export async function unassignRider(scope: SchoolScope, input: z.infer<typeof riderIdInput>) {
  const { db } = scope.deps;
  const mine = and(eq(riders.id, input.riderId), eq(riders.schoolId, scope.schoolId));
  const [deleted] = await db.batch([
    db.delete(riders).where(mine).returning({ routeId: riders.routeId, childId: riders.childId }),
    schoolAudit(scope, "rider.unassigned", "Rider unassigned", { riderId: input.riderId }, sql`changes() = 1`),
  ]);
  const row = deleted[0];
  if (!row) throw new AppError("NOT_FOUND", M.riderNotFound);
  await generateRuns(db, scope, scope.now, [row.routeId]);
  return { id: input.riderId };
}

/** A route's riders (the route must be the school's). */
export async function listRidersOfRoute(scope: SchoolScope, input: z.infer<typeof ridersOfRouteInput>) {
  const { db } = scope.deps;
  const [routeRows, riderRows] = await db.batch([
    db
      .select({ id: routes.id })
      .from(routes)
      .where(and(eq(routes.id, input.routeId), eq(routes.schoolId, scope.schoolId))),
    ridersOfRouteQuery(scope, input.routeId),
  ]);
  if (!routeRows[0]) throw new AppError("NOT_FOUND", ROUTE_MESSAGES.notFound);
  return {
    routeId: input.routeId,
    riders: riderRows.map((rider) => ({ ...rider, weekdays: weekdaysOf(rider.weekdays) })),
  };
}

/**
 * The school's children whose name holds the search (case-insensitive), by name, to assign one to
 * a stop; each with the routes they ride now (a new assignment replaces the one in its direction) and
 * its grade in the reader's language (`gradeLabel`: the page carries no grade texts).
 */
export async function riderCandidates(
  scope: SchoolScope,
  input: z.infer<typeof riderCandidatesInput>,
  locale: Locale = SOURCE_LOCALE,
) {
  const rows = await scope.deps.db
    .select({
      id: children.id,
      name: children.name,
      grade: children.grade,
      rides: sql<
        string | null
      >`(select group_concat(r.name, ', ') from ${riders} x join ${routes} r on r.id = x.route_id where x.child_id = "children"."id")`,
    })
    .from(children)
    .where(and(eq(children.schoolId, scope.schoolId), containsAny(input.search, [children.name])))
    .orderBy(asc(children.name), asc(children.id))
    .limit(ROUTE_LIMITS.maxCandidates);
  return { children: rows.map((row) => ({ ...row, gradeLabel: gradeLabel(locale, row.grade) })) };
}
