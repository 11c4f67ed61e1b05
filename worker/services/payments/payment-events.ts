import { and, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import { applicationFeeCents } from "#shared/fees.ts";
import { formatCents } from "#shared/money.ts";
import { PAYABLE_KINDS, type PayableKind } from "#shared/payment-texts.ts";
import type { Db } from "../../../db/client.ts";
import { insertWhere } from "../../../db/conditional.ts";
import { emailLogs, invoices, parents, payments, schools } from "../../../db/schema/index.ts";
import { paymentReceiptEmail, paymentRefundedEmail } from "../../email/templates.ts";
import { auditInsert, NO_REQUEST } from "../audit.ts";
import { outboxInsert } from "../email/outbox.ts";

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

type Effect = BatchItem<"sqlite">;

export const receiptEmailId = (paymentIntentId: string) => `payment-receipt-${paymentIntentId}`;
export const refundEmailId = (paymentIntentId: string) => `payment-refund-${paymentIntentId}`;

type Outcome = "succeeded" | "failed" | "refunded";

/** What a payment event says, whatever its type. */
type PaymentFacts = {
  outcome: Outcome;
  eventId: string;
  account: string | null;
  at: Date;
  kind: PayableKind | null;
  metadata: Record<string, string>;
  sessionId: string | null;
  paymentIntentId: string;
  chargeId: string | null;
  amountCents: number | null;
  applicationFeeCents: number | null;
};

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

function kindOf(metadata: Record<string, string> | null | undefined): PayableKind | null {
  const kind = metadata?.kind;
  return PAYABLE_KINDS.find((known) => known === kind) ?? null;
}

/** The facts of the four payment events (null for an event that is not a parent's payment). */
export function paymentFacts(event: Stripe.Event): PaymentFacts | null {
  const base = { eventId: event.id, account: event.account ?? null, at: new Date(event.created * 1000) };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const paymentIntentId = idOf(session.payment_intent);
      if (session.mode !== "payment" || session.payment_status !== "paid" || !paymentIntentId) return null;
      const metadata = session.metadata ?? {};
      return {
        ...base,
        outcome: "succeeded",
        kind: kindOf(metadata),
        metadata,
        sessionId: session.id,
        paymentIntentId,
        chargeId: null,
        amountCents: session.amount_total,
        applicationFeeCents: null,
      };
    }
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed": {
      const intent = event.data.object;
      const metadata = intent.metadata ?? {};
      const succeeded = event.type === "payment_intent.succeeded";
      return {
        ...base,
        outcome: succeeded ? "succeeded" : "failed",
        kind: kindOf(metadata),
        metadata,
        sessionId: null,
        paymentIntentId: intent.id,
        chargeId: succeeded ? idOf(intent.latest_charge) : null,
        amountCents: succeeded ? (intent.amount_received ?? intent.amount) : (intent.amount ?? null),
        applicationFeeCents: intent.application_fee_amount ?? null,
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // A partial refund leaves the invoice paid; only a full refund changes it.
      if (!paymentIntentId || charge.refunded !== true) return null;
      const metadata = charge.metadata ?? {};
      return {
        ...base,
        outcome: "refunded",
        kind: kindOf(metadata),
        metadata,
        sessionId: null,
        paymentIntentId,
        chargeId: charge.id,
        amountCents: charge.amount_refunded,
        applicationFeeCents: null,
      };
    }
    default:
      return null;
  }
}

/** The invoice, its school and its parent, and the account recorded when the checkout started. */
async function invoiceContext(db: Db, where: SQL, facts: PaymentFacts) {
  const recorded = or(eq(payments.stripePaymentIntentId, facts.paymentIntentId), facts.sessionId ? eq(payments.stripeCheckoutSessionId, facts.sessionId) : undefined);
  const [row] = await db
    .select({
      invoiceId: invoices.id,
      schoolId: invoices.schoolId,
      parentId: invoices.recipientId,
      number: invoices.invoiceNumber,
      description: invoices.description,
      amountCents: invoices.amountCents,
      schoolName: schools.name,
      schoolAccount: schools.stripeConnectAccountId,
      platformFeeBps: schools.platformFeeBps,
      parentName: parents.name,
      parentEmail: parents.email,
      recordedAccount: sql<string | null>`(select ${payments.stripeAccountId} from ${payments} where ${recorded} limit 1)`,
    })
    .from(invoices)
    .innerJoin(schools, eq(schools.id, invoices.schoolId))
    .innerJoin(parents, eq(parents.id, invoices.recipientId))
    .where(where)
    .limit(1);
  return row ?? null;
}
type InvoiceContext = NonNullable<Awaited<ReturnType<typeof invoiceContext>>>;

/** Connect: an event counts only from the school's connected account (or the one the checkout was made on). */
function fromSchoolAccount(facts: PaymentFacts, context: InvoiceContext): boolean {
  return facts.account !== null && (facts.account === context.schoolAccount || facts.account === context.recordedAccount);
}

