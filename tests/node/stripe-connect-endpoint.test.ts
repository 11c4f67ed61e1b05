import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stripeEvents } from "#db/schema/index.ts";
import { signStripePayload, stripeEvent } from "#worker/stripe/events.ts";
import { createTestApp, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";

/**
 * Stripe sends events of connected accounts to a separate Connect endpoint signed with its own
 * secret. Each endpoint accepts only its own secret (ST1).
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: PRODUCTION_ENV });
});
afterEach(() => t.close());

async function post(path: string, secret: string) {
  const payload = JSON.stringify(
    stripeEvent(
      "customer.subscription.updated",
      { id: "sub_x", object: "subscription", status: "active", customer: "cus_x", metadata: {} },
      t.clock.now(),
    ),
  );
  const signature = await signStripePayload({ stripe: t.deps.stripe, webhookSecret: secret }, payload, t.clock.now());
  return t.app.request(`http://localhost:8787${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

describe("ST1 the platform and Connect webhook endpoints each verify with their own secret", () => {
  it("accepts each endpoint's own signature", async () => {
    expect((await post("/api/stripe/webhook", PRODUCTION_ENV.STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    expect((await post("/api/stripe/connect-webhook", PRODUCTION_ENV.STRIPE_CONNECT_WEBHOOK_SECRET)).status).toBe(200);
    expect(await t.db.select().from(stripeEvents)).toHaveLength(2);
  });

  it("refuses the other endpoint's secret, with no effect", async () => {
    expect((await post("/api/stripe/webhook", PRODUCTION_ENV.STRIPE_CONNECT_WEBHOOK_SECRET)).status).toBe(400);
    expect((await post("/api/stripe/connect-webhook", PRODUCTION_ENV.STRIPE_WEBHOOK_SECRET)).status).toBe(400);
    expect(await t.db.select().from(stripeEvents)).toHaveLength(0);
  });
});
