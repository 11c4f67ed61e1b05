import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLogs,
  devStripeObjects,
  emailLogs,
  invoices,
  notificationSends,
  notifications,
  paymentSettings,
  payments,
} from "#db/schema/index.ts";
import { INVOICE_CORRECTION_MESSAGES, INVOICE_MESSAGES } from "#shared/invoices.ts";
import { PAYMENT_MESSAGES } from "#shared/payment-texts.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { EMAIL_SEND_LIMITS } from "#worker/services/email/limits.ts";
import { invoiceRefundsDue } from "#worker/services/invoices/refunds.ts";
import type { SimCheckoutSession } from "#worker/stripe/simulator.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { checkoutSessionOf, postStripeEvent } from "../support/stripe-checkout.ts";

/**
 * Issue 25, ADR 0041: a school admin voids, edits, resends and marks paid an invoice. Each is
 * idempotent under a double click, refuses another school's invoice, and keeps the money rules of
 * ADR 0037: a card payment that arrives after a void or a cash payment goes back, whole.
 */
let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let parent: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { name: "Maple Test", platformFeeBps: 500 });
  admin = await createUser(t.db, "school_admin", { schoolId: school.id, name: "Avery Admin" });
  parent = await createUser(t.db, "parent", { schoolId: school.id, name: "Jamie Rivera" });
});
afterEach(() => t.close());

const asAdmin = () => callerFor(t, admin);
const asParent = () => callerFor(t, parent);

/** A pending invoice of $100 + 5 % made through Create Invoice (the school's default settings). */
async function newInvoice(overrides: Record<string, unknown> = {}) {
  const api = await asAdmin();
  return api.schoolAdmin.invoices.create({
    recipientId: parent.id,
    description: "Spring term bus",
    baseAmount: 100,
    issueDate: "2026-03-02",
    dueDate: "2026-03-17",
    ...overrides,
  });
}

const invoiceRow = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const paymentRows = (invoiceId: string) => t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const audits = (type: string) => t.db.select().from(auditLogs).where(eq(auditLogs.eventType, type));
const emailsOf = (type: string) =>
  t.db
    .select()
    .from(emailLogs)
    .where(and(eq(emailLogs.emailType, type as never), eq(emailLogs.recipientEmail, parent.email)));
const parentNotices = (title: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, parent.id), eq(notifications.title, title)));

/** A Checkout the parent opened, paid at Stripe, whose events are not delivered yet. */
async function paidCheckoutInFlight(invoiceId: string) {
  const { url } = await (await asParent()).parent.payments.startInvoiceCheckout({ invoiceId });
  const session = await checkoutSessionOf(t, url);
  const { events } = await payPaymentSession(t.db, session, t.clock.now());
  return { session, events };
}

const simSession = async (id: string) =>
  (await t.db.select().from(devStripeObjects).where(eq(devStripeObjects.id, id)))[0]!
    .data as unknown as SimCheckoutSession;

/** What Stripe charged and refunded (the simulator's own records), against what the invoices keep. */
async function books() {
  const charges = (await t.db.select().from(devStripeObjects).where(eq(devStripeObjects.type, "charge"))).map(
    (row) => row.data as { amount: number; amount_refunded: number },
  );
  const rows = await t.db.select().from(payments);
  return {
    charged: charges.reduce((sum, charge) => sum + charge.amount, 0),
    refundedByStripe: charges.reduce((sum, charge) => sum + charge.amount_refunded, 0),
    kept: rows
      .filter((row) => row.status !== "pending" && row.status !== "failed")
      .reduce((sum, row) => sum + row.amountCents - row.refundedCents, 0),
    owed: rows.filter((row) => row.refundDueCents > row.refundedCents).length,
  };
}

