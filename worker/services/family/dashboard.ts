import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { children, flightTripEnrollments, flightTrips, invoices, notifications, schools } from "#db/schema/index.ts";
import type { Locale } from "#shared/locales.ts";
import { PARENT_DASHBOARD_PREVIEWS, RIDE_STATUS_LABELS } from "#shared/parent-dashboard.ts";
import { formatTime, localDate, relativeTime } from "#shared/school-time.ts";
import { i18nFor } from "../../i18n/texts.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { NOTIFICATION_COLUMNS } from "../notifications/notifications.ts";
import { rideLookupQueries, rideLookupResult } from "../routes/rides.ts";
import { CHILD_COLUMNS } from "./children.ts";
import { guardedBy } from "./guardianship.ts";

const PAYMENT_COLUMNS = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  description: invoices.description,
  amountCents: invoices.amountCents,
  dueDate: invoices.dueDate,
  status: invoices.status,
  paidAt: invoices.paidAt,
};

/** A child card shows no health or emergency details (My Children does). */
const { allergyInfo: _allergies, specialNeeds: _needs, emergencyContact: _contact, ...CARD_COLUMNS } = CHILD_COLUMNS;

/** Statuses a parent still has to pay (the Upcoming Payment and the tile). */
const UNPAID = ["pending", "overdue"] as const;

const P = sql.placeholder;

/**
 * The dashboard's five reads, prepared once per database (ADR 0028), every value a placeholder. The
 * school is checked on every row, but never used to find them (the unary `+`): a school's
 * notifications, invoices and children grow with the school; a family's rows are few.
 */
const dashboardStatements = preparedPerShape((db) => {
  const own = and(eq(invoices.recipientId, P("parentId")), sql`+${invoices.schoolId} = ${P("schoolId")}`);
  const mine = and(
    eq(notifications.recipientRole, "parent"),
    eq(notifications.recipientId, P("parentId")),
    sql`+${notifications.schoolId} = ${P("schoolId")}`,
  );
  // The children the parent guards (ADR 0053), through the guardians' parent index.
  const family = and(
    guardedBy(children.id, P("parentId"), P("schoolId")),
    sql`+${children.schoolId} = ${P("schoolId")}`,
  );
  return {
    // The school, with the tiles' counts as subqueries (each through its owner's index).
    school: db
      .select({
        id: schools.id,
        name: schools.name,
        unreadNotifications: sql<number>`(${db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, eq(notifications.read, false)))})`,
        unpaidInvoices: sql<number>`(${db
          .select({ n: count() })
          .from(invoices)
          .where(and(own, inArray(invoices.status, UNPAID)))})`,
        flightTripEnrollments: sql<number>`(${db
          .select({ n: count() })
          .from(flightTripEnrollments)
          .where(
            and(
              eq(flightTripEnrollments.parentId, P("parentId")),
              sql`+${flightTripEnrollments.schoolId} = ${P("schoolId")}`,
              ne(flightTripEnrollments.status, "opted-out"),
              // A cancelled trip's enrolment is not one the child is on.
              sql`not exists (select 1 from ${flightTrips} as cancelled where cancelled.id = ${flightTripEnrollments.flightTripId} and cancelled.status = 'cancelled')`,
            ),
          )})`,
      })
      .from(schools)
      .where(eq(schools.id, P("schoolId")))
      .prepare(),
    children: db
      .select(CARD_COLUMNS)
      .from(children)
      .where(family)
      .orderBy(asc(children.name), asc(children.id))
      .prepare(),
    recent: db
      .select(NOTIFICATION_COLUMNS)
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(PARENT_DASHBOARD_PREVIEWS.notifications)
      .prepare(),
    upcoming: db
      .select(PAYMENT_COLUMNS)
      .from(invoices)
      .where(and(own, inArray(invoices.status, UNPAID)))
      .orderBy(asc(invoices.dueDate), asc(invoices.id))
      .limit(1)
      .prepare(),
    paid: db
      .select(PAYMENT_COLUMNS)
      .from(invoices)
      .where(and(own, eq(invoices.status, "paid")))
      .orderBy(desc(invoices.paidAt), desc(invoices.id))
      .limit(PARENT_DASHBOARD_PREVIEWS.recentPayments)
      .prepare(),
  };
});

/**
 * The parent's dashboard (spec "Parent dashboard", plus Today's rides), in one `db.batch`: with the
 * session lookup, two round trips whatever the size of the family, school or history. Everything is
 * the parent's own (their children, their notification copies, invoices addressed to them) within
 * the session's school. A child's rides are the school's assignment (ADR 0046): the pickup and
 * drop-off stops, times and bus, the days marked not riding, and today's runs of the child's routes
 * on a day the child rides (the ride lookup's reads, sent in this batch). Its times are text in the
 * reader's language (`locale`, the request's).
 */
export async function parentDashboard(scope: ParentScope, locale: Locale) {
  const { db } = scope.deps;
  const { schoolId, parentId, timeZone, now } = scope;
  const statements = dashboardStatements(db, "");
  const values = { parentId, schoolId };
  const [assigned, runs, absent, cutoff] = rideLookupQueries(scope);
  const [schoolRows, childRows, recent, upcoming, paid, ...lookupRows] = await batchPrepared(db, [
    [statements.school, values],
    [statements.children, values],
    [statements.recent, values],
    [statements.upcoming, values],
    [statements.paid, values],
    [assigned.prepare(), {}],
    [runs.prepare(), {}],
    [absent.prepare(), {}],
    [cutoff.prepare(), {}],
  ]);
  const lookup = rideLookupResult(scope, lookupRows);
  const school = schoolRows[0];
  return {
    school: school ? { id: school.id, name: school.name } : null,
    timeZone,
    today: lookup.today,
    cutoffMinutes: lookup.cutoffMinutes,
    children: childRows.map((child) => {
      const kid = lookup.children.find((row) => row.id === child.id);
      const rides = kid?.rides ?? [];
      return {
        ...child,
        rides: rides.map(({ today: _today, ...ride }) => ride),
        notRiding: kid?.notRiding ?? [],
        todaysRides: rides
          .flatMap((ride) => (ride.today ? [ride.today] : []))
          .sort((a, b) => a.departureTime.getTime() - b.departureTime.getTime())
          .map(({ id, routeId: _route, ...run }) => ({
            tripId: id,
            ...run,
            departs: formatTime(run.departureTime, timeZone, locale),
            arrives: formatTime(run.arrivalTime, timeZone, locale),
            statusLabel: RIDE_STATUS_LABELS[run.status],
          })),
      };
    }),
    // Times are text in the school's zone, so the phone loads no time-zone code for them.
    recentNotifications: recent.map((item) => ({
      ...item,
      when: relativeTime(item.createdAt, timeZone, now, i18nFor(locale)),
    })),
    payments: {
      upcoming: upcoming[0] ?? null,
      recent: paid.map((invoice) => ({
        ...invoice,
        paidOn: invoice.paidAt ? localDate(invoice.paidAt, timeZone) : null,
      })),
    },
    tiles: {
      children: childRows.length,
      unreadNotifications: Number(school?.unreadNotifications ?? 0),
      unpaidInvoices: Number(school?.unpaidInvoices ?? 0),
      flightTripEnrollments: Number(school?.flightTripEnrollments ?? 0),
    },
  };
}
