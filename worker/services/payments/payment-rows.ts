import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import { insertWhere } from "#db/conditional.ts";
import { emailLogs, parents, payments, schools } from "#db/schema/index.ts";
import { applicationFeeCents } from "#shared/fees.ts";
import { currencyOf, formatMoney } from "#shared/money.ts";
import type { PayableKind } from "#shared/payment-texts.ts";
import { type AuditEntry, auditInsert, NO_REQUEST } from "../audit.ts";
import { type OutboxDraft, outboxInsert } from "../email/outbox.ts";

/**
 * The part of the payment webhook that every payable kind shares (ADR 0023, ADR 0030): what an
 * event says, the one `payments` row per PaymentIntent and its guarded status moves. Each payable
 * kind (payable.ts, ADR 0042) adds its own effects with these.
 */

export type Effect = BatchItem<"sqlite">;

export const receiptEmailId = (paymentIntentId: string) => `payment-receipt-${paymentIntentId}`;
/** One refund notice per amount refunded so far: a second partial refund is a second notice. */
export const refundEmailId = (paymentIntentId: string, refundedCents: number) =>
  `payment-refund-${paymentIntentId}-${refundedCents}`;

export type Outcome = "succeeded" | "failed" | "refunded";

/**
 * The columns of `payments` that name what a payment paid for, one per payable kind (a foreign key,
 * so deleting the payable leaves the payment unlinked). The key is also the payable's key in the
 * Checkout metadata.
 */
export const PAYMENT_LINKS = { invoiceId: payments.invoiceId, enrollmentId: payments.enrollmentId };
export type PaymentLink = keyof typeof PAYMENT_LINKS;

