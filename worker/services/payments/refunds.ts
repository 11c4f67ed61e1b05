import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import { payments, schools } from "#db/schema/index.ts";
import { currencyOf, formatMoney } from "#shared/money.ts";
import type { Logger } from "#worker/deps.ts";
import { auditInsert, NO_REQUEST } from "../audit.ts";

/**
 * Refunds, for every payable kind (ADR 0037). What goes back of a payment is decided by the app and
 * written on the payment (`refund_due_cents`, which only grows) in the batch of the change that
 * decides it, or right after it by the payable's rule (settle.ts); this module then asks Stripe
 * until its refunded total reaches it. Nothing here changes a payment's status: that happens when
 * `charge.refunded` reaches the webhook, whatever the order of events.
 */

export type RefundDeps = { db: Db; stripe: Stripe; logger: Logger };

/** A payment with money still to give back: the decision, and what the webhook has seen refunded so far. */
export type OwedPayment = {
  id: string;
  schoolId: string | null;
  stripePaymentIntentId: string;
  stripeAccountId: string;
  amountCents: number;
  refundDueCents: number;
  refundedCents: number;
  /** The school's currency code (null: the school was deleted since). */
  currency: string | null;
};

/** A payment whose decided refund has not fully come through (partial index `payments_refund_owed_idx`). */
export const refundOwed = sql`${payments.status} = 'succeeded' and ${payments.refundDueCents} > ${payments.refundedCents}`;

/** The payments `which` selects whose decided refund has not come through, at most `limit`, oldest first. */
export async function paymentsOwedRefund(db: Db, which: SQL | undefined, limit = 1000): Promise<OwedPayment[]> {
  const rows = await db
    .select({
      id: payments.id,
      schoolId: payments.schoolId,
      stripePaymentIntentId: payments.stripePaymentIntentId,
      stripeAccountId: payments.stripeAccountId,
      amountCents: payments.amountCents,
      refundDueCents: payments.refundDueCents,
      refundedCents: payments.refundedCents,
      currency: schools.currency,
    })
    .from(payments)
    .leftJoin(schools, eq(schools.id, payments.schoolId))
    .where(and(refundOwed, which, isNotNull(payments.stripePaymentIntentId), isNotNull(payments.stripeAccountId)))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
  return rows.filter((row): row is OwedPayment => row.stripePaymentIntentId !== null && row.stripeAccountId !== null);
}

/** What Stripe has refunded of the payment's charge so far (its `amount_refunded`), read from Stripe itself. */
async function refundedByStripe(stripe: Stripe, row: OwedPayment): Promise<number> {
  const intent = await stripe.paymentIntents.retrieve(
    row.stripePaymentIntentId,
    { expand: ["latest_charge"] },
    { stripeAccount: row.stripeAccountId },
  );
  const charge = intent.latest_charge;
  return typeof charge === "object" && charge !== null ? charge.amount_refunded : 0;
}

/**
 * Asks Stripe to bring each payment's refunded total up to what is due: it reads the charge's
 * `amount_refunded` first (Stripe's own count, so a refund whose webhook has not arrived yet is not
 * asked for again) and refunds the difference on the connected account the direct charge was made
 * on, the platform's application fee in proportion (`refund_application_fee`). The Idempotency-Key
 * is the PaymentIntent and the amount already refunded: two callers that saw the same state (a
 * double click, the hourly sweep) make one refund. Returns how many payments had something left to
 * refund (asked of Stripe) and those whose refund Stripe did not accept (the sweep asks again).
 */
export async function refundWhatIsDue(
  deps: RefundDeps,
  rows: OwedPayment[],
  reason: string,
  now: Date,
): Promise<{ requested: number; failed: string[] }> {
  const failed: string[] = [];
  let requested = 0;
  for (const row of rows) {
    try {
      const already = await refundedByStripe(deps.stripe, row);
      const amount = Math.min(row.refundDueCents, row.amountCents) - already;
      if (amount <= 0) continue;
      requested += 1;
      await deps.stripe.refunds.create(
        {
          payment_intent: row.stripePaymentIntentId,
          amount,
          refund_application_fee: true,
          metadata: { payment_id: row.id, reason },
        },
        { stripeAccount: row.stripeAccountId, idempotencyKey: `refund-${row.stripePaymentIntentId}-${already}` },
      );
      await deps.db.batch([
        auditInsert(
          deps.db,
          {
            eventType: "refund_requested",
            description: `Refund of ${formatMoney(amount, currencyOf(row.currency))} requested (${reason.replaceAll("_", " ")})`,
            schoolId: row.schoolId,
            metadata: {
              payment_id: row.id,
              payment_intent: row.stripePaymentIntentId,
              amount_cents: amount,
              refunded_before_cents: already,
              reason,
            },
            at: now,
          },
          NO_REQUEST,
        ),
      ]);
    } catch (error) {
      deps.logger.error("stripe: refund failed", {
        payment: row.id,
        reason,
        error: error instanceof Error ? error.message : String(error),
      });
      failed.push(row.id);
    }
  }
  return { requested, failed };
}
