/**
 * Issue 29 items 3–4 (ADR 0075): a payment's receipt pushed once whatever the order and number of
 * the webhook's events, and never after its refund; the daily digest gathering what the preferences
 * keep back, sent once per user (a double run, a run killed between its claim and the queue), at
 * the digest hour in the school's zone, and the pushes quiet hours held sent when they end.
 */
import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { digestItems, digestSends, emailLogs, invoices, notifications, pushLogs } from "#db/schema/index.ts";
import { DIGEST_TIME, defaultPreferences, type Preferences } from "#shared/preferences-constants.ts";
import { zonedInstant } from "#shared/school-time.ts";
import { digestJob, requeueOutboxJob, runScheduled } from "#worker/cron/scheduled.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { startLocalPushService } from "#worker/local/push-service.ts";
import type { QueueMessageBody } from "#worker/platform.ts";
import { consumeBatch } from "#worker/queue/consumer.ts";
import { sendDigests } from "#worker/services/notifications/digest.ts";
import { savePreferences } from "#worker/services/notifications/preferences.ts";
import { receiptNoticeId } from "#worker/services/payments/receipt-notice.ts";
import { stripeEvent } from "#worker/stripe/events.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, MINUTE, memoryLogger, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";
import { checkoutSessionOf, postStripeEvent } from "../support/stripe-checkout.ts";

const VAPID = {
  VAPID_PUBLIC_KEY: PRODUCTION_ENV.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: PRODUCTION_ENV.VAPID_PRIVATE_KEY,
};
const ACCOUNT = "acct_digest_test";
const CHICAGO = "America/Chicago";
const TOKYO = "Asia/Tokyo";
// Monday 2 March 2026, 10:00 in Chicago (CST, UTC−6).
const MORNING = new Date("2026-03-02T16:00:00Z");

let t: TestApp;
let localPush: Awaited<ReturnType<typeof startLocalPushService>>;
let school: Awaited<ReturnType<typeof createSchool>>;
type User = Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp({ env: VAPID });
  localPush = await startLocalPushService(0);
  t.deps.localPush = localPush;
  t.clock.set(MORNING);
  school = await createSchool(t.db, {
    timeZone: CHICAGO,
    stripeConnectAccountId: ACCOUNT,
    connectDetailsSubmitted: true,
    connectChargesEnabled: true,
    connectPayoutsEnabled: true,
    connectRequirementsDue: [],
  });
});
afterEach(async () => {
  await localPush.close();
  t.close();
});

/** A parent with a device subscribed at the local push service, and these preferences. */
async function parentWith(change: (prefs: Preferences) => void, schoolId = school.id): Promise<User> {
  const parent = await createUser(t.db, "parent", { schoolId });
  const prefs = defaultPreferences();
  change(prefs);
  await savePreferences(t.db, { role: "parent", id: parent.id, schoolId }, prefs, t.clock.now());
  const caller = await callerFor(t, parent);
  const setup = await caller.parent.push.get();
  await caller.parent.push.subscribe(await localPush.subscribe(setup.publicKey!));
  return parent;
}

/** Runs the pushes on the queue through the real consumer to the local push service. */
async function drainPushes() {
  const pushes = t.queued.filter((body): body is Extract<QueueMessageBody, { kind: "push" }> => body.kind === "push");
  t.queued.splice(0, t.queued.length, ...t.queued.filter((body) => body.kind !== "push"));
  await consumeBatch(
    {
      db: t.db,
      mailer: t.deps.mailer,
      now: t.clock.now,
      logger: memoryLogger(),
      push: { vapid: t.deps.config.vapid!, fetch, localOrigin: localPush.origin },
    },
    {
      queue: "schoolride-email",
      messages: pushes.map((body, i) => ({ id: `m${i}`, body, attempts: 1, ack: () => {}, retry: () => {} })),
    },
  );
}
const received = () =>
  localPush.received().map((push) => JSON.parse(push.payload) as { title: string; body: string; url: string });

