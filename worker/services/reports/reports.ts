import { and, asc, between, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import {
  children,
  flightTripEnrollments,
  flightTrips,
  invoices,
  reportAbsences,
  reportRunStops,
  reportRuns,
  routes,
  schools,
} from "#db/schema/index.ts";
import type { reportsInput } from "#shared/report-inputs.ts";
import { REPORT_LIMITS } from "#shared/report-texts.ts";
import { shiftDate, todayIn } from "#shared/school-time.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { onTimeMinutesOf } from "../routes/settings.ts";

const count = (condition: SQL) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);
const total = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * The school admin's reports for a range of school-local days and a route (ADR 0071), in one
 * round trip: every figure of the runs comes from the rollups (`report_runs`, `report_run_stops`,
 * `report_absences`, kept by triggers as runs close), never from the attendance rows; field trips
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
          stopId: reportRunStops.stopId,
          stopName: sql<string>`max(${reportRunStops.stopName})`,
          routeId: reportRunStops.routeId,
          runs: sql<number>`count(*)`.mapWith(Number),
          boarded: total(sql`${reportRunStops.boarded}`),
          absent: total(sql`${reportRunStops.absent}`),
          dropped: total(sql`${reportRunStops.dropped}`),
        })
        .from(reportRunStops)
        .where(
          and(
            eq(reportRunStops.schoolId, scope.schoolId),
            between(reportRunStops.serviceDate, from, to),
            route(reportRunStops.routeId),
          ),
        )
        .groupBy(reportRunStops.stopId)
        .orderBy(sql`2`, asc(reportRunStops.stopId)),
      db
        .select({
          childId: reportAbsences.childId,
          childName: sql<string>`coalesce(max(${children.name}), '—')`,
          absences: sql<number>`count(*)`.mapWith(Number),
          lastAbsent: sql<string>`max(${reportAbsences.serviceDate})`,
        })
        .from(reportAbsences)
        .leftJoin(children, and(eq(children.id, reportAbsences.childId), eq(children.schoolId, scope.schoolId)))
        .where(
          and(
            eq(reportAbsences.schoolId, scope.schoolId),
            between(reportAbsences.serviceDate, from, to),
            route(reportAbsences.routeId),
          ),
        )
        .groupBy(reportAbsences.childId)
        .orderBy(desc(sql`3`), sql`2`, asc(reportAbsences.childId)),
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
