import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pushLogs, pushSubscriptions } from "#db/schema/index.ts";
import type { EventKind } from "#shared/preferences-constants.ts";
import { pushPayload } from "#shared/push-constants.ts";
import type { Logger } from "#worker/deps.ts";
import { QUEUE_BATCH_LIMIT, type QueueProducer } from "#worker/platform.ts";

/**
 * The push outbox (ADR 0068), beside the e-mail one: a push is a `push_logs` row per device of each
 * recipient, written by the change that causes it (same batch), put on the same queue once the batch
 * committed, and sent by the consumer (worker/services/push/deliver.ts).
 */

/** What one push says: a short title and text and the in-app path a tap opens (bounded by `pushPayload`). */
export type PushContent = { title: string; body: string; url: string };

/**
 * The statement that writes one push to every device of these users (one INSERT … SELECT over their
 * subscriptions: a user without a device gets none), for the batch of the change; with `onlyIf`,
 * only if that change won its claim. The rows carry `batchId`, by which `enqueuePushes` finds them.
 */
export function pushInsert(
  db: Db,
  input: {
    batchId: string;
    role: "parent" | "school_admin" | "driver";
    userIds: readonly string[];
    /** The kind of event, or `digest`: the daily digest or what quiet hours held (ADR 0075). */
    kind: EventKind | "digest";
    content: PushContent;
    now: Date;
    onlyIf?: SQL;
  },
) {
  const payload = pushPayload({ ...input.content, tag: input.kind });
  const at = input.now.getTime();
  const ids = input.userIds.length > 0 ? input.userIds : [""];
  return db.run(sql`insert into ${pushLogs}
    (id, subscription_id, batch_id, kind, title, body, url, status, attempts, last_enqueued_at, created_at, updated_at)
    select lower(hex(randomblob(16))), ${pushSubscriptions.id}, ${input.batchId}, ${input.kind}, ${payload.title},
      ${payload.body}, ${payload.url}, 'pending', 0, ${at}, ${at}, ${at}
    from ${pushSubscriptions}
    where ${pushSubscriptions.userRole} = ${input.role}
      and ${pushSubscriptions.userId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      and ${input.onlyIf ?? sql`1`}`);
}

/**
 * Puts the committed pushes of these batches on the queue (the rows still pending). A failed enqueue
 * is logged, not thrown: the rows stay pending and the hourly sweep enqueues them again.
 */
export async function enqueuePushes(
  deps: { db: Db; queue: QueueProducer; logger: Logger },
  batchIds: readonly string[],
): Promise<void> {
  if (batchIds.length === 0) return;
  const rows = await deps.db
    .select({ id: pushLogs.id })
    .from(pushLogs)
    .where(and(inArray(pushLogs.batchId, [...batchIds]), eq(pushLogs.status, "pending")));
  await enqueuePushIds(
    deps,
    rows.map((row) => row.id),
  );
}

export async function enqueuePushIds(deps: { queue: QueueProducer; logger: Logger }, ids: readonly string[]) {
  const { queue } = deps;
  const chunk = queue.sendBatch ? QUEUE_BATCH_LIMIT : 1;
  for (let start = 0; start < ids.length; start += chunk) {
    const pushLogIds = ids.slice(start, start + chunk);
    const bodies = pushLogIds.map((pushLogId) => ({ kind: "push" as const, pushLogId }));
    try {
      if (queue.sendBatch) await queue.sendBatch(bodies);
      else await queue.send(bodies[0]!);
    } catch (error) {
      deps.logger.error("push outbox: enqueue failed; the hourly sweep will retry", {
        pushLogIds,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
