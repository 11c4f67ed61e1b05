import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rowHolds } from "#db/conditional.ts";
import { invitations, schools } from "#db/schema/index.ts";
import { randomHex, sha256Hex } from "#worker/auth/crypto.ts";
import type { Logger } from "#worker/deps.ts";
import type { QueueProducer } from "#worker/platform.ts";
import { auditInsert, NO_REQUEST } from "../audit.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { invitationEmail, noAccountYet, REMINDER_BEFORE_EXPIRY_MS, TOKEN_BYTES } from "./shared.ts";

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
    .select({ invitation: invitations, schoolName: schools.name })
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
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
  for (const { invitation, schoolName } of due) {
    const token = randomHex(TOKEN_BYTES);
    const tokenHash = await sha256Hex(token);
    const won = rowHolds(invitations, invitation.id, invitations.tokenHash, tokenHash);
    const mail = outboxInsert(
      db,
      {
        ...invitationEmail(invitation, schoolName, { token, temporaryPassword: null }, deps.appUrl, "reminder"),
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
