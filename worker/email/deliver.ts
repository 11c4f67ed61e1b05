import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { emailLogs } from "#db/schema/index.ts";
import type { Mailer } from "./provider.ts";

/**
 * Sends one outbox row. Idempotent: a row that is no longer pending is not sent again, and the
 * provider receives the row id as idempotency key, so a duplicate message sends nothing twice.
 */
/** What a delivered row keeps instead of its bodies, which may hold one-time secrets (links, temporary passwords). */
export const REDACTED_BODY = "[removed after delivery: this e-mail may have contained a one-time secret]";

export async function deliverEmail(
  deps: { db: Db; mailer: Mailer; now: () => Date },
  emailLogId: string,
): Promise<"sent" | "skipped"> {
  const { db, mailer } = deps;
  const row = await db.query.emailLogs.findFirst({ where: eq(emailLogs.id, emailLogId) });
  if (row?.status !== "pending") return "skipped";
  try {
    const { providerMessageId } = await mailer.send({
      to: row.recipientEmail,
      subject: row.subject,
      html: row.htmlBody,
      text: row.textBody,
      idempotencyKey: row.id,
    });
    const now = deps.now();
    await db
      .update(emailLogs)
      .set({
        status: "sent",
        sentAt: now,
        providerMessageId,
        errorMessage: null,
        // The local mailbox shows the bodies; a real provider has them now, so the outbox forgets them.
        ...(mailer.name === "local" ? {} : { htmlBody: REDACTED_BODY, textBody: REDACTED_BODY }),
        attempts: sql`${emailLogs.attempts} + 1`,
        updatedAt: now,
      })
      .where(and(eq(emailLogs.id, row.id), eq(emailLogs.status, "pending")));
    return "sent";
  } catch (error) {
    await db
      .update(emailLogs)
      .set({
        errorMessage: String(error instanceof Error ? error.message : error).slice(0, 500),
        attempts: sql`${emailLogs.attempts} + 1`,
        updatedAt: deps.now(),
      })
      .where(eq(emailLogs.id, row.id));
    throw error;
  }
}

/** What a row that failed for good keeps instead of its bodies: nobody will send them any more. */
export const FAILED_BODY =
  "[removed after the last delivery attempt failed: this e-mail may have contained a one-time secret]";

/**
 * After the last retry (the message reached the dead-letter queue): the row is failed for good, and
 * its bodies, which may hold a token link or a temporary password, are scrubbed like a sent row's.
 */
export async function markEmailFailed(db: Db, emailLogId: string, now: Date): Promise<void> {
  await db
    .update(emailLogs)
    .set({ status: "failed", htmlBody: FAILED_BODY, textBody: FAILED_BODY, updatedAt: now })
    .where(and(eq(emailLogs.id, emailLogId), eq(emailLogs.status, "pending")));
}