describe("the invoices' refund rule (ADR 0037, ADR 0041)", () => {
  const held = [
    { id: "first", amountCents: 10_500, refundDueCents: 0 },
    { id: "second", amountCents: 10_500, refundDueCents: 0 },
  ];
  it("a paid-online invoice keeps its earliest full payment; every other goes back", () => {
    expect(invoiceRefundsDue({ status: "paid", amountCents: 10_500, paymentMethod: "online" }, held)).toEqual(
      new Map([["second", 10_500]]),
    );
  });
  it("a void invoice, or one paid by cash, cheque or bank transfer, keeps no online payment", () => {
    for (const invoice of [
      { status: "void", amountCents: 10_500, paymentMethod: null },
      { status: "paid", amountCents: 10_500, paymentMethod: "cash" },
      { status: "paid", amountCents: 10_500, paymentMethod: "cheque" },
      { status: "paid", amountCents: 10_500, paymentMethod: "bank_transfer" },
    ] as const) {
      expect(invoiceRefundsDue(invoice, held), JSON.stringify(invoice)).toEqual(
        new Map([
          ["first", 10_500],
          ["second", 10_500],
        ]),
      );
    }
  });
  it("a payment above the invoice's amount (a Checkout opened before it was lowered) gives the difference back; decisions only grow", () => {
    expect(invoiceRefundsDue({ status: "paid", amountCents: 8_000, paymentMethod: "online" }, held)).toEqual(
      new Map([
        ["first", 2_500],
        ["second", 10_500],
      ]),
    );
    expect(
      invoiceRefundsDue({ status: "paid", amountCents: 8_000, paymentMethod: "online" }, [
        { id: "first", amountCents: 10_500, refundDueCents: 2_500 },
      ]),
    ).toEqual(new Map());
  });
});

