import { inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { payments } from "#db/schema/index.ts";
import type { PayableKind } from "#shared/payment-texts.ts";
import { payableNamed, payableOf, payables, paymentsOf } from "./payable.ts";
import { paymentFacts, paymentOfIntent } from "./payment-rows.ts";
import { paymentsOwedRefund, type RefundDeps, refundWhatIsDue } from "./refunds.ts";

/**
 * Settling: what a payable's rule says must go back is marked on its payments, then asked of Stripe
 * (ADR 0037). Each payable kind brings its rule (`markRefundsDue`, payable.ts); payments only
 * dispatch to it.
 */

/** The rule of `kind` applied to these payables, then every refund it leaves owed asked of Stripe. */
export async function settlePayables(deps: RefundDeps, kind: PayableKind, ids: string[], reason: string, now: Date) {
  if (ids.length === 0) return { requested: 0, failed: [] as string[] };
  await payableNamed(kind).markRefundsDue(deps.db, ids, now);
  return refundWhatIsDue(deps, await paymentsOwedRefund(deps.db, paymentsOf(kind, ids)), reason, now);
}

/** The refunds owed on these payments (their due already marked: a deleted child's, say) asked of Stripe. */
export async function settlePayments(deps: RefundDeps, paymentIds: string[], reason: string, now: Date) {
  if (paymentIds.length === 0) return { requested: 0, failed: [] as string[] };
  return refundWhatIsDue(deps, await paymentsOwedRefund(deps.db, inArray(payments.id, paymentIds)), reason, now);
}

/**
 * After a payment event's batch has committed: a charge that succeeded is settled against what it
 * paid for (a payment for an opted-out enrolment, a cancelled trip, a lowered cost, a deleted child
 * or an invoice already paid goes back at once). A failure here is left to the hourly sweep.
 */
export async function settleAfterPaymentEvent(deps: RefundDeps, event: Stripe.Event, now: Date): Promise<void> {
  const facts = paymentFacts(event);
  if (facts?.outcome !== "succeeded") return;
  try {
    const row = await paymentOfIntent(deps.db, facts.paymentIntentId);
    if (!row) return;
    const link = payableOf(row.kind)?.link;
    const payable = link ? row[link] : null;
    if (payable) await settlePayables(deps, row.kind, [payable], "not_attachable", now);
    else await settlePayments(deps, [row.id], "not_attachable", now);
  } catch (error) {
    deps.logger.error("payments: settling after a payment event failed", {
      event: event.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Per hourly run; the rest waits for the next hour. */
const SWEEP_BATCH = 200;

/**
 * Hourly: every payable kind's stragglers settled (a decision whose refunds were interrupted, a
 * payment that arrived after the change that made it too much), then every refund still owed asked
 * of Stripe again. Stripe's own refunded total and the Idempotency-Key make a repeat harmless; a
 * payment leaves this list when `charge.refunded` brings its refunded total up to what is due.
 */
export async function settleOwedRefunds(
  deps: RefundDeps,
  now: Date,
): Promise<{ owed: number; requested: number; failed: number }> {
  for (const payable of payables()) {
    await payable.markRefundsDue(deps.db, await payable.holdingTooMuch(deps.db, SWEEP_BATCH), now);
  }
  const owed = await paymentsOwedRefund(deps.db, undefined, SWEEP_BATCH);
  const { requested, failed } = await refundWhatIsDue(deps, owed, "refund_retry", now);
  return { owed: owed.length, requested, failed: failed.length };
}