const intentRow = (paymentIntentId: string) => sql`exists (select 1 from ${payments} as other where other.stripe_payment_intent_id = ${paymentIntentId})`;
const intentIn = (paymentIntentId: string, statuses: SQL) =>
  sql`exists (select 1 from ${payments} as other where other.stripe_payment_intent_id = ${paymentIntentId} and other.status in ${statuses})`;
const emailMissing = (id: string) => sql`not exists (select 1 from ${emailLogs} where ${emailLogs.id} = ${id})`;

/** The one payments row of this PaymentIntent: merged with Checkout's pending row, or created. */
function paymentRowEffects(db: Db, facts: PaymentFacts, context: InvoiceContext, status: "pending" | "failed"): Effect[] {
  const pi = facts.paymentIntentId;
  const effects: Effect[] = [];
  const session = facts.sessionId;
  if (session) {
    const bySession = and(eq(payments.stripeCheckoutSessionId, session), isNull(payments.stripePaymentIntentId));
    effects.push(
      // A PaymentIntent event came first and made the row: Checkout's pending row folds into it.
      db.delete(payments).where(and(bySession, intentRow(pi))),
      db
        .update(payments)
        .set({ stripeCheckoutSessionId: session })
        .where(and(eq(payments.stripePaymentIntentId, pi), isNull(payments.stripeCheckoutSessionId))),
      db.update(payments).set({ stripePaymentIntentId: pi }).where(bySession),
    );
  }
  const fee = facts.applicationFeeCents ?? applicationFeeCents(facts.amountCents ?? context.amountCents, context.platformFeeBps);
  effects.push(
    insertWhere(
      db,
      payments,
      {
        id: crypto.randomUUID(),
        schoolId: context.schoolId,
        parentId: context.parentId,
        invoiceId: context.invoiceId,
        amountCents: facts.amountCents ?? context.amountCents,
        applicationFeeCents: fee,
        status,
        stripeCheckoutSessionId: session ?? undefined,
        stripePaymentIntentId: pi,
        stripeAccountId: facts.account,
        createdAt: facts.at,
        updatedAt: facts.at,
      },
      sql`not ${intentRow(pi)}`,
    ),
  );
  return effects;
}

