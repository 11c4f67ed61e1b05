/**
 * The few runtime shapes the app needs from its host, declared here so that the same code
 * type-checks for Cloudflare Workers and Node without either runtime's global types.
 */

/** The e-mail queue and its dead-letter queue (wrangler.toml `[[queues.consumers]]`). */
export const EMAIL_QUEUE = "schoolride-email";
export const DEAD_LETTER_QUEUE = "schoolride-email-dlq";

/** What the app puts on the queue. */
export type QueueMessageBody = { kind: "email"; emailLogId: string };

export interface QueueProducer {
  send(body: QueueMessageBody): Promise<void>;
  /** Several messages in one call (Cloudflare takes up to `QUEUE_BATCH_LIMIT`); without it, one `send` each. */
  sendBatch?(bodies: readonly QueueMessageBody[]): Promise<void>;
}

/** Cloudflare Queues' limit of messages per `sendBatch`. */
export const QUEUE_BATCH_LIMIT = 100;

/** One delivered message, as Cloudflare Queues (and the in-process queue) hand it to the consumer. */
export interface QueueMessage<Body = unknown> {
  readonly id: string;
  readonly body: Body;
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export interface QueueBatch<Body = unknown> {
  readonly queue: string;
  readonly messages: readonly QueueMessage<Body>[];
}

/** Serves the built SPA (Cloudflare's ASSETS binding, or files on disk in Node). */
export type AssetFetcher = (request: Request) => Promise<Response>;

export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}
