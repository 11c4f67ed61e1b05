import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { z } from "zod";
import { children, flightTripEnrollments, flightTrips, payments } from "#db/schema/index.ts";
import {
  type EnrollmentMoney,
  type EnrollmentPaymentStatus,
  type EnrollmentStatus,
  enrollmentClosesAt,
  enrollmentStanding,
  FLIGHT_TRIP_MESSAGES as M,
  NOT_ENROLLED_LABEL,
  nextPaymentCents,
  SEAT_HOLDING_STATUSES,
} from "#shared/flight-trip-texts.ts";
import type { enrollmentIdInput } from "#shared/flight-trips.ts";
import { formatPhone } from "#shared/phone.ts";
import { shiftDate, todayIn } from "#shared/school-time.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { familyChildColumn, familyOf, guardedBy } from "../family/guardianship.ts";
import { TRIP_COLUMNS } from "./columns.ts";

/** The parent's Flight Trips page: one batch (one round trip), whatever the number of trips and children. */

/** How many trips the page shows (a school offers a handful a year). */
export const PARENT_TRIP_LIMIT = 100;

const ENROLLMENT_COLUMNS = {
  id: flightTripEnrollments.id,
  flightTripId: flightTripEnrollments.flightTripId,
  childId: flightTripEnrollments.childId,
  parentId: flightTripEnrollments.parentId,
  status: flightTripEnrollments.status,
  paymentStatus: flightTripEnrollments.paymentStatus,
  amountPaidCents: flightTripEnrollments.amountPaidCents,
  amountRefundedCents: flightTripEnrollments.amountRefundedCents,
  refundPendingCents: flightTripEnrollments.refundPendingCents,
};

type TripRow = Pick<typeof flightTrips.$inferSelect, keyof typeof TRIP_COLUMNS>;
type EnrollmentRow = Pick<typeof flightTripEnrollments.$inferSelect, keyof typeof ENROLLMENT_COLUMNS>;

export type ChildEnrollment = {
  childId: string;
  childName: string;
  /** Confirmed / Pending / Opted Out, or Not Enrolled (no enrolment). */
  label: string;
  enrollment: {
    id: string;
    status: EnrollmentStatus;
    paymentStatus: EnrollmentPaymentStatus;
    /** How its money stands (enrollmentStanding): what the badge says. */
    money: EnrollmentMoney;
    amountPaidCents: number;
    amountRefundedCents: number;
    refundPendingCents: number;
    nextPaymentCents: number;
    canPay: boolean;
    canOptOut: boolean;
  } | null;
  canEnroll: boolean;
};

/** What a trip offers a parent right now, and each of their children's state on it. */
function tripView(
  scope: ParentScope,
  trip: TripRow,
  seatsTaken: number,
  family: { id: string; name: string }[],
  mine: EnrollmentRow[],
) {
  const closesAt = enrollmentClosesAt(trip.enrollmentDeadline, scope.timeZone);
  const open = trip.status === "scheduled" && scope.now.getTime() < closesAt.getTime();
  const seatsLeft = trip.capacity === null ? null : Math.max(0, trip.capacity - seatsTaken);
  const children: ChildEnrollment[] = family.map((child) => {
    const row = mine.find((enrollment) => enrollment.childId === child.id);
    const holdsSeat = row !== undefined && row.status !== "opted-out";
    const standing = row ? enrollmentStanding(trip, row) : null;
    // Nothing is owed on an enrolment that is over (opted out, or the trip cancelled).
    const next = row && !standing?.over ? nextPaymentCents(trip, row.amountPaidCents) : 0;
    return {
      childId: child.id,
      childName: child.name,
      label: standing ? standing.label : NOT_ENROLLED_LABEL,
      enrollment: row
        ? {
            id: row.id,
            status: row.status,
            paymentStatus: row.paymentStatus,
            money: standing!.money,
            amountPaidCents: row.amountPaidCents,
            amountRefundedCents: row.amountRefundedCents,
            refundPendingCents: row.refundPendingCents,
            nextPaymentCents: next,
            // The guardian who enrolled pays (Checkout is theirs, `ownEnrollment(…, "payer")`); another sees the state.
            canPay: holdsSeat && next > 0 && trip.status !== "cancelled" && row.parentId === scope.parentId,
            canOptOut: holdsSeat && open,
          }
        : null,
      canEnroll: !holdsSeat && open && seatsLeft !== 0,
    };
  });
  return { ...trip, enrollmentOpen: open, closesAt, seatsLeft, children };
}

const P = sql.placeholder;

