import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatCents } from "#shared/money.ts";
import type { Db } from "../../../db/client.ts";
import { invoices, parents, payments, schools } from "../../../db/schema/index.ts";
import { paymentReceiptEmail, paymentRefundedEmail } from "../../email/templates.ts";
import { enrollmentPaymentEffects, enrollmentRefundEffects } from "../flight-trips/payment-events.ts";
import { notPaidOffline } from "../invoices/refunds.ts";
import { MONEY_NOTICES, notifySchoolAdmins, paymentNoticeKey } from "../notifications/school-admins.ts";
import {
  auditedEmail,
  type Effect,
  failedPaymentEffects,
  firstReceipt,
  firstRefund,
  fromSchoolAccount,
  PAYMENT_PARTIES,
  type PaymentContext,
  type PaymentFacts,
  paymentFacts,
  paymentRefunded,
  paymentRowEffects,
  paymentSucceeded,
  receiptEmailId,
  recordedAccountOf,
  refundEmailId,
  refundedPayable,
  unattachedPaymentEffects,
} from "./payment-rows.ts";

export { paymentFacts, receiptEmailId, refundEmailId };

/**
 * A refund of a payment of ours that the app has not seen succeed yet (events arrive in any order):
 * the webhook answers non-2xx without recording the event, so Stripe delivers it again later.
 */
export class PaymentNotYetKnown extends Error {
  override name = "PaymentNotYetKnown";
  constructor(readonly paymentIntentId: string) {
    super(`No payment for ${paymentIntentId} yet`);
  }
}

/**
 * Webhook effects of parents' payments (direct charges on schools' connected accounts), applied
 * exactly once in any order (ADR 0023):
 *
 * - every effect is a guarded statement whose result does not depend on which event came first:
 *   `payments` moves pending/failed → succeeded → refunded and never back; an invoice moves
 *   pending/overdue → paid → refunded; times only move to the earliest event's;
 * - the payment is one row per PaymentIntent: the row Checkout started (keyed by its session) and a
 *   row a PaymentIntent event created first are merged when `checkout.session.completed` names both;
 * - the receipt is the outbox row `payment-receipt-<PaymentIntent id>`: its id makes it unique, and
 *   the `invoice_paid` audit row is written in the same batch exactly when that e-mail row is.
 *
 * The event's `account` must be the school's connected account (or the one the checkout was made
 * on); anything else is ignored.
 */

/** The invoice, its school and its parent, and the account recorded when the checkout started. */
async function invoiceContext(db: Db, invoiceId: string, facts: PaymentFacts) {
  const [row] = await db
    .select({
      invoiceId: invoices.id,
      schoolId: invoices.schoolId,
      parentId: invoices.recipientId,
      number: invoices.invoiceNumber,
      description: invoices.description,
      amountCents: invoices.amountCents,
      ...PAYMENT_PARTIES,
      recordedAccount: recordedAccountOf(facts),
    })
    .from(invoices)
    .innerJoin(schools, eq(schools.id, invoices.schoolId))
    .innerJoin(parents, eq(parents.id, invoices.recipientId))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  return row ? { ...row, kind: "invoice" as const, enrollmentId: null } : null;
}
type InvoiceContext = PaymentContext & NonNullable<Awaited<ReturnType<typeof invoiceContext>>>;

function succeededEffects(db: Db, facts: PaymentFacts, context: InvoiceContext): Effect[] {
  const pi = facts.paymentIntentId;
  const at = facts.at.getTime();
  const byIntent = eq(payments.stripePaymentIntentId, pi);
  const amountCents = facts.amountCents ?? context.amountCents;
  return [
    ...paymentRowEffects(db, facts, context, "pending"),
    paymentSucceeded(db, facts),
    db
      .update(invoices)
      .set({
        status: "paid",
        paymentMethod: "online",
        paidAt: sql`case when ${invoices.status} = 'paid' then min(${invoices.paidAt}, ${at}) else ${at} end`,
        updatedAt: facts.at,
      })
      .where(
        and(
          eq(invoices.id, context.invoiceId),
          // A void invoice, or one the school marked paid offline, is never made paid online (ADR 0041): the payment goes back (settle.ts).
          or(inArray(invoices.status, ["pending", "overdue"]), and(eq(invoices.status, "paid"), notPaidOffline, gt(invoices.paidAt, facts.at))),
          // Paid in full: a smaller payment (made on the school's own account) is recorded but pays nothing.
          sql`exists (select 1 from ${payments} where ${byIntent} and ${payments.status} = 'succeeded' and ${payments.invoiceId} = ${context.invoiceId} and ${payments.amountCents} >= ${invoices.amountCents})`,
        ),
      ),
    // The school's admins are told once per PaymentIntent, with the receipt (issue 25).
    notifySchoolAdmins(db, {
      schoolId: context.schoolId,
      content: MONEY_NOTICES.paid({ parentName: context.parentName, amountCents, paid: { invoiceNumber: context.number } }),
      at: facts.at,
      onlyIf: firstReceipt(pi),
    }),
    ...auditedEmail(
      db,
      facts,
      {
        eventType: "invoice_paid",
        description: `Invoice ${context.number} paid online (${formatCents(amountCents)})`,
        schoolId: context.schoolId,
        metadata: { invoice_id: context.invoiceId, payment_intent: pi, stripe_account: facts.account, amount_cents: amountCents, stripe_event_id: facts.eventId },
      },
      {
        id: receiptEmailId(pi),
        type: "payment_receipt",
        to: context.parentEmail,
        schoolId: context.schoolId,
        relatedId: context.invoiceId,
        ...paymentReceiptEmail({
          parentName: context.parentName,
          schoolName: context.schoolName,
          reference: context.number,
          description: context.description,
          amount: formatCents(amountCents),
        }),
      },
      firstReceipt(pi),
    ),
  ];
}

