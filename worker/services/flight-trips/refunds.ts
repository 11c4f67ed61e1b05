import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { flightTripEnrollments, flightTrips, payments } from "#db/schema/index.ts";
import type { EnrollmentStatus, FlightTripStatus } from "#shared/flight-trip-texts.ts";
import { enrollmentPaymentRecompute } from "./payment-events.ts";

/**
 * The field trips' refund rule (ADR 0037): what of an enrolment's payments goes back to the parent.
 * Everything, once the enrolment is opted out or its trip cancelled; otherwise whatever it holds
 * beyond the trip's cost (a lowered cost, a second payment that overtook the first), taken from the
 * newest payments first. Decisions only grow: a refund once decided is never taken back.
 */

type HeldPayment = { id: string; amountCents: number; refundDueCents: number; refundedCents: number };

/** The new `refund_due_cents` of each payment whose due grows, by id. `held` newest first. */
export function enrollmentRefundsDue(
  enrollment: { status: EnrollmentStatus; tripStatus: FlightTripStatus; costCents: number },
  held: HeldPayment[],
): Map<string, number> {
  const goingBack = (payment: HeldPayment) => Math.max(payment.refundDueCents, payment.refundedCents);
  const kept = held.reduce((sum, payment) => sum + payment.amountCents - goingBack(payment), 0);
  const everything = enrollment.status === "opted-out" || enrollment.tripStatus === "cancelled";
  let surplus = everything ? kept : kept - enrollment.costCents;
  const due = new Map<string, number>();
  for (const payment of held) {
    if (surplus <= 0) break;
    const take = Math.min(payment.amountCents - goingBack(payment), surplus);
    if (take <= 0) continue;
    due.set(payment.id, goingBack(payment) + take);
    surplus -= take;
  }
  return due;
}

/**
 * Applies the rule to these enrolments: each payment's due is raised (guarded on the value read, so
 * a concurrent decision is not overwritten) and the enrolments recomputed, in one batch.
 */
export async function markEnrollmentRefundsDue(db: Db, enrollmentIds: string[], now: Date): Promise<void> {
  if (enrollmentIds.length === 0) return;
  const rows = await db
    .select({
      id: payments.id,
      enrollmentId: flightTripEnrollments.id,
      amountCents: payments.amountCents,
      refundDueCents: payments.refundDueCents,
      refundedCents: payments.refundedCents,
      status: flightTripEnrollments.status,
      tripStatus: flightTrips.status,
      costCents: flightTrips.costPerStudentCents,
    })
    .from(payments)
    .innerJoin(flightTripEnrollments, eq(flightTripEnrollments.id, payments.enrollmentId))
    .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
    .where(
      and(
        eq(payments.kind, "enrollment"),
        inArray(payments.enrollmentId, enrollmentIds),
        eq(payments.status, "succeeded"),
      ),
    )
    .orderBy(desc(payments.paidAt), desc(payments.createdAt), desc(payments.id));
  const byEnrollment = new Map<string, typeof rows>();
  for (const row of rows) byEnrollment.set(row.enrollmentId, [...(byEnrollment.get(row.enrollmentId) ?? []), row]);
  const writes = [];
  for (const [enrollmentId, held] of byEnrollment) {
    const due = enrollmentRefundsDue(held[0]!, held);
    for (const payment of held) {
      const next = due.get(payment.id);
      if (next === undefined) continue;
      writes.push(
        db
          .update(payments)
          .set({ refundDueCents: next, updatedAt: now })
          .where(and(eq(payments.id, payment.id), eq(payments.refundDueCents, payment.refundDueCents))),
      );
    }
    if (due.size > 0) writes.push(enrollmentPaymentRecompute(db, enrollmentId, now));
  }
  if (writes.length > 0) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
}

/**
 * Enrolments whose payments hold more than the rule lets them keep (the hourly sweep's stragglers:
 * a decision interrupted before its refunds, a payment that landed after a cost change).
 */
export async function enrollmentsHoldingTooMuch(db: Db, limit: number): Promise<string[]> {
  const allowed: SQL = sql`case when ${flightTripEnrollments.status} = 'opted-out' or ${flightTrips.status} = 'cancelled' then 0 else ${flightTrips.costPerStudentCents} end`;
  const rows = await db
    .select({ id: flightTripEnrollments.id })
    .from(flightTripEnrollments)
    .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
    .where(
      and(
        sql`${flightTripEnrollments.amountPaidCents} > 0`,
        sql`${flightTripEnrollments.amountPaidCents} > ${allowed}`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
