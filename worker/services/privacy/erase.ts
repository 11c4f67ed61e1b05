import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { rowHolds } from "#db/conditional.ts";
import {
  attendance,
  children,
  digestItems,
  emailLogs,
  flightTripEnrollments,
  invitations,
  newsletterSubscriptions,
  notificationPreferences,
  notifications,
  parents,
  passwordResetTokens,
  pushSubscriptions,
  schoolAdmins,
  sessions,
} from "#db/schema/index.ts";
import { MESSAGES } from "#shared/messages.ts";
import { ERASED_NAME, LAST_ADMIN_MESSAGE, type requestErasureInput } from "#shared/privacy.ts";
import { said } from "#shared/said.ts";
import { verifyPassword } from "#worker/auth/password.ts";
import { findAccountById } from "#worker/auth/users.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError, tooManyAttempts } from "../errors.ts";
import { guardedOnlyBy, leaveChildren } from "../family/guardianship.ts";
import { releaseChildren } from "../flight-trips/release.ts";
import { type DataSubject, dataSubjectOf } from "./export.ts";

/**
 * Not a valid scrypt hash, so no password ever verifies against it; unique to the erasing request,
 * so the batch's later statements can tell that this request (not an earlier one) did the erasure.
 */
export function unusablePasswordHash(): string {
  return `!erased:${crypto.randomUUID()}`;
}

/** Password re-entries for erasure: at most this many per user per window (no online guessing). */
export const ERASURE_ATTEMPTS = 5;
export const ERASURE_WINDOW_MS = 15 * 60_000;

export function erasureLimitKey(subject: DataSubject): string {
  return `erasure:${subject.role}:${subject.id}`;
}

/** A unique address in the reserved `.invalid` domain (RFC 2606): never deliverable, never a login. */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/**
 * The anonymising update, guarded: only while the password hash is still the one just verified (a
 * double click or a concurrent password change erases nothing twice); a school admin only while another active admin
 * of the school remains (checked inside the statement, so two admins erasing themselves at once
 * cannot both succeed and orphan the school).
 */
function anonymise(db: Db, subject: DataSubject, verifiedHash: string, marker: string, now: Date) {
  const common = {
    name: ERASED_NAME,
    email: erasedEmail(subject.id),
    phone: null,
    address: null,
    passwordHash: marker,
    isActive: false,
    mustChangePassword: false,
    lastLogin: null,
    updatedAt: now,
  };
  if (subject.role === "parent") {
    return db
      .update(parents)
      .set({ ...common, emergencyContact: null, emergencyPhone: null })
      .where(
        and(eq(parents.id, subject.id), eq(parents.schoolId, subject.schoolId), eq(parents.passwordHash, verifiedHash)),
      );
  }
  const otherAdmin = sql`exists (select 1 from ${schoolAdmins} other where other."school_id" = ${subject.schoolId} and other."id" <> ${subject.id} and other."is_active" = 1)`;
  return db
    .update(schoolAdmins)
    .set(common)
    .where(
      and(
        eq(schoolAdmins.id, subject.id),
        eq(schoolAdmins.schoolId, subject.schoolId),
        eq(schoolAdmins.passwordHash, verifiedHash),
        otherAdmin,
      ),
    );
}

/**
 * GD1 (GDPR Art. 17): erases the signed-in user after re-checking their password. In one batch:
 * the person is anonymised and deactivated, their sessions end, their children (and the
 * children's field-trip enrolments and attendance, LO5), notifications, invitations, reset tokens, e-mails (their
 * school's: another school's invitation or e-mail to the same address is that school's record) and
 * newsletter sign-up go; invoices and payments stay (legal retention, 7 years), attached to the
 * anonymised account. The audit row carries no personal data. Every statement after the first is
 * tied to the anonymisation having happened in this batch.
 */
export function requestErasure(scope: SchoolScope, input: z.infer<typeof requestErasureInput>): Promise<void> {
  // The attempt limit counts only attempts that get a password slot (503 changes nothing).
  return scope.deps.passwordSlots.run(() => erase(scope, input));
}

