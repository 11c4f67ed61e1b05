import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  buses,
  invoices,
  notifications,
  parents,
  reportRuns,
  riders,
  routes,
  schools,
  trips,
} from "#db/schema/index.ts";
import { said } from "#shared/said.ts";
import { todayIn, weekRange } from "#shared/school-time.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { NOTIFICATION_COLUMNS } from "../notifications/notifications.ts";
import { onTimeMinutesOf } from "../routes/settings.ts";
import { TRIP_COLUMNS } from "../trips/trips.ts";

/** The dashboard's previews. */
export const DASHBOARD_PREVIEWS = { upcomingTrips: 3, notifications: 3, unpaidInvoices: 2 } as const;

const P = sql.placeholder;

/** The dashboard's six reads, prepared once per database (ADR 0028), every value (the clock too) a placeholder. */
const dashboardStatements = preparedPerShape((db) => ({
  school: db
    .select({
      id: schools.id,
      name: schools.name,
      code: schools.code,
      timeZone: schools.timeZone,
      plan: schools.plan,
      // Its language card's current value, in the home's one request (issue 30).
      defaultLocale: schools.defaultLocale,
    })
    .from(schools)
    .where(eq(schools.id, P("schoolId")))
    .prepare(),
  /** Buses on an open run now (a fleet bus: the run's, its route's, or a hand-made trip's by number) and the fleet. */
  buses: db
    .select({
      onRun: sql<number>`(select count(distinct coalesce(t.bus_id, r.bus_id,
          (select b.id from ${buses} b where b.school_id = t.school_id and b.number = t.bus_number)))
        from ${trips} t left join ${routes} r on r.id = t.route_id
        where t.school_id = ${P("schoolId")} and t.status != 'cancelled' and (
          (t.started_at is not null and t.ended_at is null) or (t.route_id is null and t.status = 'in-progress')))`.mapWith(
        Number,
      ),
      fleet: count(),
    })
    .from(buses)
    .where(eq(buses.schoolId, P("schoolId")))
    .prepare(),
  /** Completed runs, and those that reached their last stop within the school's threshold (the rollups, ADR 0071). */
  onTime: db
    .select({
      completed: count(),
      onTime:
        sql<number>`coalesce(sum(case when ${reportRuns.lateSeconds} <= ${onTimeMinutesOf(P("schoolId"))} * 60 then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(reportRuns)
    .where(and(eq(reportRuns.schoolId, P("schoolId")), eq(reportRuns.status, "completed")))
    .prepare(),
  /** Routes with a run (not cancelled) this week, and the children assigned to a route today or later. */
  routesAndRiders: db
    .select({
      routes: sql<number>`(select count(distinct ${trips.routeId}) from ${trips}
        where ${trips.schoolId} = ${P("schoolId")} and ${trips.routeId} is not null and ${trips.status} != 'cancelled'
          and ${trips.serviceDate} between ${P("weekFrom")} and ${P("weekTo")})`.mapWith(Number),
      riders: sql<number>`(select count(distinct ${riders.childId}) from ${riders}
        where ${riders.schoolId} = ${P("schoolId")} and (${riders.toDate} is null or ${riders.toDate} >= ${P("today")}))`.mapWith(
        Number,
      ),
    })
    .from(schools)
    .where(eq(schools.id, P("schoolId")))
    .prepare(),
  upcoming: db
    .select(TRIP_COLUMNS)
    .from(trips)
    .where(and(eq(trips.schoolId, P("schoolId")), eq(trips.status, "scheduled"), gt(trips.departureTime, P("now"))))
    .orderBy(asc(trips.departureTime), asc(trips.id))
    .limit(DASHBOARD_PREVIEWS.upcomingTrips)
    .prepare(),
  alerts: db
    .select(NOTIFICATION_COLUMNS)
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientRole, P("role")),
        eq(notifications.recipientId, P("userId")),
        eq(notifications.schoolId, P("schoolId")),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(DASHBOARD_PREVIEWS.notifications)
    .prepare(),
  unpaid: db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      description: invoices.description,
      amountCents: invoices.amountCents,
      dueDate: invoices.dueDate,
      status: invoices.status,
      recipientName: parents.name,
    })
    .from(invoices)
    .leftJoin(parents, eq(parents.id, invoices.recipientId))
    .where(and(eq(invoices.schoolId, P("schoolId")), inArray(invoices.status, ["pending", "overdue"])))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(DASHBOARD_PREVIEWS.unpaidInvoices)
    .prepare(),
  parents: db
    .select({ total: count() })
    .from(parents)
    .where(and(eq(parents.schoolId, P("schoolId")), eq(parents.isActive, true)))
    .prepare(),
}));

/**
 * The school admin dashboard: the school, the four cards, upcoming trips, alerts and unpaid invoices,
 * all in one `db.batch` (one round trip). The cards keep the spec's labels with true figures
 * (docs/spec-departures.md): Active Buses = fleet buses on an open run now / buses in the fleet;
 * On-time Rate = completed runs that reached their last stop within the school's threshold /
 * completed runs (null before the first); Active Routes = routes with a run this week; Total
 * Students = distinct children assigned to a route (today or later).
 */
export async function schoolDashboard(scope: SchoolScope) {
  const { db } = scope.deps;
  const { schoolId, now } = scope;
  const statements = dashboardStatements(db, "");
  const today = todayIn(scope.timeZone, now);
  const week = weekRange(today, scope.timeZone);
  const values = {
    schoolId,
    now: trips.departureTime.mapToDriverValue(now),
    role: scope.actor.role,
    userId: scope.actor.id,
    today,
    weekFrom: week.from,
    weekTo: week.to,
  };
  const [schoolRows, busRows, onTimeRows, routeRows, upcoming, alerts, unpaid, parentRows] = await batchPrepared(db, [
    [statements.school, values],
    [statements.buses, values],
    [statements.onTime, values],
    [statements.routesAndRiders, values],
    [statements.upcoming, values],
    [statements.alerts, values],
    [statements.unpaid, values],
    [statements.parents, values],
  ]);
  const school = schoolRows[0];
  if (!school) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  const fleet = busRows[0] ?? { onRun: 0, fleet: 0 };
  const runs = onTimeRows[0] ?? { completed: 0, onTime: 0 };
  const completed = Number(runs.completed);
  return {
    school,
    today: todayIn(school.timeZone, now),
    cards: {
      activeBuses: { inProgress: Number(fleet.onRun), total: Number(fleet.fleet) },
      onTimeRate: completed === 0 ? null : Math.round((Number(runs.onTime) / completed) * 100),
      activeRoutes: Number(routeRows[0]?.routes ?? 0),
      totalStudents: Number(routeRows[0]?.riders ?? 0),
    },
    upcomingTrips: upcoming,
    alerts,
    unpaidInvoices: unpaid,
    activeParents: parentRows[0]?.total ?? 0,
  };
}
