import { eq } from "drizzle-orm";
import { devStripeObjects, invoices } from "#db/schema/index.ts";
import type { Mailer } from "#worker/email/provider.ts";
import { signStripePayload } from "#worker/stripe/events.ts";
import type { SimCheckoutSession } from "#worker/stripe/simulator.ts";
import { callerFor } from "./caller.ts";
import { createUser } from "./fixtures.ts";
import type { TestApp } from "./harness.ts";

/** A new parent of the school with one pending $105.00 invoice. */
export async function parentWithInvoice(t: TestApp, schoolId: string) {
  const parent = await createUser(t.db, "parent", { schoolId });
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      schoolId,
      recipientId: parent.id,
      invoiceNumber: `INV-2026-${parent.id.slice(0, 6)}`,
      description: "Spring term bus",
      baseAmountCents: 10_000,
      feeCents: 500,
      amountCents: 10_500,
      issueDate: "2026-03-01",
      dueDate: "2026-03-16",
    })
    .returning();
  return { parent, invoice: invoice! };
}

/** The parent presses Pay in the app: the simulated Checkout session it opens. */
export async function checkoutSession(t: TestApp, parent: Parameters<typeof callerFor>[1], invoiceId: string) {
  const { url } = await (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId });
  const [row] = await t.db
    .select()
    .from(devStripeObjects)
    .where(eq(devStripeObjects.id, url.split("/").pop()!));
  return row!.data as unknown as SimCheckoutSession;
}

/** A Stripe delivery signed at `at` (default now) with `secret` (default the app's), to `path`. */
export async function postSigned(
  t: TestApp,
  event: object,
  options: { at?: Date; secret?: string } = {},
  path = "/api/stripe/webhook",
) {
  const payload = JSON.stringify(event);
  const webhookSecret = options.secret ?? t.deps.stripeWebhookSecret;
  const signature = await signStripePayload(
    { stripe: t.deps.stripe, webhookSecret },
    payload,
    options.at ?? t.clock.now(),
  );
  return t.app.request(`http://localhost:8787${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

/** The queue consumer's dependencies over a mailer that records the outbox ids it sends. */
export function recordingConsumer(t: TestApp) {
  const sent: string[] = [];
  const mailer: Mailer = {
    name: "local",
    async send(email) {
      sent.push(email.idempotencyKey);
      return { providerMessageId: `m_${email.idempotencyKey}` };
    },
  };
  return { sent, deps: { db: t.db, mailer, now: t.clock.now, logger: t.logger } };
}
