/**
 * The Stripe webhook inside workerd: the SDK's constructEventAsync with the SubtleCrypto provider
 * verifies the raw body, and the event's effect reaches the database once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schools, stripeEvents } from "#db/schema/index.ts";
import { createStripe } from "#worker/stripe/client.ts";
import { signStripePayload, stripeEvent } from "#worker/stripe/events.ts";
import { TEST_SECRETS } from "./support/test-secrets.ts";
import { APP_ORIGIN, productionEnv, testDb, unique, worker } from "./support/worker-env.ts";

const stripe = createStripe({ secretKey: TEST_SECRETS.STRIPE_SECRET_KEY });

async function deliver(payload: string, signature: string) {
  return worker.fetch(
    new Request(`${APP_ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }),
    productionEnv(),
    { waitUntil: () => {} },
  );
}

describe("Stripe webhook in workerd", () => {
  it("verifies the signature and applies the event once", async () => {
    const subscriptionId = unique("sub");
    const [school] = await testDb()
      .insert(schools)
      .values({
        name: unique("School"),
        email: "s@example.com",
        code: unique("C").slice(0, 12),
        stripeSubscriptionId: subscriptionId,
        subscriptionStatus: "active",
      })
      .returning();
    const event = stripeEvent(
      "customer.subscription.updated",
      { id: subscriptionId, object: "subscription", status: "past_due", customer: "cus_w", metadata: {} },
      new Date(),
    );
    const payload = JSON.stringify(event);
    const signature = await signStripePayload(
      { stripe, webhookSecret: TEST_SECRETS.STRIPE_WEBHOOK_SECRET },
      payload,
      new Date(),
    );

    expect((await deliver(payload.replace("past_due", "canceled"), signature)).status).toBe(400);
    const wrongSecret = await signStripePayload({ stripe, webhookSecret: "whsec_not_ours" }, payload, new Date());
    expect((await deliver(payload, wrongSecret)).status).toBe(400);
    const [untouched] = await testDb().select().from(schools).where(eq(schools.id, school!.id));
    expect(untouched!.subscriptionStatus).toBe("active");

    expect((await deliver(payload, signature)).status).toBe(200);
    expect((await deliver(payload, signature)).status).toBe(200);
    const [after] = await testDb().select().from(schools).where(eq(schools.id, school!.id));
    expect(after!.subscriptionStatus).toBe("past_due");
    expect(await testDb().$count(stripeEvents, eq(stripeEvents.id, event.id))).toBe(1);
  });
});
