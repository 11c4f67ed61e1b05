import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { schools, stripeEvents } from "#db/schema/index.ts";
import { signStripePayload, stripeEvent } from "#worker/stripe/events.ts";
import { createSchool } from "../support/fixtures.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";

let t: TestApp;
let schoolId: string;
beforeEach(async () => {
  t = await createTestApp();
  schoolId = (
    await createSchool(t.db, { stripeSubscriptionId: "sub_1", stripeCustomerId: "cus_1", subscriptionStatus: "active" })
  ).id;
});
afterEach(() => t.close());

const subscription = (status: string) => ({
  id: "sub_1",
  object: "subscription",
  status,
  customer: "cus_1",
  metadata: {},
});

async function post(payload: string, options: { signedAt?: Date; secret?: string; body?: string } = {}) {
  const signature = await signStripePayload(
    { stripe: t.deps.stripe, webhookSecret: options.secret ?? t.deps.stripeWebhookSecret },
    payload,
    options.signedAt ?? t.clock.now(),
  );
  return t.app.request("http://localhost:8787/api/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: options.body ?? payload,
  });
}

const status = async () => (await t.db.select().from(schools).where(eq(schools.id, schoolId)))[0]!.subscriptionStatus;

describe("Stripe webhook (ST1–ST3)", () => {
  it("applies a signed event", async () => {
    const response = await post(
      JSON.stringify(stripeEvent("customer.subscription.updated", subscription("past_due"), t.clock.now())),
    );
    expect(response.status).toBe(200);
    expect(await status()).toBe("past_due");
  });

  it("refuses a tampered body, a stale timestamp, a wrong secret and a missing signature — with no effect", async () => {
    const payload = JSON.stringify(
      stripeEvent("customer.subscription.updated", subscription("canceled"), t.clock.now()),
    );
    expect((await post(payload, { body: payload.replace("canceled", "active__") })).status).toBe(400);
    expect((await post(payload, { signedAt: new Date(t.clock.now().getTime() - 6 * MINUTE) })).status).toBe(400);
    expect((await post(payload, { secret: "whsec_somebody_else" })).status).toBe(400);
    const unsigned = await t.app.request("http://localhost:8787/api/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await status()).toBe("active");
    expect(await t.db.$count(stripeEvents)).toBe(0);
  });

  it("processes each event once, sequential or concurrent duplicates", async () => {
    const event = stripeEvent("customer.subscription.updated", subscription("past_due"), t.clock.now());
    const payload = JSON.stringify(event);
    expect((await post(payload)).status).toBe(200);
    await t.db.update(schools).set({ subscriptionStatus: "active" }).where(eq(schools.id, schoolId)); // would be undone by a replay
    const replies = await Promise.all([post(payload), post(payload), post(payload)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await status()).toBe("active");
    expect(await t.db.$count(stripeEvents)).toBe(1);
  });

  it("is order-independent: an older event never overwrites a newer state", async () => {
    const t0 = t.clock.now();
    const newer = stripeEvent(
      "customer.subscription.updated",
      subscription("canceled"),
      new Date(t0.getTime() + 60_000),
    );
    const older = stripeEvent("customer.subscription.updated", subscription("active"), t0);
    const oldest = stripeEvent(
      "invoice.paid",
      { id: "in_1", object: "invoice", subscription: "sub_1" },
      new Date(t0.getTime() - 60_000),
    );
    const permutations = [
      [newer, older, oldest],
      [older, newer, oldest],
      [oldest, older, newer],
      [older, oldest, newer],
    ];
    for (const order of permutations) {
      await t.db.delete(stripeEvents);
      await t.db
        .update(schools)
        .set({ subscriptionStatus: "active", stripeStatusAt: null })
        .where(eq(schools.id, schoolId));
      for (const event of order) expect((await post(JSON.stringify(event))).status).toBe(200);
      expect(await status()).toBe("cancelled");
    }
  });

  it("maps invoice failures to past_due and unknown events to a no-op", async () => {
    await post(
      JSON.stringify(
        stripeEvent(
          "invoice.payment_failed",
          { id: "in_2", object: "invoice", parent: { subscription_details: { subscription: "sub_1" } } },
          t.clock.now(),
        ),
      ),
    );
    expect(await status()).toBe("past_due");
    expect(
      (await post(JSON.stringify(stripeEvent("charge.refunded", { id: "ch_1", object: "charge" }, t.clock.now()))))
        .status,
    ).toBe(200);
    expect(await t.db.$count(stripeEvents)).toBe(2);
  });

  it("IN2 a signed event with a malformed envelope (created, id, type, data.object, account) is refused with 400 and logged, changing nothing", async () => {
    const valid = stripeEvent("customer.subscription.updated", subscription("canceled"), t.clock.now());
    const { created: _created, ...withoutCreated } = valid;
    const { id: _id, ...withoutId } = valid;
    const { type: _type, ...withoutType } = valid;
    const malformed: [string, unknown][] = [
      ["no created", withoutCreated],
      ["created as text", { ...valid, created: "yesterday" }],
      ["created a fraction", { ...valid, created: valid.created + 0.5 }],
      ["created negative", { ...valid, created: -1 }],
      ["created past any date", { ...valid, created: 1e20 }],
      ["no id", withoutId],
      ["an empty id", { ...valid, id: "" }],
      ["id a number", { ...valid, id: 42 }],
      ["no type", withoutType],
      ["type an object", { ...valid, type: { name: "x" } }],
      ["no data", { ...valid, data: undefined }],
      ["no data.object", { ...valid, data: {} }],
      ["data.object null", { ...valid, data: { object: null } }],
      ["data.object an array", { ...valid, data: { object: [] } }],
      ["data.object text", { ...valid, data: { object: "sub_1" } }],
      ["account a number", { ...valid, account: 7 }],
      ["null", null],
      ["an array", [valid]],
      ["a number", 42],
    ];
    for (const [label, event] of malformed) {
      t.logger.lines.length = 0;
      const response = await post(JSON.stringify(event));
      expect({ label, status: response.status, body: await response.json() }).toEqual({
        label,
        status: 400,
        body: { error: "Malformed event" },
      });
      const logged = t.logger.lines.map((line) => JSON.parse(line) as { message: string; id?: unknown });
      expect(logged, label).toEqual([expect.objectContaining({ message: "stripe webhook: malformed event" })]);
      const id = (event as { id?: unknown } | null)?.id;
      if (typeof id === "string" && id) expect(logged[0]!.id, label).toBe(id);
    }
    expect(await status()).toBe("active");
    expect(await t.db.$count(stripeEvents)).toBe(0);
    // The envelope is the only thing checked here: the same event, well formed, still applies.
    expect((await post(JSON.stringify(valid))).status).toBe(200);
    expect(await status()).toBe("cancelled");
  });

  it("IN2 a signed event of any handled type whose object lacks fields or holds the wrong types never answers 500: a subscription without its id or customer and an account without its id are refused with 400 and logged", async () => {
    const HANDLED = [
      "checkout.session.completed",
      "customer.subscription.created",
      "customer.subscription.updated",
      "customer.subscription.deleted",
      "payment_intent.succeeded",
      "payment_intent.payment_failed",
      "charge.refunded",
      "invoice.paid",
      "invoice.payment_failed",
      "account.updated",
    ];
    const objects: Record<string, unknown>[] = [
      {},
      {
        id: "x",
        customer: null,
        status: null,
        metadata: null,
        mode: "payment",
        payment_status: "paid",
        payment_intent: null,
      },
      {
        id: 7,
        customer: 8,
        status: 9,
        metadata: "x",
        mode: 1,
        payment_status: 2,
        payment_intent: 3,
        amount: "x",
        charge: 4,
        subscription: 5,
        requirements: "r",
        parent: "p",
      },
      {
        id: "x",
        metadata: { kind: "invoice", payableId: 5, schoolId: 7 },
        mode: "payment",
        payment_status: "paid",
        payment_intent: "pi_1",
        amount_total: "x",
        customer: "c",
        status: "active",
      },
    ];
    for (const type of HANDLED) {
      for (const [index, object] of objects.entries()) {
        for (const account of [undefined, "acct_1"]) {
          const response = await post(JSON.stringify(stripeEvent(type, object, t.clock.now(), account)));
          expect(response.status, `${type} object ${index} account ${account}`).toBeLessThan(500);
        }
      }
    }
    expect(t.logger.lines.filter((line) => line.includes("unhandled error"))).toEqual([]);
    for (const [type, object] of [
      ["customer.subscription.updated", { id: "sub_1", status: "active" }],
      ["customer.subscription.deleted", { customer: "cus_1", status: "canceled" }],
      ["account.updated", { charges_enabled: true }],
    ] as const) {
      t.logger.lines.length = 0;
      const event = stripeEvent(type, object, t.clock.now());
      const response = await post(JSON.stringify(event));
      expect({ type, status: response.status, body: await response.json() }).toEqual({
        type,
        status: 400,
        body: { error: "Malformed event" },
      });
      expect(t.logger.lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({ message: "stripe webhook: malformed event", id: event.id }),
      ]);
    }
    expect(await status()).toBe("active");
  });
});
