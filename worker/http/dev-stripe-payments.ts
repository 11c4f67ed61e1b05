import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import type { Db } from "#db/client.ts";
import { devStripeObjects } from "#db/schema/index.ts";
import { formatStripeAmount } from "#shared/money.ts";
import { randomHex } from "../auth/crypto.ts";
import { deliverSimulatedEvents, stripeEvent } from "../stripe/events.ts";
import {
  loadObject,
  refundSimulatedPayment,
  type SimCharge,
  type SimCheckoutSession,
  type SimPaymentIntent,
  saveObject,
} from "../stripe/simulator.ts";
import type { StripeWebhookDeps } from "../stripe/webhook.ts";

/**
 * Local mode's stand-ins for a payment-mode Checkout on a connected account (the PaymentIntent and
 * charge it makes, with the events Stripe sends) and for the Stripe dashboard's Refund button.
 */

type SimEvent = ReturnType<typeof stripeEvent>;

/**
 * Pays a payment-mode session: its PaymentIntent and charge are stored, and the events Stripe sends
 * for a direct charge (`account` set) are returned in Stripe's usual order.
 */
export async function payPaymentSession(
  db: Db,
  session: SimCheckoutSession,
  now: Date,
): Promise<{ completed: SimCheckoutSession; events: SimEvent[] }> {
  const created = Math.floor(now.getTime() / 1000);
  const account = session.account ?? undefined;
  const paymentIntentId = `pi_${randomHex(12)}`;
  const metadata = session.payment_intent_data?.metadata ?? {};
  const charge: SimCharge = {
    id: `ch_${randomHex(12)}`,
    object: "charge",
    amount: session.amount_total,
    amount_refunded: 0,
    currency: session.currency,
    paid: true,
    refunded: false,
    status: "succeeded",
    payment_intent: paymentIntentId,
    metadata,
    created,
  };
  const intent: SimPaymentIntent = {
    id: paymentIntentId,
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    status: "succeeded",
    application_fee_amount: session.payment_intent_data?.application_fee_amount ?? null,
    latest_charge: charge.id,
    metadata,
    description: session.description,
    created,
    account: session.account,
  };
  const completed: SimCheckoutSession = {
    ...session,
    status: "complete",
    payment_status: "paid",
    payment_intent: paymentIntentId,
  };
  await saveObject(db, "charge", charge, now);
  await saveObject(db, "payment_intent", intent, now);
  const { account: _account, ...publicIntent } = intent;
  return {
    completed,
    events: [
      stripeEvent("charge.succeeded", charge, now, account),
      stripeEvent("payment_intent.succeeded", publicIntent, now, account),
      stripeEvent("checkout.session.completed", completed, now, account),
    ],
  };
}

type Page = (title: string, body: ReturnType<typeof html>, nonce: string | undefined) => ReturnType<typeof html>;

/** `/dev/stripe/payments`: the simulated payments, newest first, each with a full-refund button. */
export function devStripePaymentRoutes(deps: StripeWebhookDeps, page: Page) {
  const app = new Hono();
  const { db } = deps;

  app.get("/", async (c) => {
    const rows = await db
      .select()
      .from(devStripeObjects)
      .where(eq(devStripeObjects.type, "payment_intent"))
      .orderBy(desc(devStripeObjects.createdAt))
      .limit(50);
    const intents = rows.map((row) => row.data as SimPaymentIntent);
    const charges = new Map<string, SimCharge | null>();
    for (const intent of intents) charges.set(intent.id, await loadObject<SimCharge>(db, intent.latest_charge));
    return c.html(
      page(
        "Payments",
        html`<p class="note">Simulated Stripe dashboard (local mode): payments made on connected accounts.</p>
          <h1>Payments</h1>
          ${intents.length === 0 ? html`<p>No payments yet.</p>` : ""}
          ${intents.map((intent) => {
            const charge = charges.get(intent.id);
            const refunded = charge?.refunded === true;
            const left = charge ? charge.amount - charge.amount_refunded : intent.amount;
            return html`<section class="payment">
              <p><strong>${formatStripeAmount(intent.amount, intent.currency)}</strong> · ${intent.description}</p>
              <p class="meta">${intent.id} · ${intent.account ?? "platform"} · application fee ${formatStripeAmount(intent.application_fee_amount ?? 0, intent.currency)}</p>
              ${
                refunded
                  ? html`<p><strong>Refunded</strong></p>`
                  : html`<form method="post" action="/dev/stripe/payments/${intent.id}/refund"><button type="submit" class="secondary">Refund ${formatStripeAmount(left, intent.currency)}</button></form>`
              }
            </section>`;
          })}`,
        c.get("secureHeadersNonce"),
      ),
    );
  });

  app.post("/:id/refund", async (c) => {
    const intent = await loadObject<SimPaymentIntent>(db, c.req.param("id"));
    const result = intent ? await refundSimulatedPayment(db, intent, deps.now()) : null;
    if (!result) return c.text("No such payment", 404);
    if ("event" in result) await deliverSimulatedEvents(deps, [result.event]);
    return c.redirect("/dev/stripe/payments", 303);
  });

  return app;
}
