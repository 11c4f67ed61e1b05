import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLogs,
  emailLogs,
  flightTripEnrollments,
  invitations,
  invoiceSequences,
  invoices,
  invoiceTotals,
  notifications,
  payments,
  pendingSchools,
  schools,
  sessions,
  stripeEvents,
} from "#db/schema/index.ts";
import { PAYMENT_MESSAGES } from "#shared/payment-texts.ts";
import { runScheduled } from "#worker/cron/scheduled.ts";
import { resendMailer } from "#worker/email/provider.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { consumeBatch, retryDelaySeconds } from "#worker/queue/consumer.ts";
import { markOverdueInvoices } from "#worker/services/billing/overdue.ts";
import { CHECKOUT_LIMIT } from "#worker/services/payments/checkout.ts";
import { stripeEvent } from "#worker/stripe/events.ts";
import { callerFor, failure } from "../support/caller.ts";
import { type FaultInjector, faultInjecting } from "../support/faulty-db.ts";
import { createSchool, createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { ENROLLMENT_FORM, seedChild, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { mutate, postStripeEvent, query } from "../support/http.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";
import { pay as payRegistration, startCheckout } from "../support/registration.ts";
import { checkoutSession, parentWithInvoice, postSigned, recordingConsumer } from "../support/scenarios.ts";

/**
 * The eight failure scenarios of docs/security.md, one named test (or a few) each: every one is
 * simulated and asserts that nothing is lost and nothing is done twice.
 */
const ACCOUNT = "acct_scenarios";
let t: TestApp;
let faults: FaultInjector;
let school: Awaited<ReturnType<typeof createSchool>>;

/** A test app whose database client can be told to fail (tests/support/faulty-db.ts). */
const faultyApp = () =>
  createTestApp({
    wrapClient: (client) => {
      const wrapped = faultInjecting(client);
      faults = wrapped.faults;
      return wrapped.client;
    },
  });

beforeEach(async () => {
  t = await faultyApp();
  school = await createSchool(t.db, {
    stripeConnectAccountId: ACCOUNT,
    stripeSubscriptionId: "sub_s",
    stripeCustomerId: "cus_s",
  });
});
afterEach(() => t.close());

const count = async <T extends Parameters<TestApp["db"]["$count"]>[0]>(
  table: T,
  where?: Parameters<TestApp["db"]["$count"]>[1],
) => t.db.$count(table, where);

/** What one paid invoice must leave behind, exactly once. */
async function expectPaidOnce(invoiceId: string, email: string) {
  expect((await t.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status).toBe("paid");
  expect(await count(payments, eq(payments.invoiceId, invoiceId))).toBe(1);
  expect(
    await count(emailLogs, and(eq(emailLogs.recipientEmail, email), eq(emailLogs.emailType, "payment_receipt"))),
  ).toBe(1);
  expect(await count(auditLogs, eq(auditLogs.eventType, "invoice_paid"))).toBe(1);
}

const subscription = (status: string) => ({
  id: "sub_s",
  object: "subscription",
  status,
  customer: "cus_s",
  metadata: {},
});
const schoolStatus = async () =>
  (await t.db.select().from(schools).where(eq(schools.id, school.id)))[0]!.subscriptionStatus;
const cronDeps = () => ({
  db: t.db,
  queue: t.deps.queue,
  logger: t.logger,
  appUrl: t.deps.config.appUrl,
  stripe: t.deps.stripe,
});

describe("the eight failure scenarios", () => {
  it("Scenario 1: a Stripe event delivered twice, concurrently, or as a 3-day-late retry is applied once", async () => {
    const { parent, invoice } = await parentWithInvoice(t, school.id);
    const { events } = await payPaymentSession(t.db, await checkoutSession(t, parent, invoice.id), t.clock.now());
    for (const event of events) expect((await postStripeEvent(t, event)).status).toBe(200);
    const again = await Promise.all(events.flatMap((event) => [postStripeEvent(t, event), postStripeEvent(t, event)]));
    expect(again.map((response) => response.status)).toEqual(again.map(() => 200));
    // Three days of crons in between (purges and sweeps), then Stripe's last retries, freshly signed.
    for (let hour = 0; hour < 72; hour += 6) {
      t.clock.advance(6 * 60 * MINUTE);
      await runScheduled(cronDeps(), t.clock.now());
    }
    for (const event of events) expect((await postStripeEvent(t, event)).status).toBe(200);
    await expectPaidOnce(invoice.id, parent.email);
    // However often the receipt was queued, it is sent once.
    const { deps, sent } = recordingConsumer(t);
    await consumeBatch(deps, {
      queue: "schoolride-email",
      messages: t.queued.map((body, i) => ({ id: `q${i}`, body, attempts: 1, ack: () => {}, retry: () => {} })),
    });
    expect(sent).toEqual([(await lastEmailTo(t.db, parent.email, "payment_receipt")).id]);
  });

  it("Scenario 2: out-of-order events (a stale subscription update, a payment's events in reverse, a failure after a success) never roll the state back", async () => {
    const newer = stripeEvent("customer.subscription.updated", subscription("past_due"), t.clock.now());
    const older = stripeEvent(
      "customer.subscription.updated",
      subscription("canceled"),
      new Date(t.clock.now().getTime() - MINUTE),
    );
    expect((await postStripeEvent(t, newer)).status).toBe(200);
    expect((await postStripeEvent(t, older)).status).toBe(200);
    expect(await schoolStatus()).toBe("past_due");

    const { parent, invoice } = await parentWithInvoice(t, school.id);
    const session = await checkoutSession(t, parent, invoice.id);
    const { events } = await payPaymentSession(t.db, session, new Date(t.clock.now().getTime() + 2000));
    const intent = events[1]!.data.object as { id: string; amount: number; metadata: Record<string, string> };
    const failed = stripeEvent(
      "payment_intent.payment_failed",
      { ...intent, object: "payment_intent" },
      t.clock.now(),
      ACCOUNT,
    );
    for (const event of [...events].reverse()) expect((await postStripeEvent(t, event)).status).toBe(200);
    expect((await postStripeEvent(t, failed)).status).toBe(200);
    await expectPaidOnce(invoice.id, parent.email);
  });

  it("Scenario 3: a webhook crash after commit but before 2xx is redelivered and applied once", async () => {
    const { parent, invoice } = await parentWithInvoice(t, school.id);
    const { events } = await payPaymentSession(t.db, await checkoutSession(t, parent, invoice.id), t.clock.now());
    const completed = events.at(-1)!;
    // The batch that records the event and its effect commits, then the Worker dies before answering.
    faults.armOn(/insert into "stripe_events"/, "crash");
    expect((await postStripeEvent(t, completed)).status).toBe(500);
    expect(faults.fired).toBe(true);
    faults.disarm();
    expect(await count(stripeEvents, eq(stripeEvents.id, completed.id))).toBe(1);
    // Stripe redelivers (a non-2xx is retried): the effect is not applied a second time.
    for (const event of [completed, ...events]) expect((await postStripeEvent(t, event)).status).toBe(200);
    await expectPaidOnce(invoice.id, parent.email);
    // The receipt the crash left off the queue is put back on it (by a later event or the outbox
    // sweep), and however often it is queued it is sent once.
    const receipt = await lastEmailTo(t.db, parent.email, "payment_receipt");
    t.clock.advance(6 * MINUTE);
    await runScheduled(cronDeps(), t.clock.now());
    expect(
      t.queued.filter((message) => message.kind === "email" && message.emailLogId === receipt.id).length,
    ).toBeGreaterThanOrEqual(1);
    const { deps, sent } = recordingConsumer(t);
    const messages = t.queued.map((body, i) => ({ id: `q${i}`, body, attempts: 1, ack: () => {}, retry: () => {} }));
    await consumeBatch(deps, { queue: "schoolride-email", messages });
    expect(sent.filter((id) => id === receipt.id)).toEqual([receipt.id]);
    // A replay older than 300 s, or signed with another secret, is refused and changes nothing.
    const replay = stripeEvent("customer.subscription.updated", subscription("canceled"), t.clock.now());
    expect((await postSigned(t, replay, { at: new Date(t.clock.now().getTime() - 301_000) })).status).toBe(400);
    expect((await postSigned(t, replay, { secret: "whsec_someone_else" })).status).toBe(400);
    expect(await schoolStatus()).toBe("active");
    expect(await count(stripeEvents, eq(stripeEvents.id, replay.id))).toBe(0);
  });

  it("Scenario 4: the e-mail provider answering 429 — the consumer retries with backoff, no message lost, none sent twice", async () => {
    const rows = await t.db
      .insert(emailLogs)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          emailType: "notification" as const,
          recipientEmail: `p${i}@example.com`,
          subject: "Hi",
          htmlBody: "<p>Hi</p>",
          textBody: "Hi",
        })),
      )
      .returning();
    // Resend's real adapter over a provider that answers 429 to its first 4 requests, then accepts;
    // it counts the deliveries of each Idempotency-Key (an outbox row).
    let requests = 0;
    const delivered = new Map<string, number>();
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      requests++;
      if (requests <= 4) return new Response('{"name":"rate_limit_exceeded"}', { status: 429 });
      const key = new Headers(init.headers).get("Idempotency-Key")!;
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      return Response.json({ id: `re_${key}` });
    }) as typeof fetch;
    const deps = {
      db: t.db,
      mailer: resendMailer("re_key", "SchoolRide <no-reply@example.com>", fetchImpl),
      now: t.clock.now,
      logger: t.logger,
    };
    // One batch with a duplicate and a poison message; each retried message comes back with its attempt count.
    let pending = [
      ...rows.map((row) => ({ kind: "email", emailLogId: row.id })),
      { kind: "email", emailLogId: rows[0]!.id },
      { kind: "nonsense" },
    ].map((body, i) => ({
      id: `m${i}`,
      body,
      attempts: 1,
    }));
    const delays: number[] = [];
    for (let round = 0; pending.length > 0 && round < 5; round++) {
      const retried: typeof pending = [];
      await consumeBatch(deps, {
        queue: "schoolride-email",
        messages: pending.map((message) => ({
          ...message,
          body: message.body as never,
          ack: () => {},
          retry: (options) => {
            delays.push(options?.delaySeconds ?? 0);
            expect(options?.delaySeconds).toBe(retryDelaySeconds(message.attempts));
            retried.push({ ...message, attempts: message.attempts + 1 });
          },
        })),
      });
      pending = retried;
    }
    expect(pending).toEqual([]);
    expect(delays).toEqual([60, 60, 60, 60]);
    expect([...delivered.values()]).toEqual(rows.map(() => 1));
    const after = await t.db.select().from(emailLogs);
    expect(after.map((row) => row.status)).toEqual(rows.map(() => "sent"));
  });

  async function paidRegistration() {
    const { pendingSchoolId, sessionId } = await startCheckout(t);
    await payRegistration(t, sessionId);
    return pendingSchoolId;
  }

  /** What an approval of this registration writes: its status, and the rows of every approval so far. */
  const approvalEffects = async (pendingSchoolId: string) => ({
    status: (await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId)))[0]!
      .verificationStatus,
    schools: await count(schools),
    invitations: await count(invitations),
    mails: await count(emailLogs, eq(emailLogs.emailType, "registration_approved")),
    audits: await count(auditLogs, eq(auditLogs.eventType, "school_approved")),
  });

  /** The effects of exactly one approval on top of `before`. */
  const approved = (before: Awaited<ReturnType<typeof approvalEffects>>) => ({
    ...before,
    status: "approved",
    schools: before.schools + 1,
    invitations: before.invitations + 1,
    mails: before.mails + 1,
    audits: before.audits + 1,
  });

  // A budget of 120 s: every approval hashes a temporary password (scrypt), a dozen of them here.
  it("Scenario 5: the database failing at any statement of a school approval leaves all or nothing, and the retry approves once", async () => {
    // One paid registration through the real flow, then a copy of it per k (a new id, subscription and checkout).
    const caller = await callerFor(t, await createUser(t.db, "super_admin"));
    const [paid] = await t.db
      .select()
      .from(pendingSchools)
      .where(eq(pendingSchools.id, await paidRegistration()));
    // Then fail statement k of the approval, for every k until the approval runs out of statements.
    for (let k = 1; k <= 50; k++) {
      const [{ id }] = (await t.db
        .insert(pendingSchools)
        .values({
          ...paid!,
          id: crypto.randomUUID(),
          stripeSubscriptionId: `sub_k${k}`,
          stripeCustomerId: `cus_k${k}`,
          stripeCheckoutSessionId: `cs_k${k}`,
        })
        .returning({ id: pendingSchools.id })) as [{ id: string }];
      const before = await approvalEffects(id);
      const approve = () =>
        caller.superAdmin.registrations.approve({ pendingSchoolId: id }).then(
          () => "ok",
          (error: { code?: string }) => error.code ?? "thrown",
        );
      faults.arm(k);
      const result = await approve();
      faults.disarm();
      if (!faults.fired) {
        expect(k, "the approval runs several statements").toBeGreaterThan(3);
        expect(result).toBe("ok");
        expect(await approvalEffects(id)).toEqual(approved(before));
        return;
      }
      const after = await approvalEffects(id);
      const committed = after.status === "approved";
      expect(after, `statement ${k}: all or nothing`).toEqual(committed ? approved(before) : before);
      if (!committed) expect(result, `statement ${k}`).toBe("INTERNAL_SERVER_ERROR");
      expect(await approve()).toBe(committed ? "CONFLICT" : "ok");
      expect(await approvalEffects(id)).toEqual(approved(before));
    }
    throw new Error("the approval never ran out of statements");
  }, 120_000);

  it("Scenario 5: the database failing at any statement of an invoice creation leaves nothing behind, and the retry creates one", async () => {
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const caller = await callerFor(t, admin);
    const input = {
      recipientId: parent.id,
      description: "Bus",
      baseAmount: 100,
      issueDate: "2026-03-02",
      dueDate: "2026-03-17",
    };
    const snapshot = async () => ({
      invoices: await t.db.select().from(invoices).orderBy(invoices.id),
      sequences: await t.db.select().from(invoiceSequences),
      totals: await t.db.select().from(invoiceTotals),
      mails: await count(emailLogs, eq(emailLogs.emailType, "invoice_created")),
      audits: await count(auditLogs, eq(auditLogs.eventType, "invoice.created")),
    });
    faults.count();
    const clean = await caller.schoolAdmin.invoices.create(input);
    const statements = faults.seen;
    expect(clean.invoiceNumber).toBe("INV-2026-001");
    for (let k = 1; k <= statements; k++) {
      const before = await snapshot();
      const queuedBefore = t.queued.length;
      faults.arm(k);
      expect(await failure(caller.schoolAdmin.invoices.create(input)), `statement ${k} of ${statements}`).toMatchObject(
        { code: "INTERNAL_SERVER_ERROR" },
      );
      faults.disarm();
      expect(faults.fired).toBe(true);
      expect(await snapshot(), `statement ${k} of ${statements}: nothing written`).toEqual(before);
      expect(t.queued.length).toBe(queuedBefore);
    }
    // No number was burnt by the failures: the retry takes the next one.
    expect((await caller.schoolAdmin.invoices.create(input)).invoiceNumber).toBe("INV-2026-002");
    expect(await count(invoices)).toBe(2);
    expect(await count(emailLogs, eq(emailLogs.emailType, "invoice_created"))).toBe(2);
  });

  it("Scenario 5: the database failing at any statement of an enrolment leaves no half-made seat, and the parent's retry opens one Checkout", async () => {
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const caller = await callerFor(t, parent);
    const trip = await seedFlightTrip(t.db, { schoolId: school.id, capacity: 40 });
    const enrollChild = async (childId: string) =>
      caller.parent.flightTrips.enroll({ tripId: trip.id, enrollment: { childId, ...ENROLLMENT_FORM } });
    const stateOf = async (childId: string) => ({
      enrollments: await t.db.select().from(flightTripEnrollments).where(eq(flightTripEnrollments.childId, childId)),
      payments: await t.db.select().from(payments).where(eq(payments.kind, "enrollment")),
      audits: await count(auditLogs, eq(auditLogs.eventType, "enrollment_created")),
    });
    faults.count();
    expect(
      (await enrollChild((await seedChild(t.db, { schoolId: school.id, parentId: parent.id, name: "Clean Run" })).id))
        .url,
    ).toBeTruthy();
    const statements = faults.seen;
    expect(statements).toBeGreaterThan(2);
    for (let k = 1; k <= statements; k++) {
      t.clock.advance(CHECKOUT_LIMIT.windowMs); // past the per-parent checkout limit, which counts every attempt
      const child = await seedChild(t.db, { schoolId: school.id, parentId: parent.id, name: `Child ${k}` });
      const paymentsBefore = await count(payments);
      faults.arm(k);
      const attempt = await enrollChild(child.id).then(
        () => null,
        (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
      );
      faults.disarm();
      if (!faults.fired) {
        // This attempt sent fewer statements than the first (whose rate-limit row was new): past its last one.
        expect(attempt, `statement ${k}: succeeds when nothing failed`).toBeNull();
        expect(k).toBeGreaterThan(statements - 2);
        break;
      }
      // Our statement failing is a 500; the local Stripe's own storage failing is Stripe failing.
      expect(
        [{ code: "INTERNAL_SERVER_ERROR" }, { code: "BAD_REQUEST", message: PAYMENT_MESSAGES.checkoutFailed }],
        `statement ${k} of ${statements}`,
      ).toContainEqual(attempt?.code === "INTERNAL_SERVER_ERROR" ? { code: attempt.code } : attempt);
      const after = await stateOf(child.id);
      // No payment row was left behind by the failed attempt.
      expect(await count(payments), `statement ${k}: no payment row`).toBe(paymentsBefore);
      if (after.enrollments.length === 0) {
        // The seat's batch failed: nothing at all, and enrolling again works.
        expect((await enrollChild(child.id)).url).toBeTruthy();
      } else {
        // The seat was taken and the Checkout's writes failed: one pending seat with nothing paid, whose
        // Make Payment (shown for a pending, unpaid enrolment) opens the Checkout.
        expect(after.enrollments).toHaveLength(1);
        expect(after.enrollments[0]).toMatchObject({ status: "pending", paymentStatus: "pending", amountPaidCents: 0 });
        expect(await failure(enrollChild(child.id))).toMatchObject({ code: "CONFLICT" });
        expect((await caller.parent.flightTrips.pay({ enrollmentId: after.enrollments[0]!.id })).url).toBeTruthy();
      }
      const final = await stateOf(child.id);
      expect(final.enrollments, `statement ${k}: one seat`).toHaveLength(1);
      expect(
        final.payments.filter((row) => row.enrollmentId === final.enrollments[0]!.id && row.status === "pending"),
      ).toHaveLength(1);
    }
    // One audit row per seat taken, none for the failed batches.
    expect(await count(auditLogs, eq(auditLogs.eventType, "enrollment_created"))).toBe(
      await count(flightTripEnrollments),
    );
  });

  it("Scenario 5: a double-clicked approve and a double-clicked pay have one effect", async () => {
    const admin = await callerFor(t, await createUser(t.db, "super_admin"));
    const pendingSchoolId = await paidRegistration();
    const before = await approvalEffects(pendingSchoolId);
    const clicks = await Promise.allSettled([
      admin.superAdmin.registrations.approve({ pendingSchoolId }),
      admin.superAdmin.registrations.approve({ pendingSchoolId }),
    ]);
    expect(
      clicks.map((click) => (click.status === "fulfilled" ? "ok" : (click.reason as { code: string }).code)).sort(),
    ).toEqual(["CONFLICT", "ok"]);
    expect(await approvalEffects(pendingSchoolId)).toEqual(approved(before));

    const { parent, invoice } = await parentWithInvoice(t, school.id);
    const parentCaller = await callerFor(t, parent);
    const starts = await Promise.all(
      [1, 2].map(() => parentCaller.parent.payments.startInvoiceCheckout({ invoiceId: invoice.id })),
    );
    expect(starts[1]!.url).toBe(starts[0]!.url);
    expect(await count(payments, eq(payments.invoiceId, invoice.id))).toBe(1);
    // Stripe's own Pay button completes its session once; a second press finds it complete.
    const press = () =>
      t.app.request(`http://localhost:8787/dev/stripe/checkout/${starts[0]!.url.split("/").pop()}/pay`, {
        method: "POST",
      });
    expect((await press()).status).toBe(303);
    await press();
    // Pay again in the app after paying: refused, nothing new.
    expect(await failure(parentCaller.parent.payments.startInvoiceCheckout({ invoiceId: invoice.id }))).toMatchObject({
      code: "CONFLICT",
    });
    await expectPaidOnce(invoice.id, parent.email);
  });

  it("Scenario 6: a commit whose enqueue fails is sent by the outbox sweep, once; a message whose row is missing is acked", async () => {
    const admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const send = t.deps.queue.send;
    t.deps.queue.send = async () => {
      throw new Error("queue unavailable");
    };
    const created = await admin.schoolAdmin.invoices.create({
      recipientId: parent.id,
      description: "Bus",
      baseAmount: 100,
      issueDate: "2026-03-02",
      dueDate: "2026-03-17",
    });
    t.deps.queue.send = send;
    expect(t.queued).toEqual([]);
    const mail = await lastEmailTo(t.db, parent.email, "invoice_created");
    expect(mail).toMatchObject({ relatedId: created.id, status: "pending" });
    t.clock.advance(6 * MINUTE);
    await runScheduled(cronDeps(), t.clock.now());
    expect(t.queued).toEqual([{ kind: "email", emailLogId: mail.id }]);
    const { deps, sent } = recordingConsumer(t);
    const outcomes: string[] = [];
    const message = (id: string, emailLogId: string) => ({
      id,
      body: { kind: "email" as const, emailLogId },
      attempts: 1,
      ack: () => void outcomes.push(`${id}:ack`),
      retry: () => void outcomes.push(`${id}:retry`),
    });
    await consumeBatch(deps, {
      queue: "schoolride-email",
      messages: [message("a", mail.id), message("b", mail.id), message("c", "no-such-row")],
    });
    expect(outcomes).toEqual(["a:ack", "b:ack", "c:ack"]);
    expect(sent).toEqual([mail.id]);
    t.clock.advance(6 * MINUTE);
    await runScheduled(cronDeps(), t.clock.now());
    expect(t.queued).toHaveLength(1);
  });

  it("Scenario 7: the cron run twice, overlapping or skipped, does each job once; Connect losing charges_enabled mid-cycle stops payments", async () => {
    const { parent, invoice } = await parentWithInvoice(t, school.id);
    await t.db.update(invoices).set({ dueDate: "2026-02-01" }).where(eq(invoices.id, invoice.id));
    await Promise.all([
      runScheduled(cronDeps(), t.clock.now()),
      runScheduled(cronDeps(), t.clock.now()),
      markOverdueInvoices(cronDeps(), t.clock.now()),
    ]);
    // Five hours without a run, then two runs in the same hour.
    t.clock.advance(5 * 60 * MINUTE);
    await runScheduled(cronDeps(), t.clock.now());
    await runScheduled(cronDeps(), t.clock.now());
    expect((await t.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status).toBe("overdue");
    expect(await count(emailLogs, eq(emailLogs.emailType, "invoice_overdue"))).toBe(1);
    expect(await count(notifications)).toBe(1);

    const accountUpdated = stripeEvent(
      "account.updated",
      {
        id: ACCOUNT,
        object: "account",
        details_submitted: true,
        charges_enabled: false,
        payouts_enabled: true,
        requirements: { currently_due: [] },
      },
      t.clock.now(),
      ACCOUNT,
    );
    const delivered = await postSigned(t, accountUpdated, {}, "/api/stripe/connect-webhook");
    expect(delivered.status).toBe(200);
    expect(
      await failure((await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId: invoice.id })),
    ).toMatchObject({ code: "PRECONDITION_FAILED" });
    expect(await count(payments)).toBe(0);
  });

  it("Scenario 8: one reset link used twice at once works once and ends the other sessions; a parent deactivated mid-session is signed out", async () => {
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const live = await Promise.all(
      [1, 2].map(async () => (await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now())).cookie),
    );
    await mutate(t.app, "auth.requestPasswordReset", { role: "parent", email: parent.email }, { ip: "203.0.113.80" });
    const token = tokenIn((await lastEmailTo(t.db, parent.email, "password_reset")).textBody);
    const uses = await Promise.all(
      ["first passphrase", "second passphrase"].map((password) =>
        mutate(t.app, "auth.resetPassword", { token, password, confirmPassword: password }),
      ),
    );
    expect(uses.map((use) => use.status).sort()).toEqual([200, 400].sort());
    for (const cookie of live) expect((await query(t.app, "auth.me", undefined, { cookie })).data).toBeNull();
    expect(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "parent", email: parent.email, password: PASSWORD },
          { ip: "203.0.113.81" },
        )
      ).status,
    ).not.toBe(200);

    const other = await createUser(t.db, "parent", { schoolId: school.id });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, other, t.clock.now());
    expect((await query(t.app, "parent.overview", undefined, { cookie })).status).toBe(200);
    await (
      await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }))
    ).schoolAdmin.parents.setActive({ parentId: other.id, active: false });
    expect((await query(t.app, "parent.overview", undefined, { cookie })).status).toBe(401);
    expect(await count(sessions, eq(sessions.userId, other.id))).toBe(0);
  });
});