describe("void", () => {
  it("a pending invoice turns void with its reason in the audit log; the parent is told in the app and by e-mail; it can no longer be paid", async () => {
    const invoice = await newInvoice();
    const api = await asAdmin();
    expect(await api.schoolAdmin.invoices.void({ invoiceId: invoice.id, reason: "Charged twice by mistake" })).toEqual({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      status: "void",
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "void",
      voidReason: "Charged twice by mistake",
      voidedAt: t.clock.now(),
    });
    const [audit] = await audits("invoice.voided");
    expect(audit).toMatchObject({
      userId: admin.id,
      schoolId: school.id,
      metadata: expect.objectContaining({ reason: "Charged twice by mistake", invoice_id: invoice.id }),
    });
    const [mail] = await emailsOf("invoice_voided");
    expect(mail!.textBody).toContain("Charged twice by mistake");
    expect(mail!.subject).toBe(`Maple Test: invoice ${invoice.invoiceNumber} is void`);
    expect(t.queued).toContainEqual({ kind: "email", emailLogId: mail!.id });
    const [notice] = await parentNotices("Invoice voided");
    expect(notice!.message).toContain("Reason: Charged twice by mistake");
    expect(notice!.category).toBe("payment");
    // The parent's list says Void, and Pay is refused.
    const mine = await (await asParent()).parent.invoices.list({ tab: "all", page: 1 });
    expect(mine.rows[0]).toMatchObject({ status: "void" });
    expect(mine.counts.void).toBe(1);
    const pay = await failure((await asParent()).parent.payments.startInvoiceCheckout({ invoiceId: invoice.id }));
    expect(pay).toEqual({ code: "CONFLICT", message: PAYMENT_MESSAGES.voided });
    // The totals: nothing pending, one void.
    expect((await api.schoolAdmin.invoices.list({ tab: "all", page: 1 })).totals).toMatchObject({
      pending: { count: 0, cents: 0 },
      void: { count: 1, cents: 10_500 },
    });
    expect(
      (await api.schoolAdmin.invoices.list({ tab: "all", page: 1 })).rows.map((row) => [
        row.id,
        row.status,
        row.statusDetail,
      ]),
    ).toEqual([[invoice.id, "void", "Charged twice by mistake"]]);
  });

  it("a double click, sequential and concurrent, writes one audit row, one e-mail and one notice; both answer void", async () => {
    const invoice = await newInvoice();
    const [a, b] = [await asAdmin(), await asAdmin()];
    const input = { invoiceId: invoice.id, reason: "Duplicate" };
    const answers = await Promise.all([a.schoolAdmin.invoices.void(input), b.schoolAdmin.invoices.void(input)]);
    answers.push(await a.schoolAdmin.invoices.void(input));
    expect(answers.map((answer) => answer.status)).toEqual(["void", "void", "void"]);
    expect(await audits("invoice.voided")).toHaveLength(1);
    expect(await emailsOf("invoice_voided")).toHaveLength(1);
    expect(await parentNotices("Invoice voided")).toHaveLength(1);
    // The notice is one send of the school's Sent tab, under the invoice's number (ADR 0040).
    expect(
      await t.db.select().from(notificationSends).where(eq(notificationSends.audienceRef, invoice.id)),
    ).toMatchObject([
      {
        audienceKind: "invoice",
        audienceLabel: invoice.invoiceNumber,
        senderId: admin.id,
        recipients: 1,
        title: "Invoice voided",
      },
    ]);
  });

  it("an overdue invoice can be voided; a paid one cannot; another school's invoice is not found; a missing reason is refused; nothing changes", async () => {
    const overdue = await newInvoice();
    await t.db.update(invoices).set({ status: "overdue" }).where(eq(invoices.id, overdue.id));
    const api = await asAdmin();
    expect((await api.schoolAdmin.invoices.void({ invoiceId: overdue.id, reason: "Family moved away" })).status).toBe(
      "void",
    );
    const paid = await newInvoice();
    await api.schoolAdmin.invoices.markPaid({ invoiceId: paid.id, method: "cash", reference: "" });
    expect(await failure(api.schoolAdmin.invoices.void({ invoiceId: paid.id, reason: "x" }))).toEqual({
      code: "CONFLICT",
      message: INVOICE_CORRECTION_MESSAGES.alreadyPaid,
    });
    const pending = await newInvoice();
    const before = await invoiceRow(pending.id);
    const other = await createUser(t.db, "school_admin", { schoolId: (await createSchool(t.db)).id });
    const foreign = await callerFor(t, other);
    for (const call of [
      foreign.schoolAdmin.invoices.void({ invoiceId: pending.id, reason: "Not mine" }),
      foreign.schoolAdmin.invoices.update({
        invoiceId: pending.id,
        description: "Taken",
        baseAmount: 1,
        dueDate: "2026-04-01",
      }),
      foreign.schoolAdmin.invoices.resend({ invoiceId: pending.id }),
      foreign.schoolAdmin.invoices.markPaid({ invoiceId: pending.id, method: "cash", reference: "" }),
    ]) {
      expect(await failure(call)).toEqual({ code: "NOT_FOUND", message: INVOICE_MESSAGES.notFound });
    }
    expect((await failure(api.schoolAdmin.invoices.void({ invoiceId: pending.id, reason: "   " }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(
      (await failure(api.schoolAdmin.invoices.void({ invoiceId: pending.id, reason: "x".repeat(501) }))).message,
    ).toContain(INVOICE_CORRECTION_MESSAGES.voidReasonTooLong);
    expect(await invoiceRow(pending.id)).toEqual(before);
  });

  it("MN1 an open Checkout is expired first; a payment that still arrives is refunded in full and the invoice stays void", async () => {
    const invoice = await newInvoice();
    const { session, events } = await paidCheckoutInFlight(invoice.id);
    await (await asAdmin()).schoolAdmin.invoices.void({ invoiceId: invoice.id, reason: "Paid by the grandparents" });
    expect((await simSession(session.id)).status).toBe("expired");
    expect((await paymentRows(invoice.id)).map((row) => row.status)).toEqual(["failed"]);
    // The card was charged all the same (the parent paid just before): the webhook records it, then it goes back.
    for (const event of events) expect((await postStripeEvent(t, event)).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "void", paymentMethod: null });
    expect((await paymentRows(invoice.id)).map((row) => [row.status, row.refundDueCents, row.refundedCents])).toEqual([
      ["refunded", 10_500, 10_500],
    ]);
    expect(await books()).toEqual({ charged: 10_500, refundedByStripe: 10_500, kept: 0, owed: 0 });
    expect(await t.db.$count(emailLogs, eq(emailLogs.emailType, "payment_refunded"))).toBe(1);
    // Replayed, nothing more is refunded.
    for (const event of events) await postStripeEvent(t, event);
    expect(await books()).toEqual({ charged: 10_500, refundedByStripe: 10_500, kept: 0, owed: 0 });
  });
});

describe("mark paid offline", () => {
  it("paid by cheque with its reference: the parent gets a receipt and a notice, the lists and Pay say so", async () => {
    const invoice = await newInvoice();
    const api = await asAdmin();
    t.clock.advance(5 * MINUTE);
    expect(
      await api.schoolAdmin.invoices.markPaid({ invoiceId: invoice.id, method: "cheque", reference: " 004512 " }),
    ).toMatchObject({ status: "paid" });
    expect(await invoiceRow(invoice.id)).toMatchObject({
      status: "paid",
      paymentMethod: "cheque",
      paymentReference: "004512",
      paymentRecordedBy: admin.id,
      paidAt: t.clock.now(),
    });
    const [mail] = await emailsOf("invoice_payment_recorded");
    expect(mail!.textBody).toContain("Paid by: cheque");
    expect(mail!.textBody).toContain("Reference: 004512");
    expect(await parentNotices("Payment recorded")).toHaveLength(1);
    const [audit] = await audits("invoice.marked_paid");
    expect(audit!.description).toBe(`Invoice ${invoice.invoiceNumber} ($105.00) paid by cheque, reference 004512`);
    const [row] = (await (await asParent()).parent.invoices.list({ tab: "paid", page: 1 })).rows;
    expect(row).toMatchObject({
      id: invoice.id,
      status: "paid",
      paymentMethod: "cheque",
      paymentReference: "004512",
      statusDetail: "Paid by cheque · 004512",
    });
    expect(await failure((await asParent()).parent.payments.startInvoiceCheckout({ invoiceId: invoice.id }))).toEqual({
      code: "CONFLICT",
      message: PAYMENT_MESSAGES.alreadyPaid,
    });
    expect((await api.schoolAdmin.invoices.list({ tab: "all", page: 1 })).totals).toMatchObject({
      paid: { count: 1, cents: 10_500 },
      pending: { count: 0, cents: 0 },
    });
  });

  it("a double click writes one audit row and one e-mail; another method afterwards is refused; a cheque needs its number", async () => {
    const invoice = await newInvoice();
    const [a, b] = [await asAdmin(), await asAdmin()];
    const input = { invoiceId: invoice.id, method: "bank_transfer" as const, reference: "TRX-77" };
    const answers = await Promise.all([a.schoolAdmin.invoices.markPaid(input), b.schoolAdmin.invoices.markPaid(input)]);
    answers.push(await a.schoolAdmin.invoices.markPaid(input));
    expect(answers.map((answer) => answer.status)).toEqual(["paid", "paid", "paid"]);
    expect(await audits("invoice.marked_paid")).toHaveLength(1);
    expect(await emailsOf("invoice_payment_recorded")).toHaveLength(1);
    expect(await failure(a.schoolAdmin.invoices.markPaid({ ...input, method: "cash" }))).toEqual({
      code: "CONFLICT",
      message: INVOICE_CORRECTION_MESSAGES.alreadyPaid,
    });
    const other = await newInvoice();
    expect(
      await failure(a.schoolAdmin.invoices.markPaid({ invoiceId: other.id, method: "cheque", reference: "  " })),
    ).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(INVOICE_CORRECTION_MESSAGES.reference),
    });
    expect(
      (
        await failure(
          a.schoolAdmin.invoices.markPaid({ invoiceId: other.id, method: "online" as never, reference: "x" }),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    expect((await invoiceRow(other.id)).status).toBe("pending");
  });

  it("MN1 a Checkout completing after the cash was recorded is refunded in full; the invoice stays paid by cash, never paid online or refunded", async () => {
    const invoice = await newInvoice();
    const { session, events } = await paidCheckoutInFlight(invoice.id);
    t.clock.advance(MINUTE);
    await (await asAdmin()).schoolAdmin.invoices.markPaid({ invoiceId: invoice.id, method: "cash", reference: "" });
    expect((await simSession(session.id)).status).toBe("expired");
    const before = await invoiceRow(invoice.id);
    // The payment's events are older than the cash record (the parent paid a minute before): they still change nothing.
    for (const event of [...events].reverse()) expect((await postStripeEvent(t, event)).status).toBe(200);
    const after = await invoiceRow(invoice.id);
    expect(after).toMatchObject({ status: "paid", paymentMethod: "cash", paidAt: before.paidAt, refundedAt: null });
    expect((await paymentRows(invoice.id)).map((row) => [row.status, row.refundedCents])).toEqual([
      ["refunded", 10_500],
    ]);
    expect(await books()).toEqual({ charged: 10_500, refundedByStripe: 10_500, kept: 0, owed: 0 });
  });

  it("the webhook paid it first: marking it paid offline is refused and the card payment is kept", async () => {
    const invoice = await newInvoice();
    const { events } = await paidCheckoutInFlight(invoice.id);
    for (const event of events) await postStripeEvent(t, event);
    expect(
      await failure(
        (await asAdmin()).schoolAdmin.invoices.markPaid({ invoiceId: invoice.id, method: "cash", reference: "" }),
      ),
    ).toEqual({
      code: "CONFLICT",
      message: INVOICE_CORRECTION_MESSAGES.alreadyPaid,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paymentMethod: "online" });
    expect(await books()).toEqual({ charged: 10_500, refundedByStripe: 0, kept: 10_500, owed: 0 });
  });
});

describe("edit", () => {
  it("changes a pending invoice's description, amount and due date; the number stays and the fee is the invoice's own rule", async () => {
    const invoice = await newInvoice();
    // The school's settings change after the invoice was made: the invoice keeps its 5 % term-based rule.
    await t.db
      .insert(paymentSettings)
      .values({ schoolId: school.id, feeBps: 1000, feeApplicationType: "year_round" })
      .onConflictDoUpdate({
        target: paymentSettings.schoolId,
        set: { feeBps: 1000, feeApplicationType: "year_round" },
      });
    const api = await asAdmin();
    const input = {
      invoiceId: invoice.id,
      description: "Spring term bus (corrected)",
      baseAmount: 120.5,
      dueDate: "2026-04-01",
    };
    expect(await api.schoolAdmin.invoices.update(input)).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      baseAmountCents: 12_050,
      feeCents: 603,
      amountCents: 12_653,
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      issueDate: "2026-03-02",
      description: "Spring term bus (corrected)",
      baseAmountCents: 12_050,
      feeCents: 603,
      amountCents: 12_653,
      dueDate: "2026-04-01",
      status: "pending",
    });
    const [audit] = await audits("invoice.updated");
    expect(audit!.description).toContain("amount $105.00 → $126.53");
    expect(await parentNotices("Invoice updated")).toHaveLength(1);
    expect((await api.schoolAdmin.invoices.list({ tab: "all", page: 1 })).totals.pending).toEqual({
      count: 1,
      cents: 12_653,
    });
    // The same edit again (a double click) writes nothing more.
    await Promise.all([api.schoolAdmin.invoices.update(input), api.schoolAdmin.invoices.update(input)]);
    expect(await audits("invoice.updated")).toHaveLength(1);
    expect(await parentNotices("Invoice updated")).toHaveLength(1);
  });

  it("refuses a due date before the issue date, an overdue, paid or void invoice, and bad amounts; nothing changes", async () => {
    const invoice = await newInvoice();
    const api = await asAdmin();
    const edit = (change: Record<string, unknown>) =>
      api.schoolAdmin.invoices.update({
        invoiceId: invoice.id,
        description: "Bus",
        baseAmount: 10,
        dueDate: "2026-04-01",
        ...change,
      } as never);
    expect(await failure(edit({ dueDate: "2026-03-01" }))).toEqual({
      code: "BAD_REQUEST",
      message: INVOICE_MESSAGES.dueBeforeIssue,
    });
    expect((await failure(edit({ baseAmount: -1 }))).message).toContain(INVOICE_MESSAGES.amount);
    expect((await failure(edit({ issueDate: "2026-01-01" }))).code).toBe("BAD_REQUEST");
    expect((await failure(edit({ description: " " }))).message).toContain(INVOICE_MESSAGES.description);
    const untouched = await invoiceRow(invoice.id);
    expect(untouched.description).toBe("Spring term bus");
    await t.db.update(invoices).set({ status: "overdue" }).where(eq(invoices.id, invoice.id));
    expect(await failure(edit({}))).toEqual({
      code: "CONFLICT",
      message: INVOICE_CORRECTION_MESSAGES.onlyPendingEditable,
    });
    await api.schoolAdmin.invoices.void({ invoiceId: invoice.id, reason: "x" });
    expect(await failure(edit({}))).toEqual({ code: "CONFLICT", message: INVOICE_CORRECTION_MESSAGES.alreadyVoid });
  });

  it("MN1 a changed amount expires the open Checkout; one paid at the old, higher amount keeps only the new amount", async () => {
    const invoice = await newInvoice();
    const { session, events } = await paidCheckoutInFlight(invoice.id);
    await (await asAdmin()).schoolAdmin.invoices.update({
      invoiceId: invoice.id,
      description: "Spring term bus",
      baseAmount: 80,
      dueDate: "2026-03-17",
    });
    expect((await simSession(session.id)).status).toBe("expired");
    for (const event of events) await postStripeEvent(t, event);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paymentMethod: "online", amountCents: 8_400 });
    expect((await paymentRows(invoice.id)).map((row) => [row.status, row.amountCents, row.refundedCents])).toEqual([
      ["succeeded", 10_500, 2_100],
    ]);
    expect(await books()).toEqual({ charged: 10_500, refundedByStripe: 2_100, kept: 8_400, owed: 0 });
  });
});

