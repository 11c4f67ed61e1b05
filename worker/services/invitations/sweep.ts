import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rowHolds } from "#db/conditional.ts";
import { children, invitations, schools } from "#db/schema/index.ts";
import { randomHex, sha256Hex } from "#worker/auth/crypto.ts";
import type { Logger } from "#worker/deps.ts";
import { guardianInvitationEmail } from "#worker/email/templates.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import type { QueueProducer } from "#worker/platform.ts";
import { auditInsert, NO_REQUEST } from "../audit.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { childNames, resentGuardianNames } from "../guardians/email.ts";
import { acceptLink, invitationEmail, noAccountYet, REMINDER_BEFORE_EXPIRY_MS, TOKEN_BYTES } from "./shared.ts";

/** Hourly: pending invitations past their expiry become expired. */
export async function expireInvitations(db: Db, now: Date): Promise<number> {
  const result = await db
    .update(invitations)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(invitations.status, "pending"), lte(invitations.expiresAt, now)));
  return result.rowsAffected;
}

const REMINDER_BATCH = 200;

/**
 * The children a guardian invitation's reminder names: its child, or for a pupil import's address
 * (one e-mail for all its pupils, ADR 0053) every pupil of that import still waiting for it.
 */
async function remindedChildren(
  db: Db,
  invitation: typeof invitations.$inferSelect,
  childName: string | null,
): Promise<string> {
  const importId = invitation.metadata.import_id;
  if (!importId) return childName ?? invitation.metadata.child_name ?? "";
  const rows = await db
    .select({ name: children.name })
    .from(invitations)
    .innerJoin(children, eq(children.id, invitations.childId))
    .where(
      and(
        eq(invitations.email, invitation.email),
        eq(invitations.schoolId, invitation.schoolId),
        eq(invitations.status, "pending"),
        sql`json_extract(${invitations.metadata}, '$.import_id') = ${importId}`,
      ),
    )
    .orderBy(invitations.createdAt, sql`${invitations}.rowid`);
  return childNames(rows.map((row) => row.name));
}

/**
 * Hourly: one `invite_reminder` per pending invitation, about 48 hours before it expires (only for
 * invitations valid longer than that). The reminder carries a fresh link: the token is rotated,
 * because only its hash is kept. Guarded by `reminder_sent_at`, so it is sent once.
 */
export async function sendInvitationReminders(
  deps: { db: Db; queue: QueueProducer; logger: Logger; appUrl: string },
  now: Date,
): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({
      invitation: invitations,
      schoolName: schools.name,
      childName: children.name,
      locale: schools.defaultLocale,
      timeZone: schools.timeZone,
    })
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .leftJoin(children, eq(children.id, invitations.childId))
    .where(
      and(
        eq(invitations.status, "pending"),
        isNull(invitations.reminderSentAt),
        gt(invitations.expiresAt, now),
        lte(invitations.expiresAt, new Date(now.getTime() + REMINDER_BEFORE_EXPIRY_MS)),
        lte(invitations.createdAt, sql`${invitations.expiresAt} - ${REMINDER_BEFORE_EXPIRY_MS}`),
        // An address that has an account can never accept; its owner has had a notice already.
        noAccountYet(),
        // A pupil import's address has one e-mail for all its pupils, so one reminder: its first invitation's (ADR 0053).
        sql`(json_extract(${invitations.metadata}, '$.import_id') is null or not exists (
          select 1 from ${invitations} as sibling where sibling.email = ${invitations.email}
            and sibling.school_id = ${invitations.schoolId} and sibling.status = 'pending' and sibling.id < ${invitations.id}
            and json_extract(sibling.metadata, '$.import_id') = json_extract(${invitations.metadata}, '$.import_id')))`,
      ),
    )
    .limit(REMINDER_BATCH);
  const sent: string[] = [];
  for (const { invitation, schoolName, childName, locale, timeZone } of due) {
    // No account yet: the school's default language and zone.
    const reader = { locale: resolveLocale(null, locale), timeZone };
    const token = randomHex(TOKEN_BYTES);
    const tokenHash = await sha256Hex(token);
    const won = rowHolds(invitations, invitation.id, invitations.tokenHash, tokenHash);
    // A guardian invitation (it names a child) is reminded in its own words: who shares which child.
    // Reminders go to addresses without an account only, so its link is the one to create it.
    const reminder = invitation.childId
      ? guardianInvitationEmail({
          ...reader,
          ...resentGuardianNames(invitation, {
            inviterName: schoolName,
            childName: await remindedChildren(db, invitation, childName),
            schoolName,
          }),
          acceptLink: acceptLink(deps.appUrl, token),
          expiresAt: invitation.expiresAt,
          hasAccount: false,
          reminder: true,
        })
      : invitationEmail(invitation, schoolName, { token, temporaryPassword: null }, deps.appUrl, "reminder", reader);
    const mail = outboxInsert(
      db,
      {
        ...reminder,
        type: "invite_reminder",
        to: invitation.email,
        schoolId: invitation.schoolId,
        relatedId: invitation.id,
      },
      now,
      won,
    );
    const [updated] = await db.batch([
      db
        .update(invitations)
        .set({ tokenHash, reminderSentAt: now, updatedAt: now })
        .where(
          and(eq(invitations.id, invitation.id), eq(invitations.status, "pending"), isNull(invitations.reminderSentAt)),
        ),
      mail.query,
      auditInsert(
        db,
        {
          eventType: "invitation_reminder_sent",
          description: `Sent a reminder for the invitation of ${invitation.email}`,
          schoolId: invitation.schoolId,
          metadata: { invite_id: invitation.id, email: invitation.email },
          at: now,
        },
        NO_REQUEST,
        won,
      ),
    ]);
    if (updated.rowsAffected === 1) sent.push(mail.id);
  }
  await enqueueEmails(deps, sent);
  return sent.length;
}
