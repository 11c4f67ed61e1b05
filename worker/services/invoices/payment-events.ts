import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { invoices, notificationPreferences, parents, payments, schools } from "#db/schema/index.ts";
import { currencyOf, formatMoney } from "#shared/money.ts";
import { LINKED_INVOICE_PARAM } from "#shared/payment-texts.ts";
import { emailMoney } from "#worker/email/format.ts";
import { paymentReceiptEmail, paymentRefundedEmail } from "#worker/email/templates.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import { preferencesJoin } from "../notifications/preferences.ts";
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
  paymentRefunded,
  paymentRowEffects,
  paymentSucceeded,
  receiptEmailId,
  recordedAccountOf,
  refundEmailId,
} from "../payments/payment-rows.ts";
import { RECEIPT_PREFERENCES, receiptNoticeEffects, receiptNoticeWithdrawn } from "../payments/receipt-notice.ts";
import { notPaidOffline } from "./refunds.ts";

/**
 * Webhook effects of invoice payments (ADR 0023, ADR 0041): an invoice moves pending/overdue → paid
 * → refunded, never made paid online once void or paid offline; its receipt and audit row are
 * written once per PaymentIntent. Payments reach this through the invoice payable (payable.ts).
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
      ...RECEIPT_PREFERENCES,
      timeZone: schools.timeZone,
      recordedAccount: recordedAccountOf(facts),
    })
    .from(invoices)
    .innerJoin(schools, eq(schools.id, invoices.schoolId))
    .innerJoin(parents, eq(parents.id, invoices.recipientId))
    .leftJoin(notificationPreferences, preferencesJoin("parent", parents.id))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  return row ? { ...row, kind: "invoice" as const, link: "invoiceId" as const, payableId: row.invoiceId } : null;
}
type InvoiceContext = PaymentContext & NonNullable<Awaited<ReturnType<typeof invoiceContext>>>;

/** The parent's language (their own, else the school's): their receipts are in it. */
const parentLocale = (context: InvoiceContext) => resolveLocale(context.parentLocale, context.schoolLocale);

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
          or(
            inArray(invoices.status, ["pending", "overdue"]),
            and(eq(invoices.status, "paid"), notPaidOffline, gt(invoices.paidAt, facts.at)),
          ),
          // Paid in full: a smaller payment (made on the school's own account) is recorded but pays nothing.
          sql`exists (select 1 from ${payments} where ${byIntent} and ${payments.status} = 'succeeded' and ${payments.invoiceId} = ${context.invoiceId} and ${payments.amountCents} >= ${invoices.amountCents})`,
        ),
      ),
    // The parent's own notice, pushed or kept for the digest as they chose, once (ADR 0075).
    ...receiptNoticeEffects(db, facts, {
      ...context,
      amountCents,
      paid: { invoiceNumber: context.number },
      url: `/parent/invoices?${new URLSearchParams({ search: context.number, [LINKED_INVOICE_PARAM]: context.invoiceId })}`,
    }),
    // The school's admins are told once per PaymentIntent, with the receipt (issue 25).
    notifySchoolAdmins(db, {
      schoolId: context.schoolId,
      content: MONEY_NOTICES.paid({
        currency: context.currency,
        parentName: context.parentName,
        amountCents,
        paid: { invoiceNumber: context.number },
      }),
      at: facts.at,
      onlyIf: firstReceipt(pi),
    }),
    ...auditedEmail(
      db,
      facts,
      {
        eventType: "invoice_paid",
        description: `Invoice ${context.number} paid online (${formatMoney(amountCents, currencyOf(context.currency))})`,
        schoolId: context.schoolId,
        metadata: {
          invoice_id: context.invoiceId,
          payment_intent: pi,
          stripe_account: facts.account,
          amount_cents: amountCents,
          stripe_event_id: facts.eventId,
        },
      },
      {
        id: receiptEmailId(pi),
        type: "payment_receipt",
        to: context.parentEmail,
        schoolId: context.schoolId,
        relatedId: context.invoiceId,
        ...paymentReceiptEmail({
          locale: parentLocale(context),
          parentName: context.parentName,
          schoolName: context.schoolName,
          reference: context.number,
          description: context.description,
          amount: emailMoney(parentLocale(context), amountCents, currencyOf(context.currency)),
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
    ...receiptNoticeWithdrawn(db, facts),
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
      content: MONEY_NOTICES.refunded({
        currency: context.currency,
        parentName: context.parentName,
        amountCents,
        paid: { invoiceNumber: context.number },
      }),
      at: facts.at,
      onlyIf: firstRefund(pi, amountCents),
    }),
    ...auditedEmail(
      db,
      facts,
      {
        eventType: "invoice_refunded",
        description: `Invoice ${context.number} refunded (${formatMoney(amountCents, currencyOf(context.currency))})`,
        schoolId: context.schoolId,
        metadata: {
          invoice_id: context.invoiceId,
          payment_intent: pi,
          charge: facts.chargeId,
          stripe_account: facts.account,
          stripe_event_id: facts.eventId,
        },
      },
      {
        id: emailId,
        type: "payment_refunded",
        to: context.parentEmail,
        schoolId: context.schoolId,
        relatedId: context.invoiceId,
        ...paymentRefundedEmail({
          locale: parentLocale(context),
          parentName: context.parentName,
          schoolName: context.schoolName,
          reference: context.number,
          amount: emailMoney(parentLocale(context), amountCents, currencyOf(context.currency)),
        }),
      },
      firstRefund(pi, amountCents),
    ),
  ];
}

/**
 * `payment_intent.*` and `checkout.session.completed` of an invoice (metadata `invoiceId`); null
 * when the invoice is gone (deleted with its school while a Checkout was open): the caller records
 * the charge as unattached, to be refunded.
 */
export async function invoicePaymentEffects(db: Db, facts: PaymentFacts, invoiceId: string): Promise<Effect[] | null> {
  if (facts.outcome === "refunded") return [];
  const context = await invoiceContext(db, invoiceId, facts);
  if (!context) return null;
  if (
    context.schoolId !== facts.metadata.schoolId ||
    context.parentId !== facts.metadata.parentId ||
    !fromSchoolAccount(facts, context)
  )
    return [];
  if (facts.outcome === "succeeded") return succeededEffects(db, facts, context);
  return [
    ...failedPaymentEffects(db, facts, context, {
      eventType: "invoice_payment_failed",
      description: `A card payment for invoice ${context.number} failed`,
      schoolId: context.schoolId,
      metadata: {
        invoice_id: context.invoiceId,
        payment_intent: facts.paymentIntentId,
        stripe_event_id: facts.eventId,
      },
    }),
    notifySchoolAdmins(db, {
      schoolId: context.schoolId,
      content: MONEY_NOTICES.failed({
        currency: context.currency,
        parentName: context.parentName,
        amountCents: facts.amountCents ?? context.amountCents,
        paid: { invoiceNumber: context.number },
      }),
      at: facts.at,
      key: paymentNoticeKey("failed", facts.paymentIntentId),
    }),
  ];
}

/** `charge.refunded` of an invoice's payment: the payment is refunded, and the invoice when it was paid by it. */
export async function invoiceRefundEffects(db: Db, facts: PaymentFacts, invoiceId: string): Promise<Effect[]> {
  const context = await invoiceContext(db, invoiceId, facts);
  return context ? refundedEffects(db, facts, context) : [paymentRefunded(db, facts)];
}
