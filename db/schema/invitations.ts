import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Locale } from "#shared/locales.ts";
import { createdAt, id, instant, json, ROLES, updatedAt } from "./columns.ts";
import { children } from "./family.ts";
import { schools } from "./schools.ts";

export const INVITATION_STATUSES = ["pending", "accepted", "expired", "revoked"] as const;
export const INVITABLE_ROLES = ["school_admin", "parent", "driver"] as const;

export type InvitationMetadata = {
  admin_name?: string;
  invitedUserName?: string;
  parent_name?: string;
  driver_name?: string;
  /** A guardian invitation: who invited (a parent's name) and the child's name, for the e-mail and the accept page. */
  inviter_name?: string;
  child_name?: string;
  /** A school's pupil import: accepting one of its invitations accepts the address's others (ADR 0053). */
  import_id?: string;
  accept_invite_link?: string;
  /** The new account's own language (a school's first admin: the language its registration was filled in). */
  locale?: Locale;
};

/** Token and temporary password are stored only as SHA-256 hashes. */
export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role", { enum: INVITABLE_ROLES }).notNull(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    temporaryPasswordHash: text("temporary_password_hash"),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
    /** The account created from this invitation; set by the same statement that accepts it. */
    acceptedUserId: text("accepted_user_id"),
    revokedAt: instant("revoked_at"),
    reminderSentAt: instant("reminder_sent_at"),
    invitedBy: text("invited_by"),
    invitedByRole: text("invited_by_role", { enum: ROLES }),
    /** A guardian invitation (ADR 0053): the child the invited parent will share; null for a school's invitation. */
    childId: text("child_id").references(() => children.id, { onDelete: "cascade" }),
    metadata: json<InvitationMetadata>("metadata")
      .notNull()
      .$defaultFn(() => ({})),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_unique").on(t.tokenHash),
    index("invitations_status_idx").on(t.status, t.expiresAt),
    index("invitations_role_status_idx").on(t.role, t.status, t.expiresAt),
    index("invitations_school_idx").on(t.schoolId, t.createdAt),
    index("invitations_school_role_idx").on(t.schoolId, t.role, t.createdAt, t.id),
    index("invitations_email_idx").on(t.email),
    index("invitations_child_idx").on(t.childId),
    /** The search's "inviter name" half: the invitations of the matching inviters. */
    index("invitations_invited_by_idx").on(t.invitedBy),
    // Invitations Management, newest first, per filter (ADR 0018).
    index("invitations_created_idx").on(t.createdAt, t.id),
    index("invitations_status_created_idx").on(t.status, t.createdAt, t.id),
    index("invitations_role_created_idx").on(t.role, t.createdAt, t.id),
    index("invitations_role_status_created_idx").on(t.role, t.status, t.createdAt, t.id),
  ],
);
