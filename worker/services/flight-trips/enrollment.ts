import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { insertWhere } from "#db/conditional.ts";
import { children, flightTripEnrollments, flightTrips, payments, schools } from "#db/schema/index.ts";
import {
  ENROLLMENT_MESSAGES,
  type EnrollmentStatus,
  enrollmentOpen,
  FLIGHT_TRIP_MESSAGES as M,
  nextPaymentCents,
  SEAT_HOLDING_STATUSES,
} from "#shared/flight-trip-texts.ts";
import type { enrollInput, enrollmentIdInput } from "#shared/flight-trips.ts";
import { formatMoney } from "#shared/money.ts";
import { checkedPhone } from "../_shared/phone.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { familyOf, ownChild } from "../family/guardianship.ts";
import { MONEY_NOTICES, notifySchoolAdmins } from "../notifications/school-admins.ts";
import {
  assertCanCharge,
  CHECKOUT_LIMIT,
  type CheckoutItem,
  expireOpenCheckouts,
  PAYING_SCHOOL_COLUMNS,
  startPayableCheckout,
  takeCheckoutSlot,
} from "../payments/checkout.ts";
import { settlePayables } from "../payments/settle.ts";
import { FLIGHT_TRIP_REFUSALS } from "../refusal-texts.ts";
import { enrollmentPaymentRecompute } from "./payment-events.ts";

/**
 * A parent enrols their child in a field trip, pays for it (deposit, then balance; or the full
 * cost) through Checkout, and may opt out before the deadline with a full refund (ADR 0030).
 */

type Trip = { id: string; title: string; costPerStudentCents: number; depositCents: number | null };

/** What enrolling, paying and opting out read of a trip: its state, cost, deposit and deadline. */
const TRIP_TERMS = {
  id: flightTrips.id,
  title: flightTrips.title,
  status: flightTrips.status,
  costPerStudentCents: flightTrips.costPerStudentCents,
  depositCents: flightTrips.depositCents,
  enrollmentDeadline: flightTrips.enrollmentDeadline,
};

/**
 * The guard of an audit row right after a guarded write in the same batch: true when that write
 * changed a row (SQLite's `changes()` is the previous statement's count; a batch runs on one
 * connection, in order). Unlike a timestamp claim, it cannot be matched by a concurrent request.
 */
const previousStatementWrote = sql`changes() = 1`;

/** Seats taken on a trip: its enrolments that hold one (pending or confirmed). */
const seatsTaken = (tripId: string) =>
  sql`(select count(*) from ${flightTripEnrollments} where ${flightTripEnrollments.flightTripId} = ${tripId} and ${flightTripEnrollments.status} in ${SEAT_HOLDING_STATUSES})`;

/** The trip still takes enrolments and has a seat left, when the statement runs (capacity by one conditional write). */
const seatAvailable = (tripId: string, schoolId: string) =>
  sql`exists (select 1 from ${flightTrips} where ${flightTrips.id} = ${tripId} and ${flightTrips.schoolId} = ${schoolId} and ${flightTrips.status} = 'scheduled'
      and (${flightTrips.capacity} is null or ${seatsTaken(tripId)} < ${flightTrips.capacity}))`;

function paymentDescription(trip: Trip, childName: string, amountPaidCents: number): string {
  const part = trip.depositCents === null ? "full cost" : amountPaidCents === 0 ? "deposit" : "balance";
  return `${trip.title}: ${childName} (${part})`;
}

/** A Checkout of what this enrolment owes next, for the parent. */
function checkout(
  scope: ParentScope,
  trip: Trip,
  enrollment: { id: string; amountPaidCents: number },
  childName: string,
  school: Parameters<typeof startPayableCheckout>[2],
) {
  const payable: CheckoutItem = {
    kind: "enrollment",
    id: enrollment.id,
    schoolId: scope.schoolId,
    parentId: scope.parentId,
    amountCents: nextPaymentCents(trip, enrollment.amountPaidCents),
    description: paymentDescription(trip, childName, enrollment.amountPaidCents),
  };
  return startPayableCheckout(scope, payable, school, scope.actor.email);
}

export type EnrollResult = { enrollmentId: string; url: string | null };

/**
 * `parent.flightTrips.enroll`: the child must be this parent's and the trip this school's,
 * scheduled, before its deadline (the school's zone), not already holding a seat, and a seat must
 * be left (ONE conditional write, so concurrent enrolments never exceed the capacity). An opted-out
 * enrolment is re-activated. Then Checkout for the deposit or the full cost; a free trip confirms at once.
 */
