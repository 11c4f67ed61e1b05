import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  children,
  flightTripEnrollments,
  flightTrips,
  invoices,
  notifications,
  schools,
  trips,
} from "#db/schema/index.ts";
import { PARENT_DASHBOARD_PREVIEWS, RIDE_STATUS_LABELS } from "#shared/parent-dashboard.ts";
import { dayRange, formatTime, localDate, relativeTime, todayIn } from "#shared/school-time.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { NOTIFICATION_COLUMNS } from "../notifications/notifications.ts";
import { CHILD_COLUMNS } from "./children.ts";

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

/** A trip's free text against a child's (route, bus): the same ignoring case and surrounding spaces; a missing one never matches. */
const sameRideText = (trip: SQLiteColumn, child: SQLiteColumn) => sql`lower(trim(${trip})) = lower(trim(${child}))`;

/**
 * The dashboard's six reads, prepared once per database (ADR 0028), every value a placeholder. The
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
  const family = and(eq(children.parentId, P("parentId")), sql`+${children.schoolId} = ${P("schoolId")}`);
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
    rides: db
      .select({
        childId: children.id,
        tripId: trips.id,
        routeName: trips.routeName,
        routeType: trips.routeType,
        busNumber: trips.busNumber,
        departureTime: trips.departureTime,
        arrivalTime: trips.arrivalTime,
        status: trips.status,
      })
      .from(children)
      .innerJoin(
        trips,
        and(
          eq(trips.schoolId, P("schoolId")),
          gte(trips.departureTime, P("dayStart")),
          lt(trips.departureTime, P("dayEnd")),
          sameRideText(trips.routeName, children.busRoute),
          sameRideText(trips.busNumber, children.busNumber),
        ),
      )
      .where(family)
      .orderBy(asc(trips.departureTime), asc(trips.id))
      .prepare(),
  };
});

/**
 * The parent's dashboard (spec "Parent dashboard", plus Today's rides), in one `db.batch`: with the
 * session lookup, two round trips whatever the size of the family, school or history. Everything is
 * the parent's own (their children, their notification copies, invoices addressed to them) within
 * the session's school; trips are the school's, matched to a child by route name and bus number
 * (both ignoring case and surrounding spaces, as trip notifications match the route) on today in the
 * school's time zone: a child on Bus 12 sees Bus 12's rides, never Bus 14's on the same route, and a
 * child without a bus number sees none (which bus they ride is not known yet).
 */
export async function parentDashboard(scope: ParentScope) {
  const { db } = scope.deps;
  const { schoolId, parentId, timeZone, now } = scope;
  const today = todayIn(timeZone, now);
  const day = dayRange(today, timeZone);
  const statements = dashboardStatements(db, "");
  const values = {
    parentId,
    schoolId,
    dayStart: trips.departureTime.mapToDriverValue(day.start),
    dayEnd: trips.departureTime.mapToDriverValue(day.end),
  };
  const [schoolRows, childRows, recent, upcoming, paid, rides] = await batchPrepared(db, [
    [statements.school, values],
    [statements.children, values],
    [statements.recent, values],
    [statements.upcoming, values],
    [statements.paid, values],
    [statements.rides, values],
  ]);
  const school = schoolRows[0];
  return {
    school: school ? { id: school.id, name: school.name } : null,
    timeZone,
    today,
    children: childRows.map((child) => ({
      ...child,
      todaysRides: rides
        .filter((ride) => ride.childId === child.id)
        .map(({ childId: _child, ...ride }) => ({
          ...ride,
          departs: formatTime(ride.departureTime, timeZone),
          arrives: formatTime(ride.arrivalTime, timeZone),
          statusLabel: RIDE_STATUS_LABELS[ride.status],
        })),
    })),
    // Times are text in the school's zone, so the phone loads no time-zone code for them.
    recentNotifications: recent.map((item) => ({ ...item, when: relativeTime(item.createdAt, timeZone, now) })),
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
