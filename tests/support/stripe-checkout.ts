import { eq } from "drizzle-orm";
import { devStripeObjects } from "#db/schema/index.ts";
import { signStripePayload } from "#worker/stripe/events.ts";
import type { SimCheckoutSession } from "#worker/stripe/simulator.ts";
import type { TestApp } from "./harness.ts";

/** The simulated Checkout Session behind a Checkout URL (its id is the URL's last segment). */
export async function checkoutSessionOf(t: TestApp, url: string): Promise<SimCheckoutSession> {
  const id = url.split("/").pop()!;
  const [row] = await t.db.select().from(devStripeObjects).where(eq(devStripeObjects.id, id));
  return row!.data as unknown as SimCheckoutSession;
}

/** A Stripe event posted to the payment webhook, signed with `secret` (the app's unless given). */
export async function postStripeEvent(
  t: TestApp,
  event: object,
  secret = t.deps.stripeWebhookSecret,
): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = await signStripePayload({ stripe: t.deps.stripe, webhookSecret: secret }, payload, t.clock.now());
  return t.app.request("http://localhost:8787/api/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}