export async function enroll(scope: ParentScope, input: z.infer<typeof enrollInput>): Promise<EnrollResult> {
  const { deps, now } = scope;
  const { db } = deps;
  const form = input.enrollment;
  const emergencyPhone = checkedPhone(scope.phoneRegion, form.emergencyPhone, M.emergencyPhone);
  await takeCheckoutSlot(scope);
  const [childRows, tripRows, existingRows] = await db.batch([
    db.select({ id: children.id, name: children.name }).from(children).where(
      // Either guardian may enrol the child; the enrolling parent pays (ADR 0053).
      ownChild(scope, form.childId),
    ),
    db
      .select({
        trip: { ...TRIP_TERMS, capacity: flightTrips.capacity },
        school: PAYING_SCHOOL_COLUMNS,
      })
      .from(flightTrips)
      .innerJoin(schools, eq(schools.id, flightTrips.schoolId))
      .where(and(eq(flightTrips.id, input.tripId), eq(flightTrips.schoolId, scope.schoolId))),
    db
      .select({
        id: flightTripEnrollments.id,
        status: flightTripEnrollments.status,
        amountPaidCents: flightTripEnrollments.amountPaidCents,
      })
      .from(flightTripEnrollments)
      .where(
        and(
          eq(flightTripEnrollments.flightTripId, input.tripId),
          eq(flightTripEnrollments.childId, form.childId),
          eq(flightTripEnrollments.schoolId, scope.schoolId),
        ),
      ),
  ]);
  const child = childRows[0];
  const found = tripRows[0];
  // AZ2: another family's child or another school's trip is simply not found.
  if (!child) throw new AppError("NOT_FOUND", M.childNotFound);
  if (!found) throw new AppError("NOT_FOUND", M.tripNotFound);
  const { trip, school } = found;
  if (trip.status !== "scheduled") throw new AppError("PRECONDITION_FAILED", M.notOpen);
  if (!enrollmentOpen(trip.enrollmentDeadline, scope.timeZone, now))
    throw new AppError("PRECONDITION_FAILED", FLIGHT_TRIP_REFUSALS.closed(trip.enrollmentDeadline));
  const existing = existingRows[0];
  if (existing && existing.status !== "opted-out") throw new AppError("CONFLICT", M.alreadyEnrolled);
  const amountPaidCents = existing?.amountPaidCents ?? 0;
  const owed = nextPaymentCents(trip, amountPaidCents);
  // Refuse before writing anything when the school cannot be paid (no seat is taken for nothing).
  if (owed > 0) assertCanCharge(school, owed);

  const free = trip.costPerStudentCents === 0;
  const status: EnrollmentStatus = free ? "confirmed" : "pending";
  const details = {
    emergencyContact: form.emergencyContact,
    emergencyPhone,
    medicalInfo: form.medicalInfo,
    dietaryRestrictions: form.dietaryRestrictions,
    termsAcceptedAt: now,
    termsAcceptedBy: scope.actor.id,
    status,
    paymentStatus: free ? ("paid" as const) : ("pending" as const),
    updatedAt: now,
  };
  const enrollmentId = existing?.id ?? crypto.randomUUID();
  const write = existing
    ? db
        .update(flightTripEnrollments)
        .set({ ...details, parentId: scope.parentId, optedOutAt: null, reminderSentAt: null, paymentStatus: undefined })
        .where(
          and(
            eq(flightTripEnrollments.id, existing.id),
            eq(flightTripEnrollments.status, "opted-out"),
            seatAvailable(trip.id, scope.schoolId),
          ),
        )
    : insertWhere(
        db,
        flightTripEnrollments,
        {
          id: enrollmentId,
          schoolId: scope.schoolId,
          flightTripId: trip.id,
          childId: child.id,
          parentId: scope.parentId,
          createdAt: now,
          ...details,
        },
        and(
          seatAvailable(trip.id, scope.schoolId),
          sql`not exists (select 1 from ${flightTripEnrollments} where ${flightTripEnrollments.flightTripId} = ${trip.id} and ${flightTripEnrollments.childId} = ${child.id})`,
        ) as SQL,
      );
  const [result] = await db.batch([
    write,
    auditInsert(
      db,
      {
        eventType: existing ? "enrollment_reactivated" : "enrollment_created",
        description: `${child.name} enrolled in ${trip.title}`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: {
          enrollment_id: enrollmentId,
          flight_trip_id: trip.id,
          child_id: child.id,
          terms_accepted_by: scope.actor.id,
          cost_cents: trip.costPerStudentCents,
        },
        at: now,
      },
      scope.meta,
      previousStatementWrote,
    ),
    // The school's admins are told, once: only after the audit row the enrolment's write made (issue 25).
    notifySchoolAdmins(db, {
      schoolId: scope.schoolId,
      content: MONEY_NOTICES.enrolled({ parentName: scope.actor.name, childName: child.name, tripTitle: trip.title }),
      at: now,
      onlyIf: previousStatementWrote,
    }),
    // A re-activated enrolment may still hold a payment whose refund has not come through.
    enrollmentPaymentRecompute(db, enrollmentId, now),
  ]);
  if (result.rowsAffected !== 1) {
    // Lost a race: the last seat went, the child was enrolled by another tab, or the trip changed.
    throw trip.capacity === null ? new AppError("CONFLICT", M.alreadyEnrolled) : new AppError("CONFLICT", M.full);
  }
  if (free || owed === 0) return { enrollmentId, url: null };
  const { url } = await checkout(scope, trip, { id: enrollmentId, amountPaidCents }, child.name, school);
  return { enrollmentId, url };
}

