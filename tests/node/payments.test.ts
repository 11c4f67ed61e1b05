import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditLogs,
  devStripeObjects,
  emailLogs,
  invoices,
  notifications,
  payments,
  schools,
} from "#db/schema/index.ts";
import { applicationFeeCents } from "#shared/fees.ts";
import { PAYMENT_MESSAGES } from "#shared/payment-texts.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { text } from "#worker/i18n/texts.ts";
import { CHECKOUT_LIMIT } from "#worker/services/payments/checkout.ts";
import { receiptEmailId } from "#worker/services/payments/payment-events.ts";
import { paymentsOwedRefund, refundWhatIsDue } from "#worker/services/payments/refunds.ts";
import { PAYMENT_REFUSALS } from "#worker/services/refusal-texts.ts";
import { signStripePayload, stripeEvent } from "#worker/stripe/events.ts";
import type { SimCheckoutSession } from "#worker/stripe/simulator.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { checkoutSessionOf, postStripeEvent } from "../support/stripe-checkout.ts";

const ACCOUNT = "acct_maple_test";
const connected = {
  stripeConnectAccountId: ACCOUNT,
  connectDetailsSubmitted: true,
  connectChargesEnabled: true,
  connectPayoutsEnabled: true,
  connectRequirementsDue: [],
  platformFeeBps: 750,
};

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let invoiceCounter = 0;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, connected);
});
afterEach(() => t.close());

type Parent = Awaited<ReturnType<typeof createUser>>;

async function createInvoice(
  schoolId: string,
  recipientId: string,
  overrides: Partial<typeof invoices.$inferInsert> = {},
) {
  invoiceCounter += 1;
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      schoolId,
      recipientId,
      invoiceNumber: `INV-2026-${String(invoiceCounter).padStart(3, "0")}`,
      description: "Spring term bus",
      baseAmountCents: 10_000,
      feeCents: 500,
      amountCents: 10_500,
      feeBps: 500,
      issueDate: "2026-03-01",
      dueDate: "2026-03-16",
      ...overrides,
    })
    .returning();
  return invoice!;
}

async function parentWithInvoice(overrides: Partial<typeof invoices.$inferInsert> = {}) {
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  return { parent, invoice: await createInvoice(school.id, parent.id, overrides) };
}

async function pay(parent: Parent, invoiceId: string) {
  return (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId });
}

const sessionOf = (url: string) => checkoutSessionOf(t, url);
const post = (event: object, secret?: string) => postStripeEvent(t, event, secret);

const invoiceRow = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const paymentRows = (invoiceId: string) => t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const receipts = (to: string) =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, "payment_receipt")));
const audits = (type: string) => t.db.select().from(auditLogs).where(eq(auditLogs.eventType, type));
/** The school's admins told of something about this invoice (an admin id per notice, sorted). */
const adminNotices = async (title: string, invoiceNumber: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.title, title), eq(notifications.recipientRole, "school_admin")))
  )
    .filter((row) => row.message.includes(invoiceNumber))
    .map((row) => row.recipientId)
    .sort();

/** A paid Checkout: the events the simulated Checkout sends, plus a failed attempt before it. */
async function paidCheckout(parent: Parent, invoiceId: string) {
  const session = await sessionOf((await pay(parent, invoiceId)).url);
  const t0 = t.clock.now();
  const { events } = await payPaymentSession(t.db, session, new Date(t0.getTime() + 2000));
  const [, intentSucceeded, sessionCompleted] = events;
  const intent = intentSucceeded!.data.object as {
    id: string;
    amount: number;
    metadata: Record<string, string>;
    application_fee_amount: number;
  };
  const failed = stripeEvent(
    "payment_intent.payment_failed",
    {
      id: intent.id,
      object: "payment_intent",
      amount: intent.amount,
      metadata: intent.metadata,
      application_fee_amount: intent.application_fee_amount,
    },
    t0,
    ACCOUNT,
  );
  // The PaymentIntent event a second later than the session's, so "earliest time wins" is visible.
  const later = { ...intentSucceeded!, created: intentSucceeded!.created + 1 };
  return {
    session,
    intentId: intent.id,
    events: { sessionCompleted: sessionCompleted!, intentSucceeded: later, failed },
  };
}

