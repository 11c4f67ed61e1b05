import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  children,
  flightTripEnrollments,
  flightTrips,
  notificationPreferences,
  parents,
  payments,
  schools,
} from "#db/schema/index.ts";
import { currencyOf, formatMoney } from "#shared/money.ts";
import { emailMoney } from "#worker/email/format.ts";
import { enrollmentReceiptEmail, enrollmentRefundedEmail } from "#worker/email/templates.ts";
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

/**
 * Webhook effects of enrolment payments (ADR 0030). An enrolment's amount paid and payment status
 * are DERIVED from its succeeded payments rows, recomputed by one statement in the event's batch,
 * so any order of events and any duplicate gives the same result; pending turns confirmed when a
 * payment has succeeded, an opted-out enrolment stays opted-out.
 */

/** Of the enrolment being updated (correlated on its row): the payments that took money. */
const ofEnrollment = sql`${payments.enrollmentId} = ${flightTripEnrollments.id} and ${payments.status} in ('succeeded', 'refunded')`;
/** What goes back of a payment: refunded by Stripe, or decided and on its way (the larger). */
const goingBack = sql`max(${payments.refundDueCents}, ${payments.refundedCents})`;
/** What the school keeps: paid, less every refund given or decided. */
const keptSum = sql`(select coalesce(sum(${payments.amountCents} - ${goingBack}), 0) from ${payments} where ${ofEnrollment})`;
const refundedSum = sql`(select coalesce(sum(${payments.refundedCents}), 0) from ${payments} where ${ofEnrollment})`;
const refundPendingSum = sql`(select coalesce(sum(${goingBack} - ${payments.refundedCents}), 0) from ${payments} where ${ofEnrollment})`;
const tripCost = sql`(select ${flightTrips.costPerStudentCents} from ${flightTrips} where ${flightTrips.id} = ${flightTripEnrollments.flightTripId})`;
/** `paymentStatusFor` (#shared/flight-trip-texts.ts) in SQL: paid in full, part paid, or nothing yet. */
const derivedPaymentStatus = sql`case when ${keptSum} >= ${tripCost} then 'paid' when ${keptSum} > 0 then 'partial' else 'pending' end`;
const derivedStatus = sql`case when ${flightTripEnrollments.status} = 'pending' and ${keptSum} > 0 then 'confirmed' else ${flightTripEnrollments.status} end`;

/**
 * The one recompute of an enrolment's money from its payments rows (a statement for a batch): what
 * the school keeps, what was refunded and what is still to come back, the payment status, and
 * pending → confirmed once something is paid. It writes only when something changes, so a duplicate
 * event leaves `updated_at` alone. `which` picks the enrolments: one, or a trip's.
 */
export function enrollmentPaymentRecompute(db: Db, which: string | { tripId: string }, at: Date) {
  return db
    .update(flightTripEnrollments)
    .set({
      amountPaidCents: sql`${keptSum}`,
      amountRefundedCents: sql`${refundedSum}`,
      refundPendingCents: sql`${refundPendingSum}`,
      paymentStatus: sql`${derivedPaymentStatus}`,
      status: sql`${derivedStatus}`,
      updatedAt: at,
    })
    .where(
      and(
        typeof which === "string"
          ? eq(flightTripEnrollments.id, which)
          : eq(flightTripEnrollments.flightTripId, which.tripId),
        sql`(${flightTripEnrollments.amountPaidCents} <> ${keptSum} or ${flightTripEnrollments.amountRefundedCents} <> ${refundedSum}
          or ${flightTripEnrollments.refundPendingCents} <> ${refundPendingSum}
          or ${flightTripEnrollments.paymentStatus} <> ${derivedPaymentStatus} or ${flightTripEnrollments.status} <> ${derivedStatus})`,
      ),
    );
}

/** The enrolment, its trip, child, school and parent, and the account recorded when the checkout started. */
async function enrollmentContext(db: Db, where: SQL, facts: PaymentFacts) {
  const [row] = await db
    .select({
      enrollmentId: flightTripEnrollments.id,
      schoolId: flightTripEnrollments.schoolId,
      parentId: flightTripEnrollments.parentId,
      amountPaidCents: flightTripEnrollments.amountPaidCents,
      tripTitle: flightTrips.title,
      amountCents: flightTrips.costPerStudentCents,
      childName: children.name,
      ...PAYMENT_PARTIES,
      ...RECEIPT_PREFERENCES,
      timeZone: schools.timeZone,
      recordedAccount: recordedAccountOf(facts),
    })
    .from(flightTripEnrollments)
    .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
    .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
    .innerJoin(schools, eq(schools.id, flightTripEnrollments.schoolId))
    .innerJoin(parents, eq(parents.id, flightTripEnrollments.parentId))
    .leftJoin(notificationPreferences, preferencesJoin("parent", parents.id))
    .where(where)
    .limit(1);
  return row
    ? { ...row, kind: "enrollment" as const, link: "enrollmentId" as const, payableId: row.enrollmentId }
    : null;
}
type EnrollmentContext = PaymentContext & NonNullable<Awaited<ReturnType<typeof enrollmentContext>>>;

