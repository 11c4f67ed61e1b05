import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { flightTripEnrollments, flightTrips, payments } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../deps.ts";

/** A payment that can be refunded: it succeeded on a connected account through a PaymentIntent. */
export type RefundablePayment = { id: string; stripePaymentIntentId: string; stripeAccountId: string };

/**
 * The succeeded payments of the enrolments `which` selects (one enrolment opting out, a cancelled
 * trip's, every enrolment still owed a refund), at most `limit`: what goes back to the parents.
 */
export async function refundableEnrollmentPayments(db: Db, which: SQL, limit = 1000): Promise<RefundablePayment[]> {
  const rows = await db
    .select({ id: payments.id, stripePaymentIntentId: payments.stripePaymentIntentId, stripeAccountId: payments.stripeAccountId })
    .from(payments)
    .innerJoin(flightTripEnrollments, eq(flightTripEnrollments.id, payments.enrollmentId))
    .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
    .where(and(which, eq(payments.status, "succeeded"), isNotNull(payments.stripePaymentIntentId), isNotNull(payments.stripeAccountId)))
    .limit(limit);
  return rows.filter((row): row is RefundablePayment => row.stripePaymentIntentId !== null && row.stripeAccountId !== null);
}

const alreadyRefunded = (error: unknown) => typeof error === "object" && error !== null && "code" in error && error.code === "charge_already_refunded";

/**
 * Asks Stripe for full refunds, each on the connected account its direct charge was made on, the
 * platform's application fee refunded too (`refund_application_fee`). The Idempotency-Key is the
 * PaymentIntent's, so a retry (a double click, the hourly sweep) never refunds twice. Nothing is
 * written here: the payment turns `refunded` when Stripe's `charge.refunded` reaches the webhook,
 * whatever the order of events. Returns the payments whose refund Stripe did not accept (to retry).
 */
export async function requestRefunds(deps: Pick<AppDeps, "stripe" | "logger">, rows: RefundablePayment[], reason: string): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  for (const row of rows) {
    try {
      await deps.stripe.refunds.create(
        { payment_intent: row.stripePaymentIntentId, refund_application_fee: true, metadata: { payment_id: row.id, reason } },
        { stripeAccount: row.stripeAccountId, idempotencyKey: `refund-${row.stripePaymentIntentId}` },
      );
    } catch (error) {
      if (alreadyRefunded(error)) continue;
      deps.logger.error("stripe: refund failed", { payment: row.id, error: error instanceof Error ? error.message : String(error) });
      failed.push(row.id);
    }
  }
  return { failed };
}
