import { and, asc, between, desc, eq, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type SQLiteColumn, unionAll } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import {
  children,
  flightTripEnrollments,
  flightTrips,
  invoices,
  reportAbsences,
  reportChildMonths,
  reportRunStops,
  reportRuns,
  reportStopMonths,
  routes,
  schools,
} from "#db/schema/index.ts";
import type { reportsInput } from "#shared/report-inputs.ts";
import { REPORT_LIMITS } from "#shared/report-texts.ts";
import { type IsoDate, shiftDate, todayIn } from "#shared/school-time.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { onTimeMinutesOf } from "../routes/settings.ts";

const count = (condition: SQL) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);
const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** A column (or a constant) under a name, so the two sides of a `union all` have the same shape. */
const field = <T>(value: SQLWrapper, name: string) => sql<T>`${value}`.as(name);

/**
 * Selects of the same named fields as one (`union all` when there are two). Drizzle types a select by
 * its table, so two tables' selects of the same fields have different types: the cast is only that.
 */
const unionOf = <Q>(parts: Q[]): Q =>
  parts.length === 2 ? (unionAll(parts[0] as never, parts[1] as never) as Q) : parts[0]!;

/** A month as the monthly rollups key it: `YYYY-MM`. */
type Month = string;

/**
 * A range of days split for the rollups (ADR 0074): its whole calendar months, first and last (null:
 * none), read from the monthly rollups, and the days left at its edges (none, one or two spans, both
 * ends included), read from the per-run rows.
 */
export function splitByMonths(
  from: IsoDate,
  to: IsoDate,
): { months: [Month, Month] | null; days: [IsoDate, IsoDate][] } {
  const first = from.endsWith("-01") ? from.slice(0, 7) : shiftDate(`${from.slice(0, 7)}-28`, 4).slice(0, 7);
  const last = shiftDate(to, 1).endsWith("-01") ? to.slice(0, 7) : shiftDate(`${to.slice(0, 7)}-01`, -1).slice(0, 7);
  if (first > last) return { months: null, days: [[from, to]] };
  const days: [IsoDate, IsoDate][] = [];
  if (from < `${first}-01`) days.push([from, shiftDate(`${first}-01`, -1)]);
  const after = shiftDate(`${last}-28`, 4).slice(0, 7);
  if (to >= `${after}-01`) days.push([`${after}-01`, to]);
  return { months: [first, last], days };
}

/**
 * The school admin's reports for a range of school-local days and a route (ADR 0071), in one
 * round trip: every figure of the runs comes from the rollups (`report_runs`, `report_run_stops`,
 * `report_absences`, kept by triggers as runs close; the stops and absences of whole months from
 * their monthly sums, ADR 0074), never from the attendance rows; field trips
 * and invoices (hundreds to thousands of rows a year) are read as they are. A run is on time when
 * it reached its last stop at most the school's threshold after it was due; only completed runs
 * count (cancelled ones are counted apart; a completed run with no visit of its last stop is late).
 */