/** The list's three reads, prepared once per database (ADR 0028), every value a placeholder. */
const parentListStatements = preparedPerShape((db) => {
  // Qualified by hand: Drizzle leaves a one-table select's columns unqualified, which the subquery would capture.
  const seats = sql<number>`(select count(*) from ${flightTripEnrollments} as seat where seat.flight_trip_id = ${flightTrips}.id and seat.status in ${SEAT_HOLDING_STATUSES})`;
  return {
    trips: db
      .select({ ...TRIP_COLUMNS, seatsTaken: seats })
      .from(flightTrips)
      .where(and(eq(flightTrips.schoolId, P("schoolId")), gte(flightTrips.returnDate, P("from"))))
      .orderBy(asc(flightTrips.departureDate), asc(flightTrips.departureTime), asc(flightTrips.id))
      .limit(PARENT_TRIP_LIMIT)
      .prepare(),
    family: db
      // The health notes prefill Enroll Now's medical information (still editable per trip).
      .select({
        id: children.id,
        name: children.name,
        allergyInfo: children.allergyInfo,
        specialNeeds: children.specialNeeds,
      })
      .from(children)
      .where(and(guardedBy(children.id, P("parentId"), P("schoolId")), eq(children.schoolId, P("schoolId"))))
      .orderBy(asc(children.name))
      .prepare(),
    mine: db
      .select(ENROLLMENT_COLUMNS)
      .from(flightTripEnrollments)
      // The enrolments of the children the parent guards, whichever guardian enrolled (ADR 0053).
      .where(
        and(
          guardedBy(flightTripEnrollments.childId, P("parentId"), P("schoolId")),
          eq(flightTripEnrollments.schoolId, P("schoolId")),
        ),
      )
      .prepare(),
  };
});

/**
 * `parent.flightTrips.list`: the school's trips that have not ended yet (cancelled ones too, with
 * their badge), soonest first, and for each of the parent's children its status on the trip.
 */
export async function listParentFlightTrips(scope: ParentScope) {
  const { db } = scope.deps;
  // Trips whose return day has not passed in the school's zone (the day before today's, for a late return).
  const from = shiftDate(todayIn(scope.timeZone, scope.now), -1);
  const statements = parentListStatements(db, "");
  const values = {
    schoolId: scope.schoolId,
    parentId: scope.parentId,
    from: flightTrips.returnDate.mapToDriverValue(from),
  };
  const [trips, family, mine] = await batchPrepared(db, [
    [statements.trips, values],
    [statements.family, values],
    [statements.mine, values],
  ]);
  return {
    timeZone: scope.timeZone,
    children: family,
    trips: trips.map(({ seatsTaken, ...trip }) =>
      tripView(
        scope,
        trip,
        seatsTaken,
        family,
        mine.filter((enrollment) => enrollment.flightTripId === trip.id),
      ),
    ),
  };
}

/** `parent.flightTrips.details` (View Details): the trip and the enrolment of one of the parent's children (either guardian), with its payments. */
export async function parentEnrollmentDetails(scope: ParentScope, input: z.infer<typeof enrollmentIdInput>) {
  const { db } = scope.deps;
  const own = and(
    eq(flightTripEnrollments.id, input.enrollmentId),
    eq(flightTripEnrollments.schoolId, scope.schoolId),
    familyChildColumn(scope, flightTripEnrollments.childId),
  );
  const [rows, paid] = await db.batch([
    db
      .select({
        trip: TRIP_COLUMNS,
        enrollment: {
          id: flightTripEnrollments.id,
          status: flightTripEnrollments.status,
          paymentStatus: flightTripEnrollments.paymentStatus,
          amountPaidCents: flightTripEnrollments.amountPaidCents,
          amountRefundedCents: flightTripEnrollments.amountRefundedCents,
          refundPendingCents: flightTripEnrollments.refundPendingCents,
          emergencyContact: flightTripEnrollments.emergencyContact,
          emergencyPhone: flightTripEnrollments.emergencyPhone,
          medicalInfo: flightTripEnrollments.medicalInfo,
          dietaryRestrictions: flightTripEnrollments.dietaryRestrictions,
          termsAcceptedAt: flightTripEnrollments.termsAcceptedAt,
          optedOutAt: flightTripEnrollments.optedOutAt,
        },
        child: { id: children.id, name: children.name, grade: children.grade },
      })
      .from(flightTripEnrollments)
      .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
      .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
      .where(and(own, familyOf(scope))),
    db
      .select({
        id: payments.id,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        status: payments.status,
        paidAt: payments.paidAt,
        refundedAt: payments.refundedAt,
      })
      .from(payments)
      .innerJoin(flightTripEnrollments, eq(flightTripEnrollments.id, payments.enrollmentId))
      .where(and(own, sql`${payments.status} in ('succeeded', 'refunded')`))
      .orderBy(desc(payments.createdAt)),
  ]);
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", M.enrollmentNotFound);
  const standing = enrollmentStanding(row.trip, row.enrollment);
  return {
    ...row,
    enrollment: {
      ...row.enrollment,
      emergencyPhone: formatPhone(row.enrollment.emergencyPhone, scope.phoneRegion) ?? "",
    },
    standing,
    timeZone: scope.timeZone,
    closesAt: enrollmentClosesAt(row.trip.enrollmentDeadline, scope.timeZone),
    nextPaymentCents: standing.over ? 0 : nextPaymentCents(row.trip, row.enrollment.amountPaidCents),
    payments: paid,
  };
}
