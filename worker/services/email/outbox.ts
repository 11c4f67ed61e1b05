import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { insertWhere } from "#db/conditional.ts";
import { type EmailType, emailLogs } from "#db/schema/index.ts";
import type { Logger } from "#worker/deps.ts";
import type { RenderedEmail } from "#worker/email/templates.ts";
import { QUEUE_BATCH_LIMIT, type QueueProducer } from "#worker/platform.ts";

export type OutboxDraft = RenderedEmail & {
  type: EmailType;
  to: string;
  schoolId?: string | null;
  relatedId?: string | null;
  /** A fixed id makes the e-mail unique by construction (e.g. one receipt per payment); random otherwise. */
  id?: string;
};

/**
 * The outbox insert for one e-mail, to put in the same `db.batch` as the change that causes it
 * (with `onlyIf`, the row is written only if that change happened). Returns the row id to enqueue
 * once the batch has committed.
 */
export function outboxInsert(db: Db, draft: OutboxDraft, now: Date, onlyIf?: SQL) {
  const values = outboxInsertValues(draft, now);
  const query = onlyIf ? insertWhere(db, emailLogs, values, onlyIf) : db.insert(emailLogs).values(values);
  return { id: values.id, query };
}

/** An outbox row's values (pending, enqueued now): for a change that writes many rows in one statement. */
export function outboxInsertValues(draft: OutboxDraft, now: Date) {
  const id = draft.id ?? crypto.randomUUID();
  return {
    id,
    emailType: draft.type,
    recipientEmail: draft.to,
    subject: draft.subject,
    htmlBody: draft.html,
    textBody: draft.text,
    schoolId: draft.schoolId ?? null,
    relatedId: draft.relatedId ?? null,
    status: "pending",
    lastEnqueuedAt: now,
    createdAt: now,
    updatedAt: now,
  } satisfies typeof emailLogs.$inferInsert;
}

/**
 * Puts committed outbox rows on the queue, in batches where the producer takes them (a fan-out to a
 * thousand parents is ten calls, not a thousand). A failed enqueue is logged, not thrown: the rows
 * stay pending and the hourly sweep enqueues them again, so the business change never fails because of it.
 */
export async function enqueueEmails(
  deps: { queue: QueueProducer; logger: Logger },
  ids: readonly string[],
): Promise<void> {
  const { queue } = deps;
  const chunk = queue.sendBatch ? QUEUE_BATCH_LIMIT : 1;
  for (let start = 0; start < ids.length; start += chunk) {
    const emailLogIds = ids.slice(start, start + chunk);
    const bodies = emailLogIds.map((emailLogId) => ({ kind: "email" as const, emailLogId }));
    try {
      if (queue.sendBatch) await queue.sendBatch(bodies);
      else await queue.send(bodies[0]!);
    } catch (error) {
      deps.logger.error("outbox: enqueue failed; the hourly sweep will retry", {
        emailLogIds,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/**
 * Enqueues those of `ids` that are outbox rows still pending: for changes whose e-mail row may or may
 * not have been written (a guarded insert with a fixed id, e.g. a payment receipt).
 */
export async function enqueuePendingEmails(
  deps: { db: Db; queue: QueueProducer; logger: Logger },
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await deps.db
    .select({ id: emailLogs.id })
    .from(emailLogs)
    .where(and(inArray(emailLogs.id, [...ids]), eq(emailLogs.status, "pending")));
  await enqueueEmails(
    deps,
    rows.map((row) => row.id),
  );
}