let invoiceCounter = 0;
/** An invoice of the parent paid through the simulated Checkout: its events, not posted yet. */
async function paidInvoice(parent: User) {
  invoiceCounter += 1;
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      schoolId: school.id,
      recipientId: parent.id,
      invoiceNumber: `INV-2026-${String(invoiceCounter).padStart(3, "0")}`,
      description: "Spring term bus",
      baseAmountCents: 10_000,
      feeCents: 500,
      amountCents: 10_500,
      feeBps: 500,
      issueDate: "2026-03-01",
      dueDate: "2026-03-16",
    })
    .returning();
  const { url } = await (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId: invoice!.id });
  const session = await checkoutSessionOf(t, url);
  const { events } = await payPaymentSession(t.db, session, new Date(t.clock.now().getTime() + 2000));
  const [, intentSucceeded, sessionCompleted] = events;
  const intent = intentSucceeded!.data.object as { id: string; metadata: Record<string, string> };
  const refunded = stripeEvent(
    "charge.refunded",
    {
      id: `ch_${intent.id}`,
      object: "charge",
      payment_intent: intent.id,
      amount_refunded: 10_500,
      metadata: intent.metadata,
    },
    new Date(t.clock.now().getTime() + 60_000),
    ACCOUNT,
  );
  return {
    invoice: invoice!,
    intentId: intent.id,
    succeeded: intentSucceeded!,
    completed: sessionCompleted!,
    refunded,
  };
}
const receiptPushes = (intentId: string) =>
  t.db
    .select()
    .from(pushLogs)
    .where(eq(pushLogs.batchId, receiptNoticeId(intentId)));

describe("a payment's receipt pushed (item 3)", () => {
  it("once, whatever the order and number of the webhook's events (sequential and concurrent); a tap opens the invoice", async () => {
    const parent = await parentWith((prefs) => {
      prefs.channels.paymentReceipt = { push: true, email: true };
    });
    const orders = [
      (e: Awaited<ReturnType<typeof paidInvoice>>) => [e.completed, e.succeeded, e.completed],
      (e: Awaited<ReturnType<typeof paidInvoice>>) => [e.succeeded, e.succeeded, e.completed, e.succeeded],
    ];
    for (const [n, order] of orders.entries()) {
      const paid = await paidInvoice(parent);
      const events = order(paid);
      if (n === 0) for (const event of events) expect((await postStripeEvent(t, event)).status).toBe(200);
      else await Promise.all(events.map((event) => postStripeEvent(t, event)));
      expect(await receiptPushes(paid.intentId)).toHaveLength(1);
      const notices = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.id, receiptNoticeId(paid.intentId)));
      expect(notices.map((row) => [row.recipientId, row.title])).toEqual([[parent.id, "Payment received"]]);
      await drainPushes();
      // Again after delivery: nothing more.
      expect((await postStripeEvent(t, { ...paid.succeeded, id: `${paid.succeeded.id}_again` })).status).toBe(200);
      await drainPushes();
      expect(await receiptPushes(paid.intentId)).toHaveLength(1);
    }
    const pushes = received();
    expect(pushes).toHaveLength(2);
    expect(pushes[0]).toMatchObject({
      title: "Payment received",
      url: expect.stringMatching(/^\/parent\/invoices\?search=INV-2026-\d+&invoice=[\w-]+$/),
    });
  });

  it("not after its refund: a refund before the push went cancels it, and a success replayed after the refund pushes nothing", async () => {
    const parent = await parentWith((prefs) => {
      prefs.channels.paymentReceipt = { push: true, email: true };
    });
    const paid = await paidInvoice(parent);
    await postStripeEvent(t, paid.succeeded);
    expect((await postStripeEvent(t, paid.refunded)).status).toBe(200);
    expect((await receiptPushes(paid.intentId)).map((row) => row.status)).toEqual(["cancelled"]);
    await postStripeEvent(t, paid.completed);
    await drainPushes();
    expect(received()).toEqual([]);
    expect((await receiptPushes(paid.intentId)).map((row) => row.status)).toEqual(["cancelled"]);
    // A refund that came first is refused until the success arrives (Stripe retries it), then nothing is pushed twice.
    const later = await paidInvoice(parent);
    expect((await postStripeEvent(t, later.refunded)).status).toBe(409);
    await postStripeEvent(t, later.completed);
    await postStripeEvent(t, later.refunded);
    await postStripeEvent(t, later.succeeded);
    expect((await receiptPushes(later.intentId)).map((row) => row.status)).toEqual(["cancelled"]);
  });

  it("kept for the digest once when the parent gathers receipts there, and withdrawn by a refund before it goes", async () => {
    const parent = await parentWith((prefs) => {
      prefs.channels.paymentReceipt = { push: true, email: true };
      prefs.digest = true;
    });
    const paid = await paidInvoice(parent);
    for (const event of [paid.succeeded, paid.completed, paid.succeeded]) await postStripeEvent(t, event);
    expect(await receiptPushes(paid.intentId)).toEqual([]);
    const held = await t.db.select().from(digestItems).where(eq(digestItems.userId, parent.id));
    expect(held.map((row) => [row.id, row.reason, row.email, row.push])).toEqual([
      [receiptNoticeId(paid.intentId), "digest", true, true],
    ]);
    await postStripeEvent(t, paid.refunded);
    expect(await t.db.$count(digestItems, eq(digestItems.userId, parent.id))).toBe(0);
  });
});