describe("starting a checkout", () => {
  it("creates a direct charge on the school's account with the platform's application fee", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const { url } = await pay(parent, invoice.id);
    const session = await sessionOf(url);
    expect(url).toBe(`http://localhost:8787/dev/stripe/checkout/${session.id}`);
    expect(session).toMatchObject({
      mode: "payment",
      account: ACCOUNT,
      amount_total: 10_500,
      currency: "usd",
      customer_email: parent.email,
      description: `Invoice ${invoice.invoiceNumber}: Spring term bus`,
      metadata: { kind: "invoice", invoiceId: invoice.id, schoolId: school.id, parentId: parent.id },
      payment_intent_data: {
        metadata: { kind: "invoice", invoiceId: invoice.id, schoolId: school.id, parentId: parent.id },
      },
      success_url: "http://localhost:8787/parent/invoices?payment=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:8787/parent/invoices?payment=cancelled",
    });
    // 7.5 % of $105.00 is 787.5 cents: half-up to 788.
    expect(session.payment_intent_data.application_fee_amount).toBe(788);
    expect(applicationFeeCents(10_500, 750)).toBe(788);
    const [row] = await paymentRows(invoice.id);
    expect(row).toMatchObject({
      status: "pending",
      stripeCheckoutSessionId: session.id,
      stripeAccountId: ACCOUNT,
      amountCents: 10_500,
      applicationFeeCents: 788,
      parentId: parent.id,
    });
    expect(await audits("payment_checkout_started")).toHaveLength(1);
  });

  it("ST4 a double click (sequential or concurrent) gets the same session and one payment row", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const first = await pay(parent, invoice.id);
    const again = await Promise.all([pay(parent, invoice.id), pay(parent, invoice.id)]);
    expect(again.map((r) => r.url)).toEqual([first.url, first.url]);
    const rows = await paymentRows(invoice.id);
    expect(rows.map((row) => row.stripeCheckoutSessionId)).toEqual([(await sessionOf(first.url)).id]);
  });

  it("a new checkout an hour later expires the earlier one: the invoice can only be paid through the newest", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const first = await sessionOf((await pay(parent, invoice.id)).url);
    t.clock.advance(61 * MINUTE);
    const second = await sessionOf((await pay(parent, invoice.id)).url);
    expect(second.id).not.toBe(first.id);
    expect((await sessionOf(first.url)).status).toBe("expired");
    expect((await paymentRows(invoice.id)).map((row) => [row.stripeCheckoutSessionId, row.status]).sort()).toEqual(
      [
        [first.id, "failed"],
        [second.id, "pending"],
      ].sort(),
    );
    // The old tab's Pay is refused by Stripe; the new one pays once.
    expect(
      (await t.app.request(`http://localhost:8787/dev/stripe/checkout/${first.id}/pay`, { method: "POST" })).status,
    ).toBe(410);
    expect(
      (await t.app.request(`http://localhost:8787/dev/stripe/checkout/${second.id}/pay`, { method: "POST" })).status,
    ).toBe(303);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid" });
    expect((await paymentRows(invoice.id)).filter((row) => row.status === "succeeded")).toHaveLength(1);
  });

  it("an earlier checkout already completed (its webhook not yet in): a new Pay is refused and its session expired", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const first = await sessionOf((await pay(parent, invoice.id)).url);
    await t.db
      .update(devStripeObjects)
      .set({ data: { ...first, status: "complete", payment_status: "paid" } })
      .where(eq(devStripeObjects.id, first.id));
    t.clock.advance(61 * MINUTE);
    expect(await failure(pay(parent, invoice.id))).toEqual({
      code: "CONFLICT",
      message: PAYMENT_MESSAGES.alreadyProcessing,
    });
    const sessions = (
      await t.db.select().from(devStripeObjects).where(eq(devStripeObjects.type, "checkout.session"))
    ).map((row) => row.data as unknown as SimCheckoutSession);
    expect(sessions.map((session) => session.status).sort()).toEqual(["complete", "expired"]);
  });

  it("AZ2 a parent can never pay another parent's invoice, another school's, or an unknown id", async () => {
    const { invoice: sibling } = await parentWithInvoice();
    const otherSchool = await createSchool(t.db, { ...connected, stripeConnectAccountId: "acct_other_school" });
    const otherParent = await createUser(t.db, "parent", { schoolId: otherSchool.id });
    const foreign = await createInvoice(otherSchool.id, otherParent.id);
    const { parent } = await parentWithInvoice();
    const answers = [];
    for (const id of [sibling.id, foreign.id, "no-such-invoice"]) answers.push(await failure(pay(parent, id)));
    expect(answers).toEqual(Array(3).fill({ code: "NOT_FOUND", message: PAYMENT_MESSAGES.invoiceNotFound }));
    expect(await t.db.$count(devStripeObjects, eq(devStripeObjects.type, "checkout.session"))).toBe(0);
    expect(await t.db.$count(payments)).toBe(0);
  });

  it("refuses a paid or refunded invoice, and an amount under Stripe's minimum", async () => {
    const { parent, invoice } = await parentWithInvoice({ status: "paid" });
    expect(await failure(pay(parent, invoice.id))).toEqual({ code: "CONFLICT", message: PAYMENT_MESSAGES.alreadyPaid });
    const refunded = await createInvoice(school.id, parent.id, { status: "refunded" });
    expect(await failure(pay(parent, refunded.id))).toEqual({ code: "CONFLICT", message: PAYMENT_MESSAGES.refunded });
    const tiny = await createInvoice(school.id, parent.id, { baseAmountCents: 40, feeCents: 0, amountCents: 40 });
    expect((await failure(pay(parent, tiny.id))).message).toBe(text("en", PAYMENT_REFUSALS.belowMinimum("$0.50")));
    expect(await t.db.$count(payments)).toBe(0);
  });

  it("ST5 refuses while the school's charges or payouts are disabled, requirements are due, or no account is connected", async () => {
    const { parent, invoice } = await parentWithInvoice({ status: "overdue" });
    const states = [
      { connectChargesEnabled: false },
      { connectPayoutsEnabled: false },
      { connectRequirementsDue: ["external_account"] },
      { connectDetailsSubmitted: false },
      { stripeConnectAccountId: null },
    ];
    for (const state of states) {
      await t.db
        .update(schools)
        .set({ ...connected, ...state })
        .where(eq(schools.id, school.id));
      expect(await failure(pay(parent, invoice.id))).toEqual({
        code: "PRECONDITION_FAILED",
        message: text("en", PAYMENT_REFUSALS.schoolCannotTakePayments(school.name)),
      });
    }
    expect(await t.db.$count(devStripeObjects, eq(devStripeObjects.type, "checkout.session"))).toBe(0);
    expect(await t.db.$count(payments)).toBe(0);
    // Once Stripe lets the account charge again, the same overdue invoice can be paid.
    await t.db.update(schools).set(connected).where(eq(schools.id, school.id));
    expect((await pay(parent, invoice.id)).url).toContain("/dev/stripe/checkout/");
  });

  it("ST5 account.updated with requirements currently_due (signed, on the Connect endpoint) blocks payment until Stripe clears them", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const account = (currentlyDue: string[]) => ({
      id: ACCOUNT,
      object: "account",
      details_submitted: true,
      charges_enabled: currentlyDue.length === 0,
      payouts_enabled: currentlyDue.length === 0,
      requirements: { currently_due: currentlyDue },
    });
    const deliver = async (event: object) => {
      const payload = JSON.stringify(event);
      const signature = await signStripePayload(
        { stripe: t.deps.stripe, webhookSecret: t.deps.stripeWebhookSecret },
        payload,
        t.clock.now(),
      );
      const response = await t.app.request("http://localhost:8787/api/stripe/connect-webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      expect(response.status).toBe(200);
    };
    await deliver(
      stripeEvent("account.updated", account(["individual.verification.document"]), t.clock.now(), ACCOUNT),
    );
    expect(await failure(pay(parent, invoice.id))).toEqual({
      code: "PRECONDITION_FAILED",
      message: text("en", PAYMENT_REFUSALS.schoolCannotTakePayments(school.name)),
    });
    expect(await t.db.$count(payments)).toBe(0);
    t.clock.advance(MINUTE);
    await deliver(stripeEvent("account.updated", account([]), t.clock.now(), ACCOUNT));
    expect((await pay(parent, invoice.id)).url).toContain("/dev/stripe/checkout/");
  });

  it("starting checkouts is rate-limited per parent (CHECKOUT_LIMIT.max per window)", async () => {
    const { parent, invoice } = await parentWithInvoice();
    for (let i = 0; i < CHECKOUT_LIMIT.max; i++) await pay(parent, invoice.id);
    expect((await failure(pay(parent, invoice.id))).code).toBe("TOO_MANY_REQUESTS");
    t.clock.advance(CHECKOUT_LIMIT.windowMs);
    expect((await pay(parent, invoice.id)).url).toContain("/dev/stripe/checkout/");
  });
});