function succeededEffects(db: Db, facts: PaymentFacts, context: InvoiceContext): Effect[] {
  const pi = facts.paymentIntentId;
  const at = facts.at.getTime();
  const byIntent = eq(payments.stripePaymentIntentId, pi);
  const receiptId = receiptEmailId(pi);
  const firstReceipt = sql`${intentIn(pi, sql`('succeeded')`)} and ${emailMissing(receiptId)}`;
  const amountCents = facts.amountCents ?? context.amountCents;
  return [
    ...paymentRowEffects(db, facts, context, "pending"),
    db
      .update(payments)
      .set({
        status: "succeeded",
        paidAt: sql`min(coalesce(${payments.paidAt}, ${at}), ${at})`,
        stripeChargeId: facts.chargeId ? sql`coalesce(${payments.stripeChargeId}, ${facts.chargeId})` : undefined,
        applicationFeeCents: facts.applicationFeeCents ?? undefined,
        amountCents: facts.amountCents ?? undefined,
        updatedAt: facts.at,
      })
      // A failure after a success changes nothing, and a refunded payment stays refunded.
      .where(and(byIntent, inArray(payments.status, ["pending", "failed", "succeeded"]))),
    db
      .update(invoices)
      .set({ status: "paid", paidAt: sql`case when ${invoices.status} = 'paid' then min(${invoices.paidAt}, ${at}) else ${at} end`, updatedAt: facts.at })
      .where(
        and(
          eq(invoices.id, context.invoiceId),
          or(inArray(invoices.status, ["pending", "overdue"]), and(eq(invoices.status, "paid"), gt(invoices.paidAt, facts.at))),
          // Paid in full: a smaller payment (made on the school's own account) is recorded but pays nothing.
          sql`exists (select 1 from ${payments} where ${byIntent} and ${payments.status} = 'succeeded' and ${payments.invoiceId} = ${context.invoiceId} and ${payments.amountCents} >= ${invoices.amountCents})`,
        ),
      ),
    auditInsert(
      db,
      {
        eventType: "invoice_paid",
        description: `Invoice ${context.number} paid online (${formatCents(amountCents)})`,
        schoolId: context.schoolId,
        metadata: { invoice_id: context.invoiceId, payment_intent: pi, stripe_account: facts.account, amount_cents: amountCents, stripe_event_id: facts.eventId },
        at: facts.at,
      },
      NO_REQUEST,
      firstReceipt,
    ),
    outboxInsert(
      db,
      {
        id: receiptId,
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
      facts.at,
      firstReceipt,
    ).query,
  ];
}

function failedEffects(db: Db, facts: PaymentFacts, context: InvoiceContext): Effect[] {
  return [
    ...paymentRowEffects(db, facts, context, "failed"),
    db
      .update(payments)
      .set({ status: "failed", updatedAt: facts.at })
      .where(and(eq(payments.stripePaymentIntentId, facts.paymentIntentId), eq(payments.status, "pending"))),
    auditInsert(
      db,
      {
        eventType: "invoice_payment_failed",
        description: `A card payment for invoice ${context.number} failed`,
        schoolId: context.schoolId,
        metadata: { invoice_id: context.invoiceId, payment_intent: facts.paymentIntentId, stripe_event_id: facts.eventId },
        at: facts.at,
      },
      NO_REQUEST,
    ),
  ];
}

function refundedEffects(db: Db, facts: PaymentFacts, context: InvoiceContext): Effect[] {
  const pi = facts.paymentIntentId;
  const refundId = refundEmailId(pi);
  const firstRefund = sql`${intentIn(pi, sql`('refunded')`)} and ${emailMissing(refundId)}`;
  const amountCents = facts.amountCents ?? context.amountCents;
  return [
    db
      .update(payments)
      .set({ status: "refunded", refundedAt: facts.at, stripeChargeId: sql`coalesce(${payments.stripeChargeId}, ${facts.chargeId})`, updatedAt: facts.at })
      .where(and(eq(payments.stripePaymentIntentId, pi), inArray(payments.status, ["pending", "failed", "succeeded"]))),
    db
      .update(invoices)
      .set({ status: "refunded", refundedAt: facts.at, updatedAt: facts.at })
      .where(
        and(
          eq(invoices.id, context.invoiceId),
          inArray(invoices.status, ["pending", "overdue", "paid"]),
          sql`exists (select 1 from ${payments} where ${payments.stripePaymentIntentId} = ${pi} and ${payments.status} = 'refunded')`,
          // Refunding a second payment of an already paid invoice leaves the invoice paid by the first.
          sql`not exists (select 1 from ${payments} where ${payments.invoiceId} = ${context.invoiceId} and ${payments.status} = 'succeeded')`,
        ),
      ),
    auditInsert(
      db,
      {
        eventType: "invoice_refunded",
        description: `Invoice ${context.number} refunded (${formatCents(amountCents)})`,
        schoolId: context.schoolId,
        metadata: { invoice_id: context.invoiceId, payment_intent: pi, charge: facts.chargeId, stripe_account: facts.account, stripe_event_id: facts.eventId },
        at: facts.at,
      },
      NO_REQUEST,
      firstRefund,
    ),
    outboxInsert(
      db,
      {
        id: refundId,
        type: "payment_refunded",
        to: context.parentEmail,
        schoolId: context.schoolId,
        relatedId: context.invoiceId,
        ...paymentRefundedEmail({ parentName: context.parentName, schoolName: context.schoolName, reference: context.number, amount: formatCents(amountCents) }),
      },
      facts.at,
      firstRefund,
    ).query,
  ];
}

/**
 * The effects of a payment event (`effectsOf` in billing/stripe-events.ts calls this for the four
 * types). One read (the invoice, its school and parent), then guarded statements for the event's batch.
 */
export async function paymentEventEffects(db: Db, event: Stripe.Event): Promise<Effect[]> {
  const facts = paymentFacts(event);
  if (!facts) return [];
  if (facts.outcome === "refunded") {
    // The payment row says which invoice a charge paid (charges need not carry the metadata).
    const payment = sql`(select ${payments.invoiceId} from ${payments} where ${payments.stripePaymentIntentId} = ${facts.paymentIntentId})`;
    const context = await invoiceContext(db, eq(invoices.id, payment), facts);
    if (!context || facts.account === null || facts.account !== context.recordedAccount) return [];
    return refundedEffects(db, facts, context);
  }
  // Dispatch on the payable's kind; invoices are the first (field trips will add theirs).
  if (facts.kind !== "invoice" || !facts.metadata.invoiceId) return [];
  const context = await invoiceContext(db, eq(invoices.id, facts.metadata.invoiceId), facts);
  if (!context || context.schoolId !== facts.metadata.schoolId || context.parentId !== facts.metadata.parentId || !fromSchoolAccount(facts, context)) return [];
  return facts.outcome === "succeeded" ? succeededEffects(db, facts, context) : failedEffects(db, facts, context);
}

/** The outbox rows a payment event may have written, to enqueue once its batch has committed. */
export function paymentEmailIds(event: Stripe.Event): string[] {
  const facts = paymentFacts(event);
  if (!facts || facts.outcome === "failed") return [];
  return [facts.outcome === "succeeded" ? receiptEmailId(facts.paymentIntentId) : refundEmailId(facts.paymentIntentId)];
}
