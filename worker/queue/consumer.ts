import { z } from "zod";
import type { Db } from "#db/client.ts";
import type { Logger } from "../deps.ts";
import { deliverEmail, markEmailFailed } from "../email/deliver.ts";
import type { Mailer } from "../email/provider.ts";
import type { QueueBatch, QueueMessage, QueueMessageBody } from "../platform.ts";
import { deliverPush, markPushFailed, type PushSender } from "../services/push/deliver.ts";

/** Deliveries per message before it goes to the dead-letter queue (wrangler.toml `max_retries`). */
export const QUEUE_MAX_RETRIES = 5;
/** Cloudflare caps a retry delay at 12 hours. */
const MAX_DELAY_SECONDS = 12 * 60 * 60;

/** Backoff before the next delivery: 30 · 2^attempts seconds. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_DELAY_SECONDS, 30 * 2 ** attempts);
}

export const queueMessageSchema: z.ZodType<QueueMessageBody> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("email"), emailLogId: z.string().min(1) }),
  z.object({ kind: z.literal("push"), pushLogId: z.string().min(1) }),
]);

/** `push`: how pushes are sent (absent: no VAPID keys, a push fails and is marked so). */
export type ConsumerDeps = { db: Db; mailer: Mailer; now: () => Date; logger: Logger; push?: PushSender | null };

async function handle(deps: ConsumerDeps, body: QueueMessageBody): Promise<void> {
  switch (body.kind) {
    case "email":
      await deliverEmail(deps, body.emailLogId);
      return;
    case "push":
      await deliverPush(deps, body.pushLogId);
      return;
  }
}

/**
 * The one consumer, used by the Worker's `queue` handler and the Node entry's in-process queue.
 * Each message is acked or retried on its own; a malformed message is acked (retrying cannot fix it).
 */
export async function consumeBatch(deps: ConsumerDeps, batch: QueueBatch): Promise<void> {
  for (const message of batch.messages) await consumeMessage(deps, message);
}

async function consumeMessage(deps: ConsumerDeps, message: QueueMessage): Promise<void> {
  const parsed = queueMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    deps.logger.error("queue: dropping malformed message", { messageId: message.id });
    message.ack();
    return;
  }
  try {
    await handle(deps, parsed.data);
    message.ack();
  } catch (error) {
    deps.logger.error("queue: message failed, will retry", {
      messageId: message.id,
      attempts: message.attempts,
      error: error instanceof Error ? error.message : String(error),
    });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/** Messages that ran out of retries: record the failure and ack them. */
export async function consumeDeadLetters(deps: ConsumerDeps, batch: QueueBatch): Promise<void> {
  for (const message of batch.messages) {
    const parsed = queueMessageSchema.safeParse(message.body);
    if (parsed.success && parsed.data.kind === "email") {
      await markEmailFailed(deps.db, parsed.data.emailLogId, deps.now());
    }
    if (parsed.success && parsed.data.kind === "push") await markPushFailed(deps.db, parsed.data.pushLogId, deps.now());
    deps.logger.error("queue: message dead-lettered", { messageId: message.id });
    message.ack();
  }
}