describe("resend", () => {
  it("e-mails the invoice again with its number, right after it was created too; the same submission again sends nothing more; a void invoice is refused", async () => {
    const invoice = await newInvoice();
    const api = await asAdmin();
    const requestKey = crypto.randomUUID();
    expect(await api.schoolAdmin.invoices.resend({ invoiceId: invoice.id, requestKey })).toMatchObject({
      email: parent.email,
    });
    // A double click of the dialog's button (sequential and concurrent), and a retry: one e-mail.
    await Promise.all([
      api.schoolAdmin.invoices.resend({ invoiceId: invoice.id, requestKey }),
      api.schoolAdmin.invoices.resend({ invoiceId: invoice.id, requestKey }),
    ]);
    const mails = await emailsOf("invoice_resent");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Maple Test: invoice ${invoice.invoiceNumber} of $105.00, due Tuesday, March 17, 2026`,
    );
    expect(await audits("invoice.resent")).toHaveLength(1);
    expect(await parentNotices("Invoice reminder")).toHaveLength(1);
    expect((await invoiceRow(invoice.id)).emailedAt).toEqual(t.clock.now());
    // Two openings of the dialog at once (two keys) are two resends.
    const twice = await Promise.all(
      [crypto.randomUUID(), crypto.randomUUID()].map((key) =>
        api.schoolAdmin.invoices.resend({ invoiceId: invoice.id, requestKey: key }),
      ),
    );
    expect(twice.map((answer) => answer.email)).toEqual([parent.email, parent.email]);
    expect(await emailsOf("invoice_resent")).toHaveLength(3);
    t.clock.advance(10 * MINUTE);
    await api.schoolAdmin.invoices.void({ invoiceId: invoice.id, reason: "x" });
    expect(
      await failure(api.schoolAdmin.invoices.resend({ invoiceId: invoice.id, requestKey: crypto.randomUUID() })),
    ).toEqual({
      code: "CONFLICT",
      message: INVOICE_CORRECTION_MESSAGES.alreadyVoid,
    });
  });

  it("TK3 is limited like every e-mail send: over the recipient's limit, 429 and nothing written or enqueued", async () => {
    const invoice = await newInvoice();
    const api = await asAdmin();
    for (let i = 0; i < EMAIL_SEND_LIMITS.recipient.max; i++)
      await api.schoolAdmin.invoices.resend({ invoiceId: invoice.id });
    const before = { emails: await t.db.$count(emailLogs), queued: t.queued.length, row: await invoiceRow(invoice.id) };
    const refused = await failure(api.schoolAdmin.invoices.resend({ invoiceId: invoice.id }));
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
    expect({
      emails: await t.db.$count(emailLogs),
      queued: t.queued.length,
      row: await invoiceRow(invoice.id),
    }).toEqual(before);
    expect(await t.db.$count(auditLogs, like(auditLogs.eventType, "invoice.resent"))).toBe(
      EMAIL_SEND_LIMITS.recipient.max,
    );
  });
});