function refundedEffects(db: Db, facts: PaymentFacts, context: InvoiceContext): Effect[] {
  const pi = facts.paymentIntentId;
  const amountCents = facts.amountCents ?? context.amountCents;
  const emailId = refundEmailId(pi, amountCents);
  return [
    paymentRefunded(db, facts),
    db
      .update(invoices)
      .set({ status: "refunded", refundedAt: facts.at, updatedAt: facts.at })
      .where(
        and(
          eq(invoices.id, context.invoiceId),
          // Only an invoice paid online turns refunded: refunding a payment that paid nothing (or that
          // came after the school voided it or recorded a cash payment) leaves it as it is.
          eq(invoices.status, "paid"),
          notPaidOffline,
          sql`exists (select 1 from ${payments} where ${payments.stripePaymentIntentId} = ${pi} and ${payments.status} = 'refunded')`,
          // Refunding a second payment of an already paid invoice leaves the invoice paid by the first.
          sql`not exists (select 1 from ${payments} where ${payments.invoiceId} = ${context.invoiceId} and ${payments.status} = 'succeeded')`,
        ),
      ),
    notifySchoolAdmins(db, {
      schoolId: context.schoolId,
      content: MONEY_NOTICES.refunded({ parentName: context.parentName, amountCents, paid: { invoiceNumber: context.number } }),
      at: facts.at,
      onlyIf: firstRefund(pi, amountCents),
    }),
    ...auditedEmail(
      db,
      facts,
      {
        eventType: "invoice_refunded",
        description: `Invoice ${context.number} refunded (${formatCents(amountCents)})`,
        schoolId: context.schoolId,
        metadata: { invoice_id: context.invoiceId, payment_intent: pi, charge: facts.chargeId, stripe_account: facts.account, stripe_event_id: facts.eventId },
      },
      {
        id: emailId,
        type: "payment_refunded",
        to: context.parentEmail,
        schoolId: context.schoolId,
        relatedId: context.invoiceId,
        ...paymentRefundedEmail({ parentName: context.parentName, schoolName: context.schoolName, reference: context.number, amount: formatCents(amountCents) }),
      },
      firstRefund(pi, amountCents),
    ),
  ];
}

/**
 * The effects of a payment event (`effectsOf` in billing/stripe-events.ts calls this for the four
 * types), dispatched on the payable's kind: invoices here, enrolments in flight-trips/payment-events.ts.
 * One read (the payable, its school and parent), then guarded statements for the event's batch.
 */
export async function paymentEventEffects(db: Db, event: Stripe.Event): Promise<Effect[]> {
  const facts = paymentFacts(event);
  if (!facts) return [];
  if (facts.outcome === "refunded") {
    // The payment row says what a charge paid for, and on which account.
    const paid = await refundedPayable(db, facts);
    // A refund of one of our payments whose success has not arrived yet: Stripe delivers it again later.
    if (!paid && facts.kind !== null) throw new PaymentNotYetKnown(facts.paymentIntentId);
    if (!paid || facts.account === null || facts.account !== paid.account) return [];
    if (paid.kind === "enrollment") return paid.enrollmentId ? enrollmentRefundEffects(db, facts, paid.enrollmentId) : [paymentRefunded(db, facts)];
    const context = paid.invoiceId ? await invoiceContext(db, paid.invoiceId, facts) : null;
    return context ? refundedEffects(db, facts, context) : [paymentRefunded(db, facts)];
  }
  if (facts.kind === "enrollment") return (await enrollmentPaymentEffects(db, facts)) ?? unattachedPaymentEffects(db, facts);
  if (facts.kind !== "invoice" || !facts.metadata.invoiceId) return [];
  const context = await invoiceContext(db, facts.metadata.invoiceId, facts);
  if (!context) return unattachedPaymentEffects(db, facts);
  if (context.schoolId !== facts.metadata.schoolId || context.parentId !== facts.metadata.parentId || !fromSchoolAccount(facts, context)) return [];
  if (facts.outcome === "succeeded") return succeededEffects(db, facts, context);
  return [
    ...failedPaymentEffects(db, facts, context, {
      eventType: "invoice_payment_failed",
      description: `A card payment for invoice ${context.number} failed`,
      schoolId: context.schoolId,
      metadata: { invoice_id: context.invoiceId, payment_intent: facts.paymentIntentId, stripe_event_id: facts.eventId },
    }),
    notifySchoolAdmins(db, {
      schoolId: context.schoolId,
      content: MONEY_NOTICES.failed({ parentName: context.parentName, amountCents: facts.amountCents ?? context.amountCents, paid: { invoiceNumber: context.number } }),
      at: facts.at,
      key: paymentNoticeKey("failed", facts.paymentIntentId),
    }),
  ];
}

/** The outbox rows a payment event may have written, to enqueue once its batch has committed. */
export function paymentEmailIds(event: Stripe.Event): string[] {
  const facts = paymentFacts(event);
  if (!facts || facts.outcome === "failed") return [];
  return [facts.outcome === "succeeded" ? receiptEmailId(facts.paymentIntentId) : refundEmailId(facts.paymentIntentId, facts.amountCents ?? 0)];
}