/** What a payment event says, whatever its type. */
export type PaymentFacts = {
  outcome: Outcome;
  eventId: string;
  account: string | null;
  at: Date;
  /** The payable kind the metadata names, whether a registered kind or not (payable.ts decides). */
  kind: string | null;
  metadata: Record<string, string>;
  sessionId: string | null;
  paymentIntentId: string;
  chargeId: string | null;
  amountCents: number | null;
  applicationFeeCents: number | null;
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

const kindOf = (metadata: Record<string, string> | null | undefined): string | null => metadata?.kind ?? null;

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
      // `amount_refunded` is the charge's refunded total so far: a partial refund counts too.
      if (!paymentIntentId || !(charge.amount_refunded > 0)) return null;
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

/** What a payment settles, and the school it was paid to. */
export type PaymentContext = {
  kind: PayableKind;
  /** The column of `payments` that names the payable, and its id. */
  link: PaymentLink;
  payableId: string;
  schoolId: string;
  parentId: string;
  /** What the payable costs, when the event does not say the amount. */
  amountCents: number;
  platformFeeBps: number;
  schoolAccount: string | null;
  recordedAccount: string | null;
};

/** Who a payment is between, as every payable's context reads it (join `schools` and `parents`). */
export const PAYMENT_PARTIES = {
  schoolName: schools.name,
  schoolAccount: schools.stripeConnectAccountId,
  platformFeeBps: schools.platformFeeBps,
  currency: schools.currency,
  parentName: parents.name,
  parentEmail: parents.email,
  /** The parent's language, read with the rest: `resolveLocale(parentLocale, schoolLocale)` (issue 30). */
  parentLocale: parents.locale,
  schoolLocale: schools.defaultLocale,
};

/** The connected account recorded when the checkout of this PaymentIntent (or session) started. */
export function recordedAccountOf(facts: PaymentFacts) {
  const recorded = or(
    eq(payments.stripePaymentIntentId, facts.paymentIntentId),
    facts.sessionId ? eq(payments.stripeCheckoutSessionId, facts.sessionId) : undefined,
  );
  return sql<string | null>`(select ${payments.stripeAccountId} from ${payments} where ${recorded} limit 1)`;
}

/** Connect: an event counts only from the school's connected account (or the one the checkout was made on). */
export function fromSchoolAccount(
  facts: PaymentFacts,
  context: Pick<PaymentContext, "schoolAccount" | "recordedAccount">,
): boolean {
  return (
    facts.account !== null && (facts.account === context.schoolAccount || facts.account === context.recordedAccount)
  );
}

export const intentRow = (paymentIntentId: string) =>
  sql`exists (select 1 from ${payments} as other where other.stripe_payment_intent_id = ${paymentIntentId})`;
export const intentIn = (paymentIntentId: string, statuses: SQL) =>
  sql`exists (select 1 from ${payments} as other where other.stripe_payment_intent_id = ${paymentIntentId} and other.status in ${statuses})`;
export const emailMissing = (id: string) => sql`not exists (select 1 from ${emailLogs} where ${emailLogs.id} = ${id})`;
/** The guard of a receipt (and its audit row): the payment has succeeded and its e-mail row is not written yet. */
export const firstReceipt = (paymentIntentId: string) =>
  sql`${intentIn(paymentIntentId, sql`('succeeded')`)} and ${emailMissing(receiptEmailId(paymentIntentId))}`;
/** The guard of a refund e-mail (and its audit row): the payment's refunded total is this event's, and its e-mail row is not written yet. */
export const firstRefund = (paymentIntentId: string, refundedCents: number) =>
  sql`exists (select 1 from ${payments} as other where other.stripe_payment_intent_id = ${paymentIntentId} and other.refunded_cents = ${refundedCents}) and ${emailMissing(refundEmailId(paymentIntentId, refundedCents))}`;

/** The one payments row of this PaymentIntent: merged with Checkout's pending row, or created. */
export function paymentRowEffects(
  db: Db,
  facts: PaymentFacts,
  context: PaymentContext,
  status: "pending" | "failed",
): Effect[] {
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
  const fee =
    facts.applicationFeeCents ?? applicationFeeCents(facts.amountCents ?? context.amountCents, context.platformFeeBps);
  effects.push(
    insertWhere(
      db,
      payments,
      {
        id: crypto.randomUUID(),
        schoolId: context.schoolId,
        parentId: context.parentId,
        kind: context.kind,
        [context.link]: context.payableId,
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

/** pending/failed → succeeded (a refunded payment stays refunded); times move to the earliest event's. */
export function paymentSucceeded(db: Db, facts: PaymentFacts): Effect {
  const at = facts.at.getTime();
  return (
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
      .where(
        and(
          eq(payments.stripePaymentIntentId, facts.paymentIntentId),
          inArray(payments.status, ["pending", "failed", "succeeded"]),
        ),
      )
  );
}

/** pending → failed (a failure after a success changes nothing). */
export function paymentFailed(db: Db, facts: PaymentFacts): Effect {
  return db
    .update(payments)
    .set({ status: "failed", updatedAt: facts.at })
    .where(and(eq(payments.stripePaymentIntentId, facts.paymentIntentId), eq(payments.status, "pending")));
}

/**
 * A refund of the charge (`charge.refunded`, whose `amount_refunded` is the total so far): the
 * refunded total only grows (a late event of an earlier, smaller refund changes nothing), counts
 * as decided too (a refund made from Stripe's dashboard), and the whole amount turns the payment
 * `refunded` for good; a part leaves it `succeeded`.
 */
export function paymentRefunded(db: Db, facts: PaymentFacts): Effect {
  const total = sql`min(${payments.amountCents}, ${facts.amountCents ?? 0})`;
  return db
    .update(payments)
    .set({
      refundedCents: total,
      refundDueCents: sql`max(${payments.refundDueCents}, ${total})`,
      status: sql`case when ${total} >= ${payments.amountCents} then 'refunded' else 'succeeded' end`,
      refundedAt: sql`case when ${total} >= ${payments.amountCents} then ${facts.at.getTime()} else ${payments.refundedAt} end`,
      stripeChargeId: sql`coalesce(${payments.stripeChargeId}, ${facts.chargeId})`,
      updatedAt: facts.at,
    })
    .where(
      and(
        eq(payments.stripePaymentIntentId, facts.paymentIntentId),
        inArray(payments.status, ["pending", "failed", "succeeded"]),
        sql`${payments.refundedCents} < ${facts.amountCents ?? 0}`,
      ),
    );
}

/** The payments row of a PaymentIntent: its kind, what it paid for (every link column) and its account. */
export async function paymentOfIntent(db: Db, paymentIntentId: string) {
  const [row] = await db
    .select({ id: payments.id, kind: payments.kind, account: payments.stripeAccountId, ...PAYMENT_LINKS })
    .from(payments)
    .where(eq(payments.stripePaymentIntentId, paymentIntentId))
    .limit(1);
  return row ?? null;
}

/** The audit row and the e-mail (receipt, refund notice) of a payment event, written together once under `guard`. */
export function auditedEmail(
  db: Db,
  facts: PaymentFacts,
  audit: Omit<AuditEntry, "at">,
  email: OutboxDraft,
  guard: SQL,
): Effect[] {
  return [
    auditInsert(db, { ...audit, at: facts.at }, NO_REQUEST, guard),
    outboxInsert(db, email, facts.at, guard).query,
  ];
}

/** A failed payment of any payable: its row, pending → failed, and the audit row. */
export function failedPaymentEffects(
  db: Db,
  facts: PaymentFacts,
  context: PaymentContext,
  audit: Omit<AuditEntry, "at">,
): Effect[] {
  return [
    ...paymentRowEffects(db, facts, context, "failed"),
    paymentFailed(db, facts),
    auditInsert(db, { ...audit, at: facts.at }, NO_REQUEST),
  ];
}

/**
 * A charge for something that is gone (a child deleted, an invoice deleted with its school, while a
 * Checkout was still open): the row Checkout recorded turns succeeded with its whole amount due back,
 * and the audit log says so; the webhook then asks Stripe for the refund (settle.ts), and the hourly
 * sweep asks again until it is done. Only a charge on the account the checkout was made on counts.
 */
export async function unattachedPaymentEffects(db: Db, facts: PaymentFacts): Promise<Effect[]> {
  if (facts.outcome !== "succeeded") return [];
  const recorded = or(
    eq(payments.stripePaymentIntentId, facts.paymentIntentId),
    facts.sessionId ? eq(payments.stripeCheckoutSessionId, facts.sessionId) : undefined,
  );
  const [row] = await db
    .select({
      id: payments.id,
      schoolId: payments.schoolId,
      account: payments.stripeAccountId,
      amountCents: payments.amountCents,
      currency: schools.currency,
    })
    .from(payments)
    // A school deleted since (payments keep a null school): its currency is unknown, the default is said.
    .leftJoin(schools, eq(schools.id, payments.schoolId))
    .where(recorded)
    .limit(1);
  if (!row || facts.account === null || row.account !== facts.account) return [];
  const effects: Effect[] = [];
  if (facts.sessionId) {
    effects.push(
      db
        .update(payments)
        .set({ stripePaymentIntentId: facts.paymentIntentId })
        .where(and(eq(payments.id, row.id), isNull(payments.stripePaymentIntentId))),
    );
  }
  const amountCents = facts.amountCents ?? row.amountCents;
  return [
    ...effects,
    // The audit row first, written only by the event that makes the charge count (a replay writes none).
    auditInsert(
      db,
      {
        eventType: "payment_unattached",
        description: `A payment of ${formatMoney(amountCents, currencyOf(row.currency))} arrived for something that no longer exists: it is refunded`,
        schoolId: row.schoolId,
        metadata: {
          payment_id: row.id,
          payment_intent: facts.paymentIntentId,
          stripe_account: facts.account,
          amount_cents: amountCents,
          stripe_event_id: facts.eventId,
        },
        at: facts.at,
      },
      NO_REQUEST,
      sql`exists (select 1 from ${payments} where ${payments.id} = ${row.id} and ${payments.status} in ('pending', 'failed'))`,
    ),
    paymentSucceeded(db, facts),
    db
      .update(payments)
      .set({ refundDueCents: sql`${payments.amountCents}` })
      .where(eq(payments.id, row.id)),
  ];
}