/**
 * An enrolment of one of the parent's children with its trip and school (any other id is not
 * found). `payer`: only the parent who enrolled, who pays (their Checkout, their receipts); a
 * `guardian` of the child may opt it out (what was paid goes back to the card it came from).
 */
async function ownEnrollment(scope: ParentScope, enrollmentId: string, who: "payer" | "guardian") {
  const [row] = await scope.deps.db
    .select({
      enrollment: {
        id: flightTripEnrollments.id,
        status: flightTripEnrollments.status,
        amountPaidCents: flightTripEnrollments.amountPaidCents,
      },
      childName: children.name,
      trip: TRIP_TERMS,
      school: PAYING_SCHOOL_COLUMNS,
    })
    .from(flightTripEnrollments)
    .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
    .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
    .innerJoin(schools, eq(schools.id, flightTripEnrollments.schoolId))
    .where(
      and(
        eq(flightTripEnrollments.id, enrollmentId),
        who === "payer" ? eq(flightTripEnrollments.parentId, scope.parentId) : undefined,
        eq(flightTripEnrollments.schoolId, scope.schoolId),
        familyOf(scope),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND", M.enrollmentNotFound);
  return row;
}

/** `parent.flightTrips.pay` (Make Payment): Checkout for what is left (the deposit if nothing is paid yet, else the balance). */
export async function payEnrollment(
  scope: ParentScope,
  input: z.infer<typeof enrollmentIdInput>,
): Promise<{ url: string }> {
  await takeCheckoutSlot(scope);
  const { enrollment, trip, school, childName } = await ownEnrollment(scope, input.enrollmentId, "payer");
  if (enrollment.status === "opted-out") throw new AppError("CONFLICT", ENROLLMENT_MESSAGES.notEnrolled);
  if (trip.status === "cancelled") throw new AppError("PRECONDITION_FAILED", M.notOpen);
  if (nextPaymentCents(trip, enrollment.amountPaidCents) === 0) throw new AppError("CONFLICT", M.nothingToPay);
  return checkout(scope, trip, enrollment, childName, school);
}

export type OptOutResult = { refundsRequested: number; refundsFailed: number };

/**
 * `parent.flightTrips.optOut`: a pending or confirmed enrolment, before the deadline only. The
 * seat frees at once; open Checkouts for it are expired; every succeeded payment is refunded in
 * full through Stripe (settle.ts; the payment turns refunded when `charge.refunded` arrives). A
 * refund Stripe refuses now is asked for again by the hourly sweep.
 */
export async function optOut(scope: ParentScope, input: z.infer<typeof enrollmentIdInput>): Promise<OptOutResult> {
  const { deps, now } = scope;
  const { db } = deps;
  const decision = await hitWindow(
    db,
    `flight-trips:opt-out:${scope.parentId}`,
    now,
    CHECKOUT_LIMIT.windowMs,
    CHECKOUT_LIMIT.max,
  );
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  const { enrollment, trip, childName } = await ownEnrollment(scope, input.enrollmentId, "guardian");
  if (enrollment.status === "opted-out") throw new AppError("CONFLICT", ENROLLMENT_MESSAGES.alreadyOptedOut);
  if (trip.status === "cancelled") throw new AppError("PRECONDITION_FAILED", M.notOpen);
  if (!enrollmentOpen(trip.enrollmentDeadline, scope.timeZone, now))
    throw new AppError("PRECONDITION_FAILED", M.optOutClosed);
  const [won] = await db.batch([
    db
      .update(flightTripEnrollments)
      .set({ status: "opted-out", optedOutAt: now, updatedAt: now })
      .where(
        and(eq(flightTripEnrollments.id, enrollment.id), inArray(flightTripEnrollments.status, SEAT_HOLDING_STATUSES)),
      )
      .returning({ id: flightTripEnrollments.id }),
    auditInsert(
      db,
      {
        eventType: "enrollment_opted_out",
        description: `${childName} opted out of ${trip.title} (${formatMoney(enrollment.amountPaidCents, scope.currency)} to refund)`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: {
          enrollment_id: enrollment.id,
          flight_trip_id: trip.id,
          amount_paid_cents: enrollment.amountPaidCents,
        },
        at: now,
      },
      scope.meta,
      previousStatementWrote,
    ),
    notifySchoolAdmins(db, {
      schoolId: scope.schoolId,
      content: MONEY_NOTICES.optedOut({ parentName: scope.actor.name, childName, tripTitle: trip.title }),
      at: now,
      onlyIf: previousStatementWrote,
    }),
  ]);
  if (won.length !== 1) throw new AppError("CONFLICT", ENROLLMENT_MESSAGES.alreadyOptedOut);
  await expireOpenCheckouts(deps, eq(payments.enrollmentId, enrollment.id), now);
  const { requested, failed } = await settlePayables(deps, "enrollment", [enrollment.id], "opted_out", now);
  return { refundsRequested: requested, refundsFailed: failed.length };
}