const send = async (admin: User, title: string) =>
  (await callerFor(t, admin)).schoolAdmin.notifications.send({
    title,
    message: `${title}: details`,
    type: "info",
    category: "system",
    audience: { kind: "school" },
    email: true,
  });
const mailsTo = (address: string, type: "digest" | "notification") =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, address), eq(emailLogs.emailType, type)));
const cronDeps = () => ({
  db: t.db,
  queue: t.deps.queue,
  logger: memoryLogger(),
  appUrl: "http://localhost:8787",
  stripe: t.deps.stripe,
});

describe("the daily digest (item 4)", () => {
  it("gathers what the parent keeps for it and sends one e-mail at 17:00 in the school's zone; others are e-mailed at once", async () => {
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const gathered = await parentWith((prefs) => {
      prefs.digest = true;
    });
    const plain = await parentWith(() => {});
    await send(admin, "Picture day");
    t.clock.advance(30 * MINUTE);
    await send(admin, "Library books due");
    expect(await mailsTo(gathered.email, "notification")).toEqual([]);
    expect(await mailsTo(plain.email, "notification")).toHaveLength(2);
    const due = zonedInstant("2026-03-02", DIGEST_TIME, CHICAGO);
    expect(due.toISOString()).toBe("2026-03-02T23:00:00.000Z");
    const items = await t.db.select().from(digestItems).where(eq(digestItems.userId, gathered.id));
    expect(items.map((row) => [row.reason, row.email, row.push, row.dueAt])).toEqual([
      ["digest", true, false, due],
      ["digest", true, false, due],
    ]);
    // Before the hour: nothing.
    t.clock.set(new Date(due.getTime() - MINUTE));
    expect(await sendDigests(cronDeps(), t.clock.now())).toEqual({ digests: 0, items: 0 });
    // At the hour (the cron's run), once, however often it runs.
    t.clock.set(due);
    await runScheduled(cronDeps(), t.clock.now(), [digestJob]);
    await runScheduled(cronDeps(), t.clock.now(), [digestJob]);
    expect(await sendDigests(cronDeps(), t.clock.now())).toEqual({ digests: 0, items: 0 });
    t.clock.advance(60 * MINUTE);
    expect(await sendDigests(cronDeps(), t.clock.now())).toEqual({ digests: 0, items: 0 });
    const digests = await mailsTo(gathered.email, "digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toContain("your daily digest (2 updates)");
    expect(digests[0]!.textBody).toContain("Picture day");
    expect(digests[0]!.textBody).toContain("Library books due");
    expect(t.queued.filter((body) => body.kind === "email" && body.emailLogId === digests[0]!.id)).toHaveLength(1);
    expect(await mailsTo(plain.email, "digest")).toEqual([]);
    // No push: the parent keeps push off for the school's messages.
    expect(await t.db.$count(pushLogs, like(pushLogs.batchId, "digest-%"))).toBe(0);
  });

  it("sends once when two runs race, and when a run dies between its claim and the queue (the outbox sweep enqueues it)", async () => {
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parent = await parentWith((prefs) => {
      prefs.digest = true;
      prefs.channels.schoolMessage = { push: true, email: true };
    });
    await send(admin, "Picture day");
    const due = zonedInstant("2026-03-02", DIGEST_TIME, CHICAGO);
    t.clock.set(due);
    const results = await Promise.all([sendDigests(cronDeps(), due), sendDigests(cronDeps(), due)]);
    expect(results.map((result) => result.digests).sort()).toEqual([0, 1]);
    expect(await mailsTo(parent.email, "digest")).toHaveLength(1);
    expect(await t.db.$count(pushLogs, like(pushLogs.batchId, "digest-%"))).toBe(1);
    // The next day, a run whose queue is gone after its batch committed (as if killed there).
    await send(admin, "Bake sale");
    const next = zonedInstant("2026-03-03", DIGEST_TIME, CHICAGO);
    t.clock.set(next);
    const dead = { send: async () => Promise.reject(new Error("killed")) };
    expect(await sendDigests({ ...cronDeps(), queue: dead }, next)).toEqual({ digests: 1, items: 1 });
    t.queued.length = 0;
    expect(await sendDigests(cronDeps(), next)).toEqual({ digests: 0, items: 0 });
    const [pending] = (await mailsTo(parent.email, "digest")).filter((row) => row.textBody.includes("Bake sale"));
    expect(pending).toMatchObject({ status: "pending" });
    t.clock.advance(6 * MINUTE);
    await requeueOutboxJob.run(cronDeps(), t.clock.now());
    expect(t.queued.filter((body) => body.kind === "email" && body.emailLogId === pending!.id)).toHaveLength(1);
    expect(await mailsTo(parent.email, "digest")).toHaveLength(2);
    expect(await t.db.$count(digestSends)).toBe(2);
  });

  it("reads the hour in each school's zone: a Tokyo parent's digest goes at 17:00 in Tokyo", async () => {
    const tokyo = await createSchool(t.db, { timeZone: TOKYO });
    const admin = await createUser(t.db, "school_admin", { schoolId: tokyo.id });
    const parent = await parentWith((prefs) => {
      prefs.digest = true;
    }, tokyo.id);
    // 16:00Z is 01:00 on 3 March in Tokyo: due at 17:00 that day (08:00Z).
    await send(admin, "Sports day");
    const due = zonedInstant("2026-03-03", DIGEST_TIME, TOKYO);
    expect(due.toISOString()).toBe("2026-03-03T08:00:00.000Z");
    t.clock.set(zonedInstant("2026-03-02", DIGEST_TIME, CHICAGO));
    expect(await sendDigests(cronDeps(), t.clock.now())).toEqual({ digests: 0, items: 0 });
    t.clock.set(due);
    expect(await sendDigests(cronDeps(), t.clock.now())).toEqual({ digests: 1, items: 1 });
    expect(await mailsTo(parent.email, "digest")).toHaveLength(1);
  });

  it("quiet hours hold a push that is not a safety message until they end, then send one push; e-mail is not held", async () => {
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parent = await parentWith((prefs) => {
      prefs.quietHours = { start: "22:00", end: "07:00" };
      prefs.channels.schoolMessage = { push: true, email: true };
    });
    // 23:00 in Chicago.
    t.clock.set(new Date("2026-03-03T05:00:00Z"));
    await send(admin, "Snow day tomorrow?");
    await send(admin, "Coats and boots");
    expect(await mailsTo(parent.email, "notification")).toHaveLength(2);
    expect(await t.db.$count(pushLogs)).toBe(0);
    const end = zonedInstant("2026-03-03", "07:00", CHICAGO);
    const held = await t.db.select().from(digestItems).where(eq(digestItems.userId, parent.id));
    expect(held.map((row) => [row.reason, row.email, row.push, row.dueAt])).toEqual([
      ["quiet", false, true, end],
      ["quiet", false, true, end],
    ]);
    t.clock.set(end);
    expect(await sendDigests(cronDeps(), end)).toEqual({ digests: 1, items: 2 });
    expect(await mailsTo(parent.email, "digest")).toEqual([]);
    await drainPushes();
    expect(received()).toEqual([
      expect.objectContaining({
        title: "While your quiet hours were on",
        body: "2 updates: Snow day tomorrow? · Coats and boots",
        url: "/parent/notifications",
      }),
    ]);
  });
});
