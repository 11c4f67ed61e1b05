import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { invoices, notifications, parents, schools, trips } from "#db/schema/index.ts";
import { todayIn } from "#shared/school-time.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { NOTIFICATION_COLUMNS } from "../notifications/notifications.ts";
import { TRIP_COLUMNS } from "../trips/trips.ts";

/** Spec §9: the dashboard's previews. */
export const DASHBOARD_PREVIEWS = { upcomingTrips: 3, notifications: 3, unpaidInvoices: 2 } as const;

const P = sql.placeholder;

/** The dashboard's six reads, prepared once per database (ADR 0028), every value (the clock too) a placeholder. */
const dashboardStatements = preparedPerShape((db) => ({
  school: db
    .select({ id: schools.id, name: schools.name, code: schools.code, timeZone: schools.timeZone, plan: schools.plan })
    .from(schools)
    .where(eq(schools.id, P("schoolId")))
    .prepare(),
  tripStats: db
    .select({
      total: count(),
      inProgress: sql<number>`coalesce(sum(case when ${trips.status} = 'in-progress' then 1 else 0 end), 0)`,
      completed: sql<number>`coalesce(sum(case when ${trips.status} = 'completed' then 1 else 0 end), 0)`,
      routes: sql<number>`count(distinct ${trips.routeName})`,
      students: sql<number>`coalesce(sum(${trips.studentsCount}), 0)`,
    })
    .from(trips)
    .where(eq(trips.schoolId, P("schoolId")))
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
 * The school admin dashboard (spec): the school, the four cards, upcoming trips, alerts and unpaid
 * invoices, all in one `db.batch` (one round trip). The cards follow the spec's formulas over all of
 * the school's trips: Active Buses = in progress out of all, On-time Rate = completed / all rounded.
 */
export async function schoolDashboard(scope: SchoolScope) {
  const { db } = scope.deps;
  const { schoolId, now } = scope;
  const statements = dashboardStatements(db, "");
  const values = {
    schoolId,
    now: trips.departureTime.mapToDriverValue(now),
    role: scope.actor.role,
    userId: scope.actor.id,
  };
  const [schoolRows, tripStats, upcoming, alerts, unpaid, parentRows] = await batchPrepared(db, [
    [statements.school, values],
    [statements.tripStats, values],
    [statements.upcoming, values],
    [statements.alerts, values],
    [statements.unpaid, values],
    [statements.parents, values],
  ]);
  const school = schoolRows[0];
  if (!school) throw new AppError("NOT_FOUND", "School not found");
  const stats = tripStats[0] ?? { total: 0, inProgress: 0, completed: 0, routes: 0, students: 0 };
  const total = Number(stats.total);
  return {
    school,
    today: todayIn(school.timeZone, now),
    cards: {
      activeBuses: { inProgress: Number(stats.inProgress), total },
      onTimeRate: total === 0 ? 0 : Math.round((Number(stats.completed) / total) * 100),
      activeRoutes: Number(stats.routes),
      totalStudents: Number(stats.students),
    },
    upcomingTrips: upcoming,
    alerts,
    unpaidInvoices: unpaid,
    activeParents: parentRows[0]?.total ?? 0,
  };
}
