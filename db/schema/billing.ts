import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { FEE_APPLICATION_TYPES, type FeeApplicationType } from "#shared/fees.ts";
import { PAYMENT_METHODS } from "#shared/invoice-correction-texts.ts";
import { INVOICE_STATUSES, type InvoiceStatus } from "#shared/invoice-texts.ts";
import { PAYABLE_KINDS } from "#shared/payment-texts.ts";
import { createdAt, id, instant, isoDate, updatedAt } from "./columns.ts";
import { flightTripEnrollments } from "./flightTrips.ts";
import { schools } from "./schools.ts";
import { parents } from "./users.ts";

export { FEE_APPLICATION_TYPES, type FeeApplicationType, INVOICE_STATUSES, type InvoiceStatus };

/**
 * Money is integer cents. `amountCents` is what the parent pays; `feeCents` is the platform's
 * part of it (added on top for term_based, taken out of the base for year_round).
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    invoiceNumber: text("invoice_number").notNull(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => parents.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    baseAmountCents: integer("base_amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    amountCents: integer("amount_cents").notNull(),
    feeBps: integer("fee_bps").notNull().default(0),
    feeApplicationType: text("fee_application_type", { enum: FEE_APPLICATION_TYPES }).notNull().default("term_based"),
    issueDate: isoDate("issue_date").notNull(),
    dueDate: isoDate("due_date").notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("pending"),
    paidAt: instant("paid_at"),
    /** How a paid invoice was paid: `online` (the webhook) or recorded by the school (ADR 0041). */
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }),
    /** The cheque number or transfer reference of a payment the school recorded. */
    paymentReference: text("payment_reference"),
    /** The school admin who recorded the payment. */
    paymentRecordedBy: text("payment_recorded_by"),
    refundedAt: instant("refunded_at"),
    voidedAt: instant("voided_at"),
    voidReason: text("void_reason"),
    /** The last time the invoice e-mail went to the parent (created, resent). */
    emailedAt: instant("emailed_at"),
    /** A value unique to the last correction (void, edit, mark paid, resend): the claim its e-mail and audit row are guarded by. */
    changeId: text("change_id"),
    /** Set when the invoice pays for a field-trip enrolment. */
    flightTripEnrollmentId: text("flight_trip_enrollment_id"),
    createdBy: text("created_by"),
    /** The Create Invoice form's key for one submission: a replay of it returns this invoice. */
    requestKey: text("request_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_school_number_unique").on(t.schoolId, t.invoiceNumber),
    uniqueIndex("invoices_school_request_key_unique").on(t.schoolId, t.requestKey),
    index("invoices_school_issue_idx").on(t.schoolId, t.issueDate),
    index("invoices_recipient_idx").on(t.recipientId, t.status, t.dueDate),
    index("invoices_status_due_idx").on(t.status, t.dueDate),
    // The invoices lists (ADR 0022): newest issue date first, per school (and tab), per parent.
    index("invoices_school_list_idx").on(t.schoolId, t.issueDate, t.id),
    index("invoices_school_status_list_idx").on(t.schoolId, t.status, t.issueDate, t.id),
    index("invoices_recipient_list_idx").on(t.recipientId, t.issueDate, t.id),
    check("invoices_money", sql`${t.baseAmountCents} >= 0 and ${t.feeCents} >= 0 and ${t.amountCents} >= 0`),
  ],
);

export const PAYMENT_RECORD_STATUSES = ["pending", "succeeded", "failed", "refunded"] as const;

