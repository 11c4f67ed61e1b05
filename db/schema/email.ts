import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, updatedAt } from "./columns.ts";

export const EMAIL_TYPES = [
  "verification_code",
  "school_admin_invite",
  "parent_invite",
  "driver_invite",
  "invite_reminder",
  "invite_revoked",
  "invite_notice",
  "registration_approved",
  "registration_rejected",
  "password_reset",
  "notification",
  "invoice_overdue",
  "payment_receipt",
  "payment_refunded",
  "invoice_created",
  "invoice_resent",
  "invoice_voided",
  "invoice_payment_recorded",
  "digest",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
export const EMAIL_STATUSES = ["pending", "sent", "delivered", "bounced", "failed"] as const;

/** The outbox: every e-mail is a row first, written with the change that causes it. */
export const emailLogs = sqliteTable(
  "email_logs",
  {
    id: id(),
    emailType: text("email_type", { enum: EMAIL_TYPES }).notNull(),
    recipientEmail: text("recipient_email").notNull(),
    subject: text("subject").notNull(),
    htmlBody: text("html_body").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    /** Tenant, when the e-mail belongs to one (platform e-mails have none). */
    schoolId: text("school_id"),
    /** What caused it, e.g. an invitation id. */
    relatedId: text("related_id"),
    attempts: integer("attempts").notNull().default(0),
    lastEnqueuedAt: instant("last_enqueued_at"),
    sentAt: instant("sent_at"),
    deliveredAt: instant("delivered_at"),
    bouncedAt: instant("bounced_at"),
    providerMessageId: text("provider_message_id"),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("email_logs_status_idx").on(t.status, t.createdAt),
    index("email_logs_recipient_idx").on(t.recipientEmail, t.createdAt),
    index("email_logs_provider_idx").on(t.providerMessageId),
  ],
);