describe("payment webhooks", () => {
  it("the simulated Checkout pays through the signed webhook: invoice paid, one payment, one receipt on the queue", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const session = await sessionOf((await pay(parent, invoice.id)).url);
    const response = await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session.id}/pay`, {
      method: "POST",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `http://localhost:8787/parent/invoices?payment=success&session_id=${session.id}`,
    );
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidAt: t.clock.now() });
    const [payment, ...others] = await paymentRows(invoice.id);
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({
      status: "succeeded",
      amountCents: 10_500,
      applicationFeeCents: 788,
      stripeCheckoutSessionId: session.id,
      stripeAccountId: ACCOUNT,
    });
    expect(payment!.stripePaymentIntentId).toMatch(/^pi_/);
    expect(payment!.stripeChargeId).toMatch(/^ch_/);
    const [receipt, ...moreReceipts] = await receipts(parent.email);
    expect(moreReceipts).toHaveLength(0);
    expect(receipt!.id).toBe(receiptEmailId(payment!.stripePaymentIntentId!));
    expect(receipt!.textBody).toContain("$105.00");
    expect(t.queued).toContainEqual({ kind: "email", emailLogId: receipt!.id });
    expect(await audits("invoice_paid")).toHaveLength(1);
  });

  it("back from Checkout, the parent reads which invoice the session pays: pending until the webhook marks it paid, then the day; no one else's", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const session = await sessionOf((await pay(parent, invoice.id)).url);
    const api = await callerFor(t, parent);
    expect(await api.parent.invoices.checkoutStatus({ sessionId: session.id })).toEqual({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      status: "pending",
      paidOn: null,
    });
    await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session.id}/pay`, { method: "POST" });
    expect(await api.parent.invoices.checkoutStatus({ sessionId: session.id })).toEqual({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      status: "paid",
      paidOn: t.clock.now().toISOString().slice(0, 10),
    });
    // Another family of the school, and an unknown session: not found, the same way.
    const neighbour = await callerFor(t, await createUser(t.db, "parent", { schoolId: school.id }));
    for (const [caller, sessionId] of [
      [neighbour, session.id],
      [api, "cs_test_unknown"],
    ] as const) {
      expect(await failure(caller.parent.invoices.checkoutStatus({ sessionId }))).toEqual({
        code: "NOT_FOUND",
        message: PAYMENT_MESSAGES.invoiceNotFound,
      });
    }
    expect((await failure(api.parent.invoices.checkoutStatus({ sessionId: "" }))).code).toBe("BAD_REQUEST");
  });

  it("ST2 the same event twice, sequential and concurrent, gives one payment and one receipt", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const { events } = await paidCheckout(parent, invoice.id);
    await post(events.sessionCompleted);
    await post(events.sessionCompleted);
    const replies = await Promise.all([
      post(events.intentSucceeded),
      post(events.intentSucceeded),
      post(events.sessionCompleted),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await paymentRows(invoice.id)).toHaveLength(1);
    expect(await receipts(parent.email)).toHaveLength(1);
    expect(await audits("invoice_paid")).toHaveLength(1);
  });

  it("ST3 every order of completed, succeeded and failed, with duplicates, gives the same final state", async () => {
    // Two active admins are told once each of the payment and of the failed attempt; a deactivated one is not.
    const admins = [
      await createUser(t.db, "school_admin", { schoolId: school.id }),
      await createUser(t.db, "school_admin", { schoolId: school.id }),
    ];
    await createUser(t.db, "school_admin", { schoolId: school.id, isActive: false });
    const told = admins.map((admin) => admin.id).sort();
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(["sessionCompleted", "intentSucceeded", "failed"] as const, { minLength: 3, maxLength: 3 }),
        fc.array(
          fc.constantFrom("sessionCompleted", "intentSucceeded", "failed") as fc.Arbitrary<
            "sessionCompleted" | "intentSucceeded" | "failed"
          >,
          { maxLength: 3 },
        ),
        fc.boolean(),
        async (order, duplicates, concurrent) => {
          const { parent, invoice } = await parentWithInvoice();
          const { session, intentId, events } = await paidCheckout(parent, invoice.id);
          const sequence = [...order, ...duplicates].map((name) => events[name]);
          if (concurrent) await Promise.all(sequence.map((event) => post(event)));
          else for (const event of sequence) expect((await post(event)).status).toBe(200);
          const paidAt = new Date(events.sessionCompleted.created * 1000);
          expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidAt });
          const rows = await paymentRows(invoice.id);
          expect(rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...row }) => row)).toEqual([
            {
              schoolId: school.id,
              parentId: parent.id,
              kind: "invoice",
              refundDueCents: 0,
              refundedCents: 0,
              invoiceId: invoice.id,
              enrollmentId: null,
              schoolName: null,
              invoiceNumber: null,
              amountCents: 10_500,
              applicationFeeCents: 788,
              status: "succeeded",
              stripeCheckoutSessionId: session.id,
              stripePaymentIntentId: intentId,
              stripeAccountId: ACCOUNT,
              stripeChargeId: expect.stringMatching(/^ch_/),
              paidAt,
              refundedAt: null,
            },
          ]);
          expect(await receipts(parent.email)).toHaveLength(1);
          expect(await adminNotices("Payment received", invoice.invoiceNumber)).toEqual(told);
          expect(await adminNotices("Payment failed", invoice.invoiceNumber)).toEqual(told);
        },
      ),
      { numRuns: 24 },
    );
  });

  it("a second failed attempt of the same Checkout (another event) tells the school's admins nothing more", async () => {
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const { parent, invoice } = await parentWithInvoice();
    const { events } = await paidCheckout(parent, invoice.id);
    const intent = events.failed.data.object as unknown as Record<string, unknown>;
    const again = stripeEvent("payment_intent.payment_failed", intent as never, t.clock.now(), ACCOUNT);
    expect(again.id).not.toBe(events.failed.id);
    for (const event of [events.failed, again, events.failed]) expect((await post(event)).status).toBe(200);
    expect(await audits("invoice_payment_failed")).toHaveLength(2);
    expect(await adminNotices("Payment failed", invoice.invoiceNumber)).toEqual([admin.id]);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.title, "Payment failed"));
    expect(notice).toMatchObject({
      type: "warning",
      category: "payment",
      message: `A card payment of $105.00 by ${parent.name} for invoice ${invoice.invoiceNumber} failed.`,
    });
  });

  it("a failure after a success changes nothing", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const { events } = await paidCheckout(parent, invoice.id);
    await post(events.intentSucceeded);
    await post(events.sessionCompleted);
    await post({ ...events.failed, created: events.intentSucceeded.created + 60 });
    expect((await paymentRows(invoice.id)).map((row) => row.status)).toEqual(["succeeded"]);
    expect((await invoiceRow(invoice.id)).status).toBe("paid");
  });

  it("ignores an event from another connected account, or from none", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const { events } = await paidCheckout(parent, invoice.id);
    for (const account of ["acct_somebody_else", undefined]) {
      for (const event of [events.sessionCompleted, events.intentSucceeded]) {
        const { account: _drop, ...rest } = event as typeof event & { account?: string };
        expect(
          (await post({ ...rest, id: `${event.id}_${account ?? "none"}`, ...(account ? { account } : {}) })).status,
        ).toBe(200);
      }
    }
    expect((await invoiceRow(invoice.id)).status).toBe("pending");
    expect((await paymentRows(invoice.id)).map((row) => row.status)).toEqual(["pending"]);
    expect(await receipts(parent.email)).toHaveLength(0);
  });

  it("MN1 a payment of less than the invoice's total does not pay the invoice: it is recorded and refunded, and the invoice stays owed", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const { events } = await paidCheckout(parent, invoice.id);
    const intent = events.intentSucceeded.data.object as unknown as Record<string, unknown>;
    await post({ ...events.intentSucceeded, data: { object: { ...intent, amount: 100, amount_received: 100 } } });
    expect((await invoiceRow(invoice.id)).status).toBe("pending");
    expect((await paymentRows(invoice.id)).find((row) => row.amountCents === 100)).toMatchObject({
      status: "refunded",
      refundDueCents: 100,
      refundedCents: 100,
    });
  });

  it("ST1 a bad signature is refused with 400 and changes nothing", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const { events } = await paidCheckout(parent, invoice.id);
    expect((await post(events.sessionCompleted, "whsec_somebody_else")).status).toBe(400);
    expect((await invoiceRow(invoice.id)).status).toBe("pending");
    expect((await paymentRows(invoice.id)).map((row) => row.status)).toEqual(["pending"]);
  });

  it("charge.refunded (the dev dashboard's Refund) marks the payment and the invoice refunded, once", async () => {
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const { parent, invoice } = await parentWithInvoice();
    const session = await sessionOf((await pay(parent, invoice.id)).url);
    await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session.id}/pay`, { method: "POST" });
    const [payment] = await paymentRows(invoice.id);
    t.clock.advance(5 * MINUTE);
    const page = await (await t.app.request("http://localhost:8787/dev/stripe/payments")).text();
    expect(page).toContain(payment!.stripePaymentIntentId!);
    for (let i = 0; i < 2; i++) {
      const response = await t.app.request(
        `http://localhost:8787/dev/stripe/payments/${payment!.stripePaymentIntentId}/refund`,
        { method: "POST" },
      );
      expect(response.status).toBe(303);
    }
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "refunded", refundedAt: t.clock.now() });
    expect((await paymentRows(invoice.id)).map((row) => [row.status, row.refundedAt])).toEqual([
      ["refunded", t.clock.now()],
    ]);
    expect(await t.db.$count(emailLogs, eq(emailLogs.emailType, "payment_refunded"))).toBe(1);
    expect(await audits("invoice_refunded")).toHaveLength(1);
    expect(await adminNotices("Refund completed", invoice.invoiceNumber)).toEqual([admin.id]);
    expect(await adminNotices("Payment received", invoice.invoiceNumber)).toEqual([admin.id]);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.title, "Refund completed"));
    expect(notice).toMatchObject({
      category: "payment",
      message: `$105.00 was refunded to ${parent.name} for invoice ${invoice.invoiceNumber}.`,
    });
    // A late success event cannot make it paid again.
    const { events } = await paidCheckout(parent, (await createInvoice(school.id, parent.id)).id);
    expect((await post(events.sessionCompleted)).status).toBe(200);
    expect((await invoiceRow(invoice.id)).status).toBe("refunded");
  });

  it("ST4 refundWhatIsDue refunds what is due on the charge's connected account with the application fee, once however often it is asked", async () => {
    const { parent, invoice } = await parentWithInvoice();
    const session = await sessionOf((await pay(parent, invoice.id)).url);
    await t.app.request(`http://localhost:8787/dev/stripe/checkout/${session.id}/pay`, { method: "POST" });
    const [payment] = await paymentRows(invoice.id);
    await t.db.update(payments).set({ refundDueCents: payment!.amountCents }).where(eq(payments.id, payment!.id));
    const [row] = await paymentsOwedRefund(t.db, eq(payments.id, payment!.id));
    const create = vi.spyOn(t.deps.stripe.refunds, "create");
    t.clock.advance(5 * MINUTE);
    // Twice at once (a double click), then again later (a retry): one refund, every call succeeds.
    const results = await Promise.all([
      refundWhatIsDue(t.deps, [row!], "test", t.clock.now()),
      refundWhatIsDue(t.deps, [row!], "test", t.clock.now()),
    ]);
    expect(await refundWhatIsDue(t.deps, [row!], "test", t.clock.now())).toEqual({ requested: 0, failed: [] });
    expect(results.map((result) => result.failed)).toEqual([[], []]);
    expect(create.mock.calls[0]).toEqual([
      {
        payment_intent: row!.stripePaymentIntentId,
        amount: payment!.amountCents,
        refund_application_fee: true,
        metadata: { payment_id: row!.id, reason: "test" },
      },
      { stripeAccount: row!.stripeAccountId, idempotencyKey: `refund-${row!.stripePaymentIntentId}-0` },
    ]);
    create.mockRestore();
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "refunded", refundedAt: t.clock.now() });
    expect((await paymentRows(invoice.id)).map((p) => p.status)).toEqual(["refunded"]);
    expect(await t.db.$count(emailLogs, eq(emailLogs.emailType, "payment_refunded"))).toBe(1);
    // Another account's payment intent is not found there: reported as failed, nothing refunded.
    const { parent: other, invoice: otherInvoice } = await parentWithInvoice();
    const otherSession = await sessionOf((await pay(other, otherInvoice.id)).url);
    await t.app.request(`http://localhost:8787/dev/stripe/checkout/${otherSession.id}/pay`, { method: "POST" });
    const [otherPayment] = await paymentRows(otherInvoice.id);
    const wrongAccount = {
      ...row!,
      id: otherPayment!.id,
      stripePaymentIntentId: otherPayment!.stripePaymentIntentId!,
      stripeAccountId: "acct_someone_else",
    };
    expect(await refundWhatIsDue(t.deps, [wrongAccount], "test", t.clock.now())).toEqual({
      requested: 0,
      failed: [otherPayment!.id],
    });
    expect((await paymentRows(otherInvoice.id)).map((p) => p.status)).toEqual(["succeeded"]);
  });
});