/**
 * A parent's payment of an invoice through the school's connected Stripe account. Payment records
 * are kept 7 years (legal retention), beyond the school, the invoice and the payer: deleting a
 * school or erasing a parent leaves them anonymised (links null, snapshots kept), and the hourly
 * retention job deletes them after 7 years.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    schoolId: text("school_id").references(() => schools.id, { onDelete: "set null" }),
    /** Null once the payer's data is gone with their school. */
    parentId: text("parent_id"),
    /** What the payment settles: an invoice, or a field-trip enrolment (its deposit, balance or full cost). */
    kind: text("kind", { enum: PAYABLE_KINDS }).notNull().default("invoice"),
    invoiceId: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    enrollmentId: text("enrollment_id").references(() => flightTripEnrollments.id, { onDelete: "set null" }),
    /** Snapshots taken when the school is deleted, so the kept record still says what it paid. */
    schoolName: text("school_name"),
    invoiceNumber: text("invoice_number"),
    amountCents: integer("amount_cents").notNull(),
    applicationFeeCents: integer("application_fee_cents").notNull(),
    /**
     * What the app has decided to give back of this payment, in total (an opt-out, a cancelled trip,
     * a deleted child, a lowered cost, a charge nothing can be attached to). Only ever grows; the
     * refunds are asked of Stripe until `refunded_cents` reaches it (services/payments/refunds.ts).
     */
    refundDueCents: integer("refund_due_cents").notNull().default(0),
    /** What Stripe has refunded of the charge (its `amount_refunded`), from `charge.refunded`; only grows. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** `refunded` once the whole amount is refunded; a partly refunded payment stays `succeeded`. */
    status: text("status", { enum: PAYMENT_RECORD_STATUSES }).notNull().default("pending"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** The school's connected account the direct charge was made on. */
    stripeAccountId: text("stripe_account_id"),
    stripeChargeId: text("stripe_charge_id"),
    paidAt: instant("paid_at"),
    refundedAt: instant("refunded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId),
    index("payments_enrollment_idx").on(t.enrollmentId),
    check("payments_amounts", sql`${t.amountCents} >= 0 and ${t.applicationFeeCents} >= 0`),
    index("payments_school_idx").on(t.schoolId, t.createdAt),
    uniqueIndex("payments_checkout_unique").on(t.stripeCheckoutSessionId),
    uniqueIndex("payments_payment_intent_unique").on(t.stripePaymentIntentId),
    // The hourly refunds job's list: payments whose decided refund has not come through (few at any time).
    index("payments_refund_owed_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'succeeded' and ${t.refundDueCents} > ${t.refundedCents}`),
  ],
);

/**
 * The last invoice number a school used in a year: `INV-{year}-{NNN}` is taken from it in the same
 * batch as the invoice insert, so concurrent creates get distinct numbers (past 999 the number grows).
 */
export const invoiceSequences = sqliteTable(
  "invoice_sequences",
  {
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.year] })],
);

/**
 * Per school, the count and sum of `amount_cents` of its invoices by status, kept by triggers on
 * `invoices` (ADR 0022) so the totals cards read one row whatever the number of invoices, and every
 * writer (create, webhooks, the overdue sweep, deletion) moves them in the same statement.
 */
export const invoiceTotals = sqliteTable("invoice_totals", {
  schoolId: text("school_id")
    .primaryKey()
    .references(() => schools.id, { onDelete: "cascade" }),
  pendingCount: integer("pending_count").notNull().default(0),
  pendingCents: integer("pending_cents").notNull().default(0),
  paidCount: integer("paid_count").notNull().default(0),
  paidCents: integer("paid_cents").notNull().default(0),
  overdueCount: integer("overdue_count").notNull().default(0),
  overdueCents: integer("overdue_cents").notNull().default(0),
  refundedCount: integer("refunded_count").notNull().default(0),
  refundedCents: integer("refunded_cents").notNull().default(0),
  voidCount: integer("void_count").notNull().default(0),
  voidCents: integer("void_cents").notNull().default(0),
});

/** Fee settings of a school (the spec keeps them per admin user; one per school is what a school means). */
export const paymentSettings = sqliteTable(
  "payment_settings",
  {
    schoolId: text("school_id")
      .primaryKey()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** Fee percentage in basis points: 0..10000, steps of 10 (0.1%). Default 5%. */
    feeBps: integer("fee_bps").notNull().default(500),
    feeApplicationType: text("fee_application_type", { enum: FEE_APPLICATION_TYPES }).notNull().default("term_based"),
    updatedBy: text("updated_by"),
    updatedAt: updatedAt(),
  },
  (t) => [check("payment_settings_fee_range", sql`${t.feeBps} between 0 and 10000`)],
);

/** Stripe events already applied; inserted in the same batch as their effect. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** Stripe's `created` of the event, used to ignore stale state. */
  eventCreatedAt: instant("event_created_at").notNull(),
  processedAt: instant("processed_at").notNull(),
});