async function erase(scope: SchoolScope, input: z.infer<typeof requestErasureInput>): Promise<void> {
  const { deps, meta, now } = scope;
  const { db } = deps;
  const subject = dataSubjectOf(scope);
  const { password } = input;
  const limit = await hitWindow(db, erasureLimitKey(subject), now, ERASURE_WINDOW_MS, ERASURE_ATTEMPTS);
  if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
  const account = await findAccountById(db, subject.role, subject.id);
  if (!account || account.schoolId !== subject.schoolId)
    throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Account not found" }));
  if (!(await verifyPassword(password, account.passwordHash)))
    throw new AppError("BAD_REQUEST", MESSAGES.currentPasswordIncorrect);

  const table = subject.role === "parent" ? parents : schoolAdmins;
  const marker = unusablePasswordHash();
  const erased: SQL = rowHolds(table, subject.id, table.passwordHash, marker);
  const oldEmail = account.email;
  // The children only this parent guards leave with them, and their field trips follow the opt-out
  // rule, as Delete Child does (refused, or refunded). A child another guardian still has stays with
  // them, with its enrolments; the parent only leaves it (ownership passes on, ADR 0053).
  const sole = and(guardedOnlyBy(subject.id), eq(children.schoolId, subject.schoolId))!;
  const release = subject.role === "parent" ? await releaseChildren(scope, sole) : null;
  const [update] = await db.batch([
    anonymise(db, subject, account.passwordHash, marker, now),
    db.delete(sessions).where(and(eq(sessions.userRole, subject.role), eq(sessions.userId, subject.id), erased)),
    ...(release
      ? [
          release.decide(erased),
          db
            .delete(flightTripEnrollments)
            .where(
              and(
                eq(flightTripEnrollments.parentId, subject.id),
                sql`${flightTripEnrollments.childId} in (select ${children.id} from ${children} where ${sole})`,
                erased,
              ),
            ),
          // The foreign key would cascade; said here so the erasure does not rest on the pragma (LO5).
          db
            .delete(attendance)
            .where(and(inArray(attendance.childId, db.select({ id: children.id }).from(children).where(sole)), erased)),
          db.delete(children).where(and(sole, erased)),
          ...leaveChildren(db, subject.id, eq(children.schoolId, subject.schoolId)!, erased),
        ]
      : []),
    db
      .delete(notifications)
      .where(and(eq(notifications.recipientRole, subject.role), eq(notifications.recipientId, subject.id), erased)),
    // Only the subject's school's records: another school's invitation or e-mail to the same
    // address (a parent there too, or that school's admin) is that school's, and stays.
    db
      .delete(invitations)
      .where(
        and(
          or(
            eq(invitations.acceptedUserId, subject.id),
            and(
              eq(invitations.email, oldEmail),
              eq(invitations.role, subject.role),
              eq(invitations.schoolId, subject.schoolId),
            ),
          ),
          erased,
        ),
      ),
    db
      .delete(notificationPreferences)
      .where(
        and(eq(notificationPreferences.userRole, subject.role), eq(notificationPreferences.userId, subject.id), erased),
      ),
    // What their preferences held back for the digest (ADR 0075).
    db
      .delete(digestItems)
      .where(and(eq(digestItems.userRole, subject.role), eq(digestItems.userId, subject.id), erased)),
    // Their devices' push subscriptions (ADR 0068); the push rows lose theirs (set null).
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userRole, subject.role), eq(pushSubscriptions.userId, subject.id), erased)),
    db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userRole, subject.role), eq(passwordResetTokens.userId, subject.id), erased)),
    db
      .delete(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, oldEmail), eq(emailLogs.schoolId, subject.schoolId), erased)),
    db.delete(newsletterSubscriptions).where(and(eq(newsletterSubscriptions.email, oldEmail), erased)),
    auditInsert(
      db,
      {
        eventType: "account_erased",
        description: "Account erased at the user's request (personal data removed, payment records kept)",
        userId: subject.id,
        userRole: subject.role,
        schoolId: subject.schoolId,
        at: now,
      },
      meta,
      erased,
    ),
  ]);
  if (update.rowsAffected !== 1) {
    const current = await findAccountById(db, subject.role, subject.id);
    if (subject.role === "school_admin" && current?.passwordHash === account.passwordHash)
      throw new AppError("CONFLICT", LAST_ADMIN_MESSAGE);
    throw new AppError("CONFLICT", said(/*i18n*/ { id: "Your account changed meanwhile. Please sign in again." }));
  }
  await release?.settle("account_erased");
}
