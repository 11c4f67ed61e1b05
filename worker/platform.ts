/**
 * The few runtime shapes the app needs from its host, declared here so that the same code
 * type-checks for Cloudflare Workers and Node without either runtime's global types.
 */

/** The e-mail queue and its dead-letter queue (wrangler.toml `[[queues.consumers]]`). */
export const EMAIL_QUEUE = "schoolride-email";
export const DEAD_LETTER_QUEUE = "schoolride-email-dlq";

/** What the app puts on the queue: an e-mail or a push of the outbox (ADR 0005, ADR 0068). */
export type QueueMessageBody = { kind: "email"; emailLogId: string } | { kind: "push"; pushLogId: string };

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

/** Live tracking's Durable Objects (wrangler.toml `[[durable_objects.bindings]]`, ADR 0055). */
export const LIVE_RUN_CLASS = "LiveRun";

/** A WebSocket as workerd hands it to a Durable Object (the DOM's, plus what hibernation adds). */
export type HibernatableSocket = WebSocket & {
  serializeAttachment?(value: unknown): void;
  deserializeAttachment?(): unknown;
};

/** The part of a Durable Object's state the live hub uses: hibernatable sockets with tags, an alarm, storage. */
export interface DurableObjectStateLike {
  acceptWebSocket(ws: WebSocket, tags?: string[]): void;
  getWebSockets(tag?: string): HibernatableSocket[];
  getTags(ws: WebSocket): string[];
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    setAlarm(at: number | Date): Promise<void>;
    deleteAlarm(): Promise<void>;
  };
}

/** A Durable Object namespace binding: one object per name. */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}