function succeededEffects(db: Db, facts: PaymentFacts, context: EnrollmentContext): Effect[] {
  const pi = facts.paymentIntentId;
  const amountCents = facts.amountCents ?? context.amountCents;
  // What is left after this payment, for the receipt (the row itself is derived in the batch).
  const remaining = Math.max(0, context.amountCents - context.amountPaidCents - amountCents);
  return [
    ...paymentRowEffects(db, facts, context, "pending"),
    paymentSucceeded(db, facts),
    enrollmentPaymentRecompute(db, context.enrollmentId, facts.at),
    // The parent's own notice, pushed or kept for the digest as they chose, once (ADR 0075).
    ...receiptNoticeEffects(db, facts, {
      ...context,
      amountCents,
      paid: { childName: context.childName, tripTitle: context.tripTitle },
      url: "/parent/flight-trips",
    }),
    // The school's admins are told once per PaymentIntent, with the receipt (issue 25).
    notifySchoolAdmins(db, {
      schoolId: context.schoolId,
      content: MONEY_NOTICES.paid({
        currency: context.currency,
        parentName: context.parentName,
        amountCents,
        paid: { childName: context.childName, tripTitle: context.tripTitle },
      }),
      at: facts.at,
      onlyIf: firstReceipt(pi),
    }),
    ...auditedEmail(
      db,
      facts,
      {
        eventType: "enrollment_paid",
        description: `${context.childName}: ${formatMoney(amountCents, currencyOf(context.currency))} paid online for ${context.tripTitle}`,
        schoolId: context.schoolId,
        metadata: {
          enrollment_id: context.enrollmentId,
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
        relatedId: context.enrollmentId,
        ...enrollmentReceiptEmail({
          locale: resolveLocale(context.parentLocale, context.schoolLocale),
          parentName: context.parentName,
          schoolName: context.schoolName,
          tripTitle: context.tripTitle,
          childName: context.childName,
          amount: emailMoney(
            resolveLocale(context.parentLocale, context.schoolLocale),
            amountCents,
            currencyOf(context.currency),
          ),
          remaining: emailMoney(
            resolveLocale(context.parentLocale, context.schoolLocale),
            remaining,
            currencyOf(context.currency),
          ),
        }),
      },
      firstReceipt(pi),
    ),
  ];
}

/**
 * `payment_intent.*` and `checkout.session.completed` of an enrolment (metadata `enrollmentId`);
 * null when the enrolment is gone (its child was deleted while a Checkout was open): the caller
 * records the charge as unattached, to be refunded.
 */
export async function enrollmentPaymentEffects(
  db: Db,
  facts: PaymentFacts,
  enrollmentId: string,
): Promise<Effect[] | null> {
  if (facts.outcome === "refunded") return [];
  const context = await enrollmentContext(db, eq(flightTripEnrollments.id, enrollmentId), facts);
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
      eventType: "enrollment_payment_failed",
      description: `A card payment for ${context.childName} on ${context.tripTitle} failed`,
      schoolId: context.schoolId,
      metadata: {
        enrollment_id: context.enrollmentId,
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
        paid: { childName: context.childName, tripTitle: context.tripTitle },
      }),
      at: facts.at,
      key: paymentNoticeKey("failed", facts.paymentIntentId),
    }),
  ];
}

/**
 * `charge.refunded` of an enrolment's payment: the payment is refunded and the enrolment recomputed
 * (an opted-out one stays opted-out; a confirmed one the school refunded owes the amount again).
 */
export async function enrollmentRefundEffects(db: Db, facts: PaymentFacts, enrollmentId: string): Promise<Effect[]> {
  const context = await enrollmentContext(db, eq(flightTripEnrollments.id, enrollmentId), facts);
  if (!context) return [paymentRefunded(db, facts)];
  const pi = facts.paymentIntentId;
  const amountCents = facts.amountCents ?? context.amountCents;
  return [
    paymentRefunded(db, facts),
    ...receiptNoticeWithdrawn(db, facts),
    enrollmentPaymentRecompute(db, enrollmentId, facts.at),
    notifySchoolAdmins(db, {
      schoolId: context.schoolId,
      content: MONEY_NOTICES.refunded({
        currency: context.currency,
        parentName: context.parentName,
        amountCents,
        paid: { childName: context.childName, tripTitle: context.tripTitle },
      }),
      at: facts.at,
      onlyIf: firstRefund(pi, amountCents),
    }),
    ...auditedEmail(
      db,
      facts,
      {
        eventType: "enrollment_refunded",
        description: `${context.childName}: ${formatMoney(amountCents, currencyOf(context.currency))} refunded for ${context.tripTitle}`,
        schoolId: context.schoolId,
        metadata: {
          enrollment_id: enrollmentId,
          payment_intent: pi,
          charge: facts.chargeId,
          stripe_account: facts.account,
          stripe_event_id: facts.eventId,
        },
      },
      {
        id: refundEmailId(pi, amountCents),
        type: "payment_refunded",
        to: context.parentEmail,
        schoolId: context.schoolId,
        relatedId: enrollmentId,
        ...enrollmentRefundedEmail({
          locale: resolveLocale(context.parentLocale, context.schoolLocale),
          parentName: context.parentName,
          schoolName: context.schoolName,
          tripTitle: context.tripTitle,
          childName: context.childName,
          amount: emailMoney(
            resolveLocale(context.parentLocale, context.schoolLocale),
            amountCents,
            currencyOf(context.currency),
          ),
        }),
      },
      firstRefund(pi, amountCents),
    ),
  ];
}
