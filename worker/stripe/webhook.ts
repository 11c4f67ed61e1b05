import type Stripe from "stripe";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { isWellFormedDeep, VALIDATION_ERROR } from "#shared/well-formed.ts";
import type { Logger } from "../deps.ts";
import type { QueueProducer } from "../platform.ts";
import { applyStripeEvent } from "../services/billing/stripe-events.ts";
import { enqueuePendingEmails } from "../services/email/outbox.ts";
import { PaymentNotYetKnown, paymentEmailIds, paymentPushBatches } from "../services/payments/payment-events.ts";
import { settleAfterPaymentEvent } from "../services/payments/settle.ts";
import { enqueuePushes } from "../services/push/outbox.ts";
import { stripeCryptoProvider } from "./crypto.ts";

/** Stripe's own default: a signed delivery older than this is refused as a replay. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** 9999-12-31T23:59:59Z in seconds: the latest `created` a Date (and the database's integer) holds as an instant. */
const LATEST_EVENT_CREATED = 253_402_300_799;

/**
 * What the handler relies on in every event, checked once the signature holds: Stripe's envelope.
 * A signed event is Stripe's word, but a malformed one (say, without `created`, which would become
 * `new Date(NaN)` on its way to the driver) is refused with 400 and logged instead of answering 500.
 * The object's own fields are each event type's business (`OBJECT_FIELDS`).
 */
export const stripeEventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().min(0).max(LATEST_EVENT_CREATED),
  account: z.string().min(1).max(255).optional(),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

/** A subscription's fields its events' effects read without a fallback. */
const subscriptionFields = z.looseObject({
  id: z.string().min(1),
  customer: z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]),
  status: z.string(),
});

/**
 * Beyond the envelope, the object fields an event type's effects cannot do without (the others read
 * theirs with a fallback and ignore what they cannot use).
 */
const OBJECT_FIELDS: Readonly<Record<string, z.ZodType>> = {
  "customer.subscription.created": subscriptionFields,
  "customer.subscription.updated": subscriptionFields,
  "customer.subscription.deleted": subscriptionFields,
  "account.updated": z.looseObject({ id: z.string().min(1) }),
};

/** What is wrong with a signed event's envelope or its object's needed fields, or null when nothing is. */
function malformedEvent(event: unknown): string[] | null {
  const where = (issues: z.core.$ZodIssue[], at: string) =>
    issues.map((issue) => `${[at, ...issue.path.map(String)].join(".")}: ${issue.message}`);
  const envelope = stripeEventEnvelope.safeParse(event);
  if (!envelope.success) return where(envelope.error.issues, "event");
  const fields = OBJECT_FIELDS[envelope.data.type]?.safeParse(envelope.data.data.object);
  return fields && !fields.success ? where(fields.error.issues, "event.data.object") : null;
}

export const MALFORMED_EVENT = "Malformed event";

export type StripeWebhookDeps = {
  db: Db;
  stripe: Stripe;
  webhookSecret: string;
  now: () => Date;
  logger: Logger;
  queue: QueueProducer;
};

/**
 * `/api/stripe/webhook`: verifies the signature on the raw body (constructEventAsync with the
 * SubtleCrypto provider), then applies the event once. Effects are a single small batch, so the
 * answer is fast; an unknown event type is acknowledged and ignored.
 */
export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
  rawBody: string,
  signature: string | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!signature) return { status: 400, body: { error: "Missing Stripe-Signature header" } };
  let event: Stripe.Event;
  try {
    event = await deps.stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      deps.webhookSecret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      stripeCryptoProvider,
      // Milliseconds: the SDK divides by 1000 itself.
      deps.now().getTime(),
    );
  } catch {
    return { status: 400, body: { error: "Invalid signature" } };
  }
  // IN1: a lone surrogate escape would be stored with the event and break SQLite's JSON functions.
  if (!isWellFormedDeep(event)) return { status: 400, body: { error: VALIDATION_ERROR } };
  const issues = malformedEvent(event);
  if (issues) {
    const id = (event as { id?: unknown } | null)?.id;
    deps.logger.warn("stripe webhook: malformed event", {
      id: typeof id === "string" ? id.slice(0, 255) : null,
      issues,
    });
    return { status: 400, body: { error: MALFORMED_EVENT } };
  }
  let outcome: "applied" | "duplicate";
  try {
    outcome = await applyStripeEvent(deps.db, event, deps.now());
  } catch (error) {
    if (!(error instanceof PaymentNotYetKnown)) throw error;
    // Nothing recorded: Stripe delivers the event again, after the payment's own events.
    deps.logger.warn("stripe webhook: refund of a payment not seen yet, left for Stripe's retry", {
      id: event.id,
      paymentIntent: error.paymentIntentId,
    });
    return { status: 409, body: { error: "The payment this refund belongs to has not arrived yet; retry later." } };
  }
  deps.logger.info("stripe webhook", { id: event.id, type: event.type, outcome });
  // A receipt the batch wrote goes on the queue now (a failed enqueue is left to the hourly sweep).
  if (outcome === "applied") {
    await enqueuePendingEmails(deps, paymentEmailIds(event));
    // And the parent's receipt push, when the batch wrote one (ADR 0075).
    await enqueuePushes(deps, paymentPushBatches(event));
  }
  // MN1: a charge that nothing can keep goes back now (the hourly sweep catches what fails here).
  await settleAfterPaymentEvent(deps, event, deps.now());
  return { status: 200, body: { received: true, duplicate: outcome === "duplicate" } };
}
