import { and, asc, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { rowHolds } from "#db/conditional.ts";
import { children, flightTripEnrollments, flightTrips, payments } from "#db/schema/index.ts";
import {
  CONFIRM_REFUNDS_REASON,
  type createFlightTripInput,
  deadlineInPast,
  enrollmentStanding,
  FLIGHT_TRIP_ADMIN_MESSAGES,
  type FlightTripValues,
  flightTripAmountIssues,
  type flightTripIdInput,
  flightTripRecord,
  FLIGHT_TRIP_MESSAGES as M,
  SEAT_HOLDING_STATUSES,
  type updateFlightTripInput,
} from "#shared/flight-trips.ts";
import { said } from "#shared/said.ts";
import { todayIn } from "#shared/school-time.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { AppError } from "../errors.ts";
import { flightTripCancelledWords, worded } from "../notifications/words.ts";
import { expireOpenCheckouts } from "../payments/checkout.ts";
import { settlePayables } from "../payments/settle.ts";
import { FLIGHT_TRIP_REFUSALS } from "../refusal-texts.ts";
import { TRIP_COLUMNS } from "./columns.ts";
import { cancellationNotice, costChanged, flightTripChangeNotice, NOT_OPTED_OUT, parentNotices } from "./notify.ts";
import { enrollmentPaymentRecompute } from "./payment-events.ts";

/** The form's values as columns, its amounts checked in the school's currency (JPY: whole yen). */
function tripRecord(scope: SchoolScope, trip: FlightTripValues) {
  const [issue] = flightTripAmountIssues(trip, scope.currency);
  if (issue) throw new AppError("BAD_REQUEST", issue.message);
  return flightTripRecord(trip, scope.currency);
}

/** At most this many trips on the page (a school runs a handful a year). */
export const FLIGHT_TRIP_LIST_LIMIT = 500;

/** Stripe closes a Checkout Session 24 hours after it opened: a pending payment older than that can no longer succeed. */
export const CHECKOUT_OPEN_MS = 24 * 3_600_000;

/**
 * A payment that holds a parent's money, held it (refunded: the trip keeps the record of what was
 * paid and given back, so it is cancelled, never deleted), or may still take it (a Checkout opened
 * in the last 24 hours).
 */
function moneyIn(now: Date): SQL {
  return or(
    inArray(payments.status, ["succeeded", "refunded"]),
    and(eq(payments.status, "pending"), gt(payments.createdAt, new Date(now.getTime() - CHECKOUT_OPEN_MS))),
  )!;
}

/** Payments of this enrolment hold (or may still take) money: Delete cancels and refunds instead. */
const enrollmentHoldsMoney = (now: Date) =>
  sql<boolean>`exists (select 1 from ${payments} where ${payments.enrollmentId} = ${flightTripEnrollments.id} and ${moneyIn(now)})`;

/** Some payment of the trip's enrolments holds (or may still take) money. */
const tripHoldsMoney = (tripId: string, now: Date) =>
  sql`exists (select 1 from ${payments} inner join ${flightTripEnrollments} on ${flightTripEnrollments.id} = ${payments.enrollmentId} where ${flightTripEnrollments.flightTripId} = ${tripId} and ${moneyIn(now)})`;

/** The seat-holding enrolments of a trip, as a scalar subquery. */
const seatsTaken = (tripId: string) =>
  sql<number>`(select count(*) from ${flightTripEnrollments} where ${flightTripEnrollments.flightTripId} = ${tripId} and ${flightTripEnrollments.status} in ${SEAT_HOLDING_STATUSES})`;

/**
 * Flight Trips: the school's trips, soonest departure first, each with its enrolled students (name,
 * grade, enrolment and payment status) and counts: two queries in one round trip.
 */
export async function listFlightTrips(scope: SchoolScope) {
  const { db } = scope.deps;
  const [trips, enrollments] = await db.batch([
    db
      .select(TRIP_COLUMNS)
      .from(flightTrips)
      .where(eq(flightTrips.schoolId, scope.schoolId))
      .orderBy(asc(flightTrips.departureDate), asc(flightTrips.departureTime), asc(flightTrips.id))
      .limit(FLIGHT_TRIP_LIST_LIMIT),
    db
      .select({
        id: flightTripEnrollments.id,
        tripId: flightTripEnrollments.flightTripId,
        childName: children.name,
        grade: children.grade,
        status: flightTripEnrollments.status,
        paymentStatus: flightTripEnrollments.paymentStatus,
        amountPaidCents: flightTripEnrollments.amountPaidCents,
        amountRefundedCents: flightTripEnrollments.amountRefundedCents,
        refundPendingCents: flightTripEnrollments.refundPendingCents,
        hasPayment: enrollmentHoldsMoney(scope.now),
      })
      .from(flightTripEnrollments)
      .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
      .where(eq(flightTripEnrollments.schoolId, scope.schoolId))
      .orderBy(asc(children.name), asc(flightTripEnrollments.id)),
  ]);
  const byTrip = new Map<string, typeof enrollments>();
  for (const row of enrollments) {
    const list = byTrip.get(row.tripId);
    if (list) list.push(row);
    else byTrip.set(row.tripId, [row]);
  }
  return {
    timeZone: scope.timeZone,
    trips: trips.map((trip) => {
      const students = (byTrip.get(trip.id) ?? []).map(({ tripId: _trip, hasPayment, ...row }) => {
        const standing = enrollmentStanding(trip, row);
        return { ...row, label: standing.label, money: standing.money, hasPayment: Boolean(hasPayment) };
      });
      // A cancelled trip holds no seats.
      const holding =
        trip.status === "cancelled"
          ? []
          : students.filter((row) => (SEAT_HOLDING_STATUSES as readonly string[]).includes(row.status));
      return {
        ...trip,
        students,
        counts: {
          enrolled: holding.length,
          confirmed: holding.filter((row) => row.status === "confirmed").length,
          paid: holding.filter((row) => row.paymentStatus === "paid").length,
        },
        /** Delete cancels instead (refunds) when a payment succeeded or a Checkout is still open. */
        hasPaidEnrollments: students.some((row) => row.hasPayment),
      };
    }),
  };
}

/** The form's values as stored: amounts in cents. */
const auditOf = (scope: SchoolScope, eventType: string, description: string, metadata: Record<string, unknown>) => ({
  eventType,
  description,
  userId: scope.actor.id,
  userRole: scope.actor.role,
  schoolId: scope.schoolId,
  metadata,
  at: scope.now,
});

/** A new or changed deadline before the school's today is refused; an unchanged one (enrolment closed) is kept. */
function assertDeadline(scope: SchoolScope, deadline: string, saved: string | null = null): void {
  if (deadlineInPast(deadline, todayIn(scope.timeZone, scope.now), saved))
    throw new AppError("BAD_REQUEST", M.deadlinePast);
}

/** Create Trip: the trip (amounts in cents) and its audit row in one batch. */
export async function createFlightTrip(scope: SchoolScope, input: z.infer<typeof createFlightTripInput>) {
  const { db } = scope.deps;
  const id = crypto.randomUUID();
  const values = tripRecord(scope, input.trip);
  assertDeadline(scope, values.enrollmentDeadline);
  await db.batch([
    db.insert(flightTrips).values({
      id,
      schoolId: scope.schoolId,
      ...values,
      createdBy: scope.actor.id,
      changeId: crypto.randomUUID(),
      createdAt: scope.now,
      updatedAt: scope.now,
    }),
    auditInsert(
      db,
      auditOf(scope, "flight_trip.created", `Flight trip ${values.title} created`, { tripId: id }),
      scope.meta,
    ),
  ]);
  return { id };
}

/** The school's trip with its change claim and seat count; another school's (or no) trip: NOT_FOUND. */
export async function findFlightTrip(scope: SchoolScope, tripId: string) {
  const [trip] = await scope.deps.db
    .select({ ...TRIP_COLUMNS, changeId: flightTrips.changeId, seatsTaken: seatsTaken(tripId) })
    .from(flightTrips)
    .where(and(eq(flightTrips.id, tripId), eq(flightTrips.schoolId, scope.schoolId)));
  if (!trip) throw new AppError("NOT_FOUND", M.tripNotFound);
  return trip;
}

const changedMeanwhile = () =>
  new AppError(
    "CONFLICT",
    said(/*i18n*/ { id: "This flight trip was changed at the same time. Reload and try again." }),
  );

/**
 * Edit Trip. The capacity never drops below the seats already held (checked in the UPDATE itself,
 * so an enrolment that lands meanwhile is counted). A change of dates, times, airports or status
 * notifies the parents holding a seat, in the same batch and only if this write won its claim (a
 * double submit notifies once). Setting the status to cancelled cancels as Delete does (refunds).
 */
export async function updateFlightTrip(scope: SchoolScope, input: z.infer<typeof updateFlightTripInput>) {
  const { db } = scope.deps;
  const before = await findFlightTrip(scope, input.tripId);
  const values = tripRecord(scope, input.trip);
  const priced = costChanged(before, values);
  assertDeadline(scope, values.enrollmentDeadline, before.enrollmentDeadline);
  if (values.capacity !== null && values.capacity < before.seatsTaken)
    throw new AppError("BAD_REQUEST", FLIGHT_TRIP_REFUSALS.capacityBelowEnrolled(before.seatsTaken));
  if (before.status === "cancelled" && values.status !== "cancelled")
    throw new AppError("BAD_REQUEST", FLIGHT_TRIP_ADMIN_MESSAGES.reopenCancelled);
  if (values.status === "cancelled" && before.status !== "cancelled") {
    // The other fields are saved first (no notice), then the cancellation tells and refunds once.
    await updateFlightTrip(scope, {
      tripId: before.id,
      trip: { ...input.trip, status: before.status },
      confirmRefunds: true,
    });
    return { id: before.id, ...(await cancelFlightTrip(scope, before.id)) };
  }
  if (priced && !input.confirmRefunds) {
    // MN1: a cost below what a family has paid refunds the difference, once the admin has seen the amounts.
    const refunds = await paidAbove(scope, before.id, values.costPerStudentCents);
    if (refunds.length > 0)
      throw new AppError("PRECONDITION_FAILED", FLIGHT_TRIP_REFUSALS.confirmRefunds(refunds, scope.currency), {
        reason: CONFIRM_REFUNDS_REASON,
      });
  }
  const notice = flightTripChangeNotice(before, values, scope.currency);
  const changeId = crypto.randomUUID();
  const won = rowHolds(flightTrips, before.id, flightTrips.changeId, changeId);
  const sent = notice
    ? await parentNotices(scope, { tripId: before.id, tripTitle: before.title, content: notice, won })
    : { inserts: [], emails: [], batchId: null, recipients: 0 };
  const capacityHolds = values.capacity === null ? sql`1` : sql`${values.capacity} >= ${seatsTaken(before.id)}`;
  try {
    await commitWithOutbox(
      scope,
      [
        db
          .update(flightTrips)
          .set({ ...values, changeId, updatedAt: scope.now })
          .where(
            and(
              eq(flightTrips.id, before.id),
              eq(flightTrips.schoolId, scope.schoolId),
              sql`${flightTrips.changeId} is ${before.changeId}`,
              capacityHolds,
            ),
          ),
        // Every enrolment's payment status against the new cost, in the same batch.
        ...(priced ? [enrollmentPaymentRecompute(db, { tripId: before.id }, scope.now)] : []),
        ...sent.inserts,
      ],
      {
        emails: sent.emails,
        audit: {
          eventType: "flight_trip.updated",
          description: `Flight trip ${values.title} updated`,
          schoolId: scope.schoolId,
          metadata: { tripId: before.id, notifiedParents: sent.recipients, notificationBatchId: sent.batchId },
        },
        claim: { won, lost: changedMeanwhile() },
      },
    );
  } catch (error) {
    // Lost: an enrolment took a seat meanwhile (say so), or another write won.
    if (error instanceof AppError && error.code === "CONFLICT") {
      const now = await findFlightTrip(scope, before.id);
      if (values.capacity !== null && values.capacity < now.seatsTaken)
        throw new AppError("BAD_REQUEST", FLIGHT_TRIP_REFUSALS.capacityBelowEnrolled(now.seatsTaken));
    }
    throw error;
  }
  if (priced) {
    // Checkouts opened for the old amounts close; whatever is now paid above the cost goes back.
    const enrollmentIds = await tripEnrollmentIds(scope, before.id);
    await expireOpenCheckouts(scope.deps, inArray(payments.enrollmentId, enrollmentIds), scope.now);
    await settlePayables(scope.deps, "enrollment", enrollmentIds, "flight_trip_cost_lowered", scope.now);
  }
  return { id: before.id, notified: sent.recipients };
}

/** The school's enrolments on a trip (every status). */
async function tripEnrollmentIds(scope: SchoolScope, tripId: string): Promise<string[]> {
  const rows = await scope.deps.db
    .select({ id: flightTripEnrollments.id })
    .from(flightTripEnrollments)
    .where(and(eq(flightTripEnrollments.flightTripId, tripId), eq(flightTripEnrollments.schoolId, scope.schoolId)));
  return rows.map((row) => row.id);
}

/** The enrolments holding a seat whose payments exceed `costCents`, with what would go back. */
async function paidAbove(scope: SchoolScope, tripId: string, costCents: number) {
  const rows = await scope.deps.db
    .select({ childName: children.name, paid: flightTripEnrollments.amountPaidCents })
    .from(flightTripEnrollments)
    .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
    .where(
      and(
        eq(flightTripEnrollments.flightTripId, tripId),
        eq(flightTripEnrollments.schoolId, scope.schoolId),
        inArray(flightTripEnrollments.status, SEAT_HOLDING_STATUSES),
        gt(flightTripEnrollments.amountPaidCents, costCents),
      ),
    )
    .orderBy(asc(children.name));
  return rows.map((row) => ({ childName: row.childName, cents: row.paid - costCents }));
}

/**
 * Delete: a trip no one has paid for is deleted (its enrolments with it; their parents are told);
 * a trip with a payment (succeeded, or already refunded), or a Checkout still open (its money may yet arrive), is
 * cancelled instead (refunds now, and the hourly sweep refunds what arrives later; parents told).
 * The answer says which, for the toast. The delete is guarded, so a payment landing meanwhile
 * turns it into a cancel.
 */
export async function deleteFlightTrip(
  scope: SchoolScope,
  input: z.infer<typeof flightTripIdInput>,
): Promise<{ id: string; outcome: "deleted" | "cancelled" }> {
  const { db } = scope.deps;
  const trip = await findFlightTrip(scope, input.tripId);
  const paidEnrollment = tripHoldsMoney(trip.id, scope.now);
  const somethingPaid = async () =>
    (
      await db
        .select({ id: flightTrips.id })
        .from(flightTrips)
        .where(and(eq(flightTrips.id, trip.id), paidEnrollment))
    ).length > 0;
  if (await somethingPaid()) return { id: trip.id, ...(await cancelFlightTrip(scope, trip.id)) };
  // Claim the trip (a fresh change id, only while nothing is paid), tell the enrolled parents, then delete it.
  const changeId = crypto.randomUUID();
  const won = rowHolds(flightTrips, trip.id, flightTrips.changeId, changeId);
  const notice = worded("warning", "trip", flightTripCancelledWords(trip, "removed"));
  const sent = await parentNotices(scope, { tripId: trip.id, tripTitle: trip.title, content: notice, won });
  const mails = sent.emails.map((draft) => outboxInsert(db, draft, scope.now, won));
  const [claimed] = await db.batch([
    db
      .update(flightTrips)
      .set({ changeId })
      .where(
        and(
          eq(flightTrips.id, trip.id),
          eq(flightTrips.schoolId, scope.schoolId),
          sql`${flightTrips.changeId} is ${trip.changeId}`,
          sql`not ${paidEnrollment}`,
        ),
      ),
    ...sent.inserts,
    ...mails.map((mail) => mail.query),
    auditInsert(
      db,
      auditOf(scope, "flight_trip.deleted", `Flight trip ${trip.title} deleted`, {
        tripId: trip.id,
        notifiedParents: sent.recipients,
      }),
      scope.meta,
      won,
    ),
    db.delete(flightTrips).where(and(eq(flightTrips.id, trip.id), eq(flightTrips.changeId, changeId))),
  ]);
  if (claimed.rowsAffected !== 1) {
    // A payment succeeded meanwhile: cancel instead. Otherwise another write won (or it is gone).
    if (await somethingPaid()) return { id: trip.id, ...(await cancelFlightTrip(scope, trip.id)) };
    await findFlightTrip(scope, trip.id);
    throw changedMeanwhile();
  }
  await enqueueEmails(
    scope.deps,
    mails.map((mail) => mail.id),
  );
  return { id: trip.id, outcome: "deleted" };
}

/**
 * Cancel instead of delete: the trip turns cancelled (a guarded claim: of two clicks one writes and
 * tells the parents, in-app and by e-mail), then every succeeded payment of its enrolments is
 * refunded through Stripe (application fee too). A refund Stripe refuses is retried by the hourly
 * sweep; asking again (a double click, the sweep) never refunds twice.
 */
export async function cancelFlightTrip(
  scope: SchoolScope,
  tripId: string,
): Promise<{ outcome: "cancelled"; refunds: number; refundsFailed: number }> {
  const { db } = scope.deps;
  const trip = await findFlightTrip(scope, tripId);
  if (trip.status !== "cancelled") {
    const changeId = crypto.randomUUID();
    const won = rowHolds(flightTrips, trip.id, flightTrips.changeId, changeId);
    const sent = await parentNotices(scope, {
      tripId: trip.id,
      tripTitle: trip.title,
      content: cancellationNotice(trip),
      won,
      which: NOT_OPTED_OUT,
    });
    try {
      await commitWithOutbox(
        scope,
        [
          db
            .update(flightTrips)
            .set({ status: "cancelled", changeId, updatedAt: scope.now })
            .where(
              and(
                eq(flightTrips.id, trip.id),
                eq(flightTrips.schoolId, scope.schoolId),
                sql`${flightTrips.changeId} is ${trip.changeId}`,
              ),
            ),
          ...sent.inserts,
        ],
        {
          emails: sent.emails,
          audit: {
            eventType: "flight_trip.cancelled",
            description: `Flight trip ${trip.title} cancelled`,
            schoolId: scope.schoolId,
            metadata: { tripId: trip.id, notifiedParents: sent.recipients, notificationBatchId: sent.batchId },
          },
          claim: { won, lost: changedMeanwhile() },
        },
      );
    } catch (error) {
      // A double click: the other request cancelled it (and told the parents); the refunds below are idempotent.
      if (
        !(
          error instanceof AppError &&
          error.code === "CONFLICT" &&
          (await findFlightTrip(scope, trip.id)).status === "cancelled"
        )
      )
        throw error;
    }
  }
  const enrollmentIds = await tripEnrollmentIds(scope, trip.id);
  await expireOpenCheckouts(scope.deps, inArray(payments.enrollmentId, enrollmentIds), scope.now);
  const { requested, failed } = await settlePayables(
    scope.deps,
    "enrollment",
    enrollmentIds,
    "flight_trip_cancelled",
    scope.now,
  );
  return { outcome: "cancelled", refunds: requested, refundsFailed: failed.length };
}