export async function schoolReports(scope: SchoolScope, input: z.infer<typeof reportsInput>) {
  const { db } = scope.deps;
  const to = input.to ?? todayIn(scope.timeZone, scope.now);
  const from = input.from ?? shiftDate(to, -(REPORT_LIMITS.defaultDays - 1));
  const threshold = onTimeMinutesOf(scope.schoolId);
  const onTime = sql`${reportRuns.status} = 'completed' and ${reportRuns.lateSeconds} is not null and ${reportRuns.lateSeconds} <= ${threshold} * 60`;
  const completed = sql`${reportRuns.status} = 'completed'`;
  const cancelled = sql`${reportRuns.status} = 'cancelled'`;
  const route = (column: SQLiteColumn) => (input.routeId === null ? undefined : eq(column, input.routeId));
  const runs = and(
    eq(reportRuns.schoolId, scope.schoolId),
    between(reportRuns.serviceDate, from, to),
    route(reportRuns.routeId),
  );
  const runSummary = {
    completed: count(completed),
    onTime: count(onTime),
    cancelled: count(cancelled),
    riders: total(sql`case when ${completed} then ${reportRuns.riders} else 0 end`),
    absent: total(sql`case when ${completed} then ${reportRuns.absent} else 0 end`),
  };
  // The stops' and the children's rows: the whole months of the range from the monthly rollups, the
  // days at its edges from the per-run rows (one route's absences always per run: their months are
  // kept for every route).
  const span = splitByMonths(from, to);
  const onDays = (column: SQLiteColumn, days: [IsoDate, IsoDate][]) =>
    or(...days.map(([first, last]) => between(column, first, last)));
  const stopParts = [
    ...(span.months === null
      ? []
      : [
          db
            .select({
              stopId: field<string>(reportStopMonths.stopId, "stop_id"),
              stopName: field<string>(reportStopMonths.stopName, "stop_name"),
              routeId: field<string>(reportStopMonths.routeId, "route_id"),
              runs: field<number>(reportStopMonths.runs, "runs"),
              boarded: field<number>(reportStopMonths.boarded, "boarded"),
              absent: field<number>(reportStopMonths.absent, "absent"),
              dropped: field<number>(reportStopMonths.dropped, "dropped"),
            })
            .from(reportStopMonths)
            .where(
              and(
                eq(reportStopMonths.schoolId, scope.schoolId),
                between(reportStopMonths.month, ...span.months),
                route(reportStopMonths.routeId),
              ),
            ),
        ]),
    ...(span.days.length === 0
      ? []
      : [
          db
            .select({
              stopId: field<string>(reportRunStops.stopId, "stop_id"),
              stopName: field<string>(reportRunStops.stopName, "stop_name"),
              routeId: field<string>(reportRunStops.routeId, "route_id"),
              runs: field<number>(sql`1`, "runs"),
              boarded: field<number>(reportRunStops.boarded, "boarded"),
              absent: field<number>(reportRunStops.absent, "absent"),
              dropped: field<number>(reportRunStops.dropped, "dropped"),
            })
            .from(reportRunStops)
            .where(
              and(
                eq(reportRunStops.schoolId, scope.schoolId),
                onDays(reportRunStops.serviceDate, span.days),
                route(reportRunStops.routeId),
              ),
            ),
        ]),
  ];
  const stopRows = unionOf(stopParts).as("stop_rows");
  const monthsOfChildren = input.routeId === null ? span.months : null;
  const childParts = [
    ...(monthsOfChildren === null
      ? []
      : [
          db
            .select({
              childId: field<string>(reportChildMonths.childId, "child_id"),
              absences: field<number>(reportChildMonths.absences, "absences"),
              lastAbsent: field<string>(reportChildMonths.lastAbsent, "last_absent"),
            })
            .from(reportChildMonths)
            .where(
              and(
                eq(reportChildMonths.schoolId, scope.schoolId),
                between(reportChildMonths.month, ...monthsOfChildren),
              ),
            ),
        ]),
    ...(monthsOfChildren !== null && span.days.length === 0
      ? []
      : [
          db
            .select({
              childId: field<string>(reportAbsences.childId, "child_id"),
              absences: field<number>(sql`1`, "absences"),
              lastAbsent: field<string>(reportAbsences.serviceDate, "last_absent"),
            })
            .from(reportAbsences)
            .where(
              and(
                eq(reportAbsences.schoolId, scope.schoolId),
                monthsOfChildren === null
                  ? between(reportAbsences.serviceDate, from, to)
                  : onDays(reportAbsences.serviceDate, span.days),
                route(reportAbsences.routeId),
              ),
            ),
        ]),
  ];
  const childRows = unionOf(childParts).as("child_rows");
  const [settings, routeRows, perRoute, perDay, lateRuns, perStop, perChild, perBus, fieldTrips, invoiceMonths] =
    await db.batch([
      db.select({ onTimeMinutes: threshold }).from(schools).where(eq(schools.id, scope.schoolId)),
      db
        .select({ id: routes.id, name: routes.name, direction: routes.direction })
        .from(routes)
        .where(eq(routes.schoolId, scope.schoolId))
        .orderBy(asc(routes.name), asc(routes.id)),
      db
        .select({ routeId: reportRuns.routeId, routeName: sql<string>`max(${reportRuns.routeName})`, ...runSummary })
        .from(reportRuns)
        .where(runs)
        .groupBy(reportRuns.routeId)
        .orderBy(sql`2`, asc(reportRuns.routeId)),
      db
        .select({ date: reportRuns.serviceDate, ...runSummary })
        .from(reportRuns)
        .where(runs)
        .groupBy(reportRuns.serviceDate)
        .orderBy(asc(reportRuns.serviceDate)),
      db
        .select({
          runId: reportRuns.runId,
          routeName: reportRuns.routeName,
          date: reportRuns.serviceDate,
          busNumber: reportRuns.busNumber,
          dueAt: reportRuns.dueAt,
          reachedAt: reportRuns.reachedAt,
          lateSeconds: reportRuns.lateSeconds,
        })
        .from(reportRuns)
        .where(and(runs, completed, sql`not (${onTime})`))
        .orderBy(
          desc(sql`coalesce(${reportRuns.lateSeconds}, 1e12)`),
          desc(reportRuns.serviceDate),
          asc(reportRuns.runId),
        )
        .limit(REPORT_LIMITS.lateRunsListed),
      db
        .select({
          stopId: stopRows.stopId,
          stopName: sql<string>`max(${stopRows.stopName})`,
          routeId: stopRows.routeId,
          runs: total(stopRows.runs),
          boarded: total(stopRows.boarded),
          absent: total(stopRows.absent),
          dropped: total(stopRows.dropped),
        })
        .from(stopRows)
        .groupBy(sql`${stopRows.stopId}`)
        .orderBy(sql`2`, sql`${stopRows.stopId}`),
      db
        .select({
          childId: childRows.childId,
          childName: sql<string>`coalesce(max(${children.name}), '—')`,
          absences: total(childRows.absences),
          lastAbsent: sql<string>`max(${childRows.lastAbsent})`,
        })
        .from(childRows)
        .leftJoin(children, and(eq(children.id, childRows.childId), eq(children.schoolId, scope.schoolId)))
        .groupBy(sql`${childRows.childId}`)
        .orderBy(desc(sql`3`), sql`2`, sql`${childRows.childId}`),
      db
        .select({
          busNumber: reportRuns.busNumber,
          seats: sql<number | null>`max(${reportRuns.seats})`,
          runs: sql<number>`count(*)`.mapWith(Number),
          riders: total(sql`${reportRuns.riders}`),
          most: sql<number>`coalesce(max(${reportRuns.riders}), 0)`.mapWith(Number),
        })
        .from(reportRuns)
        .where(and(runs, completed))
        .groupBy(reportRuns.busNumber)
        .orderBy(asc(reportRuns.busNumber)),
      db
        .select({
          id: flightTrips.id,
          title: flightTrips.title,
          date: flightTrips.departureDate,
          status: flightTrips.status,
          capacity: flightTrips.capacity,
          enrolled: count(
            sql`${flightTripEnrollments.id} is not null and ${flightTripEnrollments.status} != 'opted-out'`,
          ),
          confirmed: count(sql`${flightTripEnrollments.status} = 'confirmed'`),
          paidCents: total(sql`${flightTripEnrollments.amountPaidCents}`),
          refundedCents: total(sql`${flightTripEnrollments.amountRefundedCents}`),
        })
        .from(flightTrips)
        .leftJoin(flightTripEnrollments, eq(flightTripEnrollments.flightTripId, flightTrips.id))
        .where(and(eq(flightTrips.schoolId, scope.schoolId), between(flightTrips.departureDate, from, to)))
        .groupBy(flightTrips.id)
        .orderBy(asc(flightTrips.departureDate), asc(flightTrips.id)),
      db
        .select({
          month: sql<string>`substr(${invoices.issueDate}, 1, 7)`,
          issued: sql<number>`count(*)`.mapWith(Number),
          issuedCents: total(sql`${invoices.amountCents}`),
          paid: count(sql`${invoices.status} = 'paid'`),
          paidCents: total(sql`case when ${invoices.status} = 'paid' then ${invoices.amountCents} else 0 end`),
          pending: count(sql`${invoices.status} = 'pending'`),
          pendingCents: total(sql`case when ${invoices.status} = 'pending' then ${invoices.amountCents} else 0 end`),
          overdue: count(sql`${invoices.status} = 'overdue'`),
          overdueCents: total(sql`case when ${invoices.status} = 'overdue' then ${invoices.amountCents} else 0 end`),
          refunded: count(sql`${invoices.status} = 'refunded'`),
          refundedCents: total(sql`case when ${invoices.status} = 'refunded' then ${invoices.amountCents} else 0 end`),
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.schoolId, scope.schoolId),
            between(invoices.issueDate, from, to),
            ne(invoices.status, "void"),
          ),
        )
        .groupBy(sql`1`)
        .orderBy(sql`1`),
    ]);
  const known = new Set(routeRows.map((row) => row.id));
  return {
    from,
    to,
    routeId: input.routeId !== null && known.has(input.routeId) ? input.routeId : null,
    onTimeMinutes: settings[0]?.onTimeMinutes ?? 0,
    routes: routeRows,
    perRoute,
    perDay,
    lateRuns,
    perStop,
    perChild,
    perBus,
    fieldTrips,
    invoiceMonths,
  };
}
