import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import {
  type Effect,
  paymentFacts,
  paymentOfIntent,
  paymentRefunded,
  receiptEmailId,
  refundEmailId,
  unattachedPaymentEffects,
} from "./payment-rows.ts";
import { receiptPushBatches } from "./receipt-notice.ts";
import { payableOf } from "./registry.ts";

export { paymentFacts, receiptEmailId, refundEmailId };

/**
 * A refund of a payment of ours that the app has not seen succeed yet (events arrive in any order):
 * the webhook answers non-2xx without recording the event, so Stripe delivers it again later.
 */
export class PaymentNotYetKnown extends Error {
  override name = "PaymentNotYetKnown";
  constructor(readonly paymentIntentId: string) {
    super(`No payment for ${paymentIntentId} yet`);
  }
}

/**
 * Webhook effects of parents' payments (direct charges on schools' connected accounts), applied
 * exactly once in any order (ADR 0023):
 *
 * - every effect is a guarded statement whose result does not depend on which event came first:
 *   `payments` moves pending/failed → succeeded → refunded and never back; times only move to the
 *   earliest event's (payment-rows.ts);
 * - the payment is one row per PaymentIntent: the row Checkout started (keyed by its session) and a
 *   row a PaymentIntent event created first are merged when `checkout.session.completed` names both;
 * - the receipt is the outbox row `payment-receipt-<PaymentIntent id>`: its id makes it unique, and
 *   the payable's audit row is written in the same batch exactly when that e-mail row is.
 *
 * What a payment does to what it paid for is its payable kind's (payable.ts, ADR 0042). The event's
 * `account` must be the school's connected account (or the one the checkout was made on); anything
 * else is ignored.
 */

/**
 * The effects of a payment event (`effectsOf` in billing/stripe-events.ts calls this for the four
 * types), dispatched on the payable's kind: a success or failure to the payable its metadata names,
 * a refund to the one its payments row names. One read, then guarded statements for the event's batch.
 */
export async function paymentEventEffects(db: Db, event: Stripe.Event): Promise<Effect[]> {
  const facts = paymentFacts(event);
  if (!facts) return [];
  if (facts.outcome === "refunded") {
    // The payment row says what a charge paid for, and on which account.
    const paid = await paymentOfIntent(db, facts.paymentIntentId);
    // A refund of one of our payments whose success has not arrived yet: Stripe delivers it again later.
    if (!paid && payableOf(facts.kind)) throw new PaymentNotYetKnown(facts.paymentIntentId);
    if (!paid || facts.account === null || facts.account !== paid.account) return [];
    const payable = payableOf(paid.kind);
    const payableId = payable ? paid[payable.link] : null;
    return payable && payableId ? payable.refundEffects(db, facts, payableId) : [paymentRefunded(db, facts)];
  }
  const payable = payableOf(facts.kind);
  const payableId = payable ? facts.metadata[payable.link] : undefined;
  if (!payable || !payableId) return [];
  return (await payable.paymentEffects(db, facts, payableId)) ?? unattachedPaymentEffects(db, facts);
}

/** The outbox rows a payment event may have written, to enqueue once its batch has committed. */
export function paymentEmailIds(event: Stripe.Event): string[] {
  const facts = paymentFacts(event);
  if (!facts || facts.outcome === "failed") return [];
  return [
    facts.outcome === "succeeded"
      ? receiptEmailId(facts.paymentIntentId)
      : refundEmailId(facts.paymentIntentId, facts.amountCents ?? 0),
  ];
}

/** The receipt pushes a payment event may have written (ADR 0075), to enqueue once its batch has committed. */
export function paymentPushBatches(event: Stripe.Event): string[] {
  return receiptPushBatches(paymentFacts(event));
}
