/**
 * Types for the workerd-only modules the tests import, limited to what they use. The full
 * runtime types (@cloudflare/workers-types / `wrangler types`) are not installed, and the app
 * type-checks against the DOM lib, so these declarations use the DOM's Request/Response.
 * Signatures follow @cloudflare/vitest-plugin/types/cloudflare-test.d.ts.
 */

declare module "cloudflare:workers" {
  /** The bindings of wrangler.toml plus the overrides in vitest.config.ts. */
  export const env: import("#worker/index.ts").WorkerEnv & { DATABASE_URL: string; APP_URL: string };
  /** The main Worker's exports; `exports.default.fetch` goes through the assets router like production. */
  export const exports: {
    default: { fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> };
  };
}

declare module "cloudflare:test" {
  export interface ExecutionContext {
    waitUntil(promise: Promise<unknown>): void;
    passThroughOnException(): void;
  }
  export function createExecutionContext(): ExecutionContext;
  export function waitOnExecutionContext(ctx: ExecutionContext): Promise<void>;

  export interface ScheduledController {
    readonly scheduledTime: number;
    readonly cron: string;
    noRetry(): void;
  }
  export function createScheduledController(options?: {
    scheduledTime?: Date | number;
    cron?: string;
  }): ScheduledController;

  export type MessageBatchMessage<Body = unknown> = {
    id: string;
    timestamp: Date | number;
    attempts: number;
    body: Body;
  };
  export interface Message<Body = unknown> {
    readonly id: string;
    readonly timestamp: Date;
    readonly body: Body;
    readonly attempts: number;
    ack(): void;
    retry(options?: { delaySeconds?: number }): void;
  }
  export interface MessageBatch<Body = unknown> {
    readonly queue: string;
    readonly messages: readonly Message<Body>[];
    ackAll(): void;
    retryAll(options?: { delaySeconds?: number }): void;
  }
  export function createMessageBatch<Body = unknown>(
    queueName: string,
    messages: MessageBatchMessage<Body>[],
  ): MessageBatch<Body>;
  export interface QueueResult {
    outcome: string;
    ackAll: boolean;
    retryBatch: { retry: boolean; delaySeconds?: number };
    explicitAcks: string[];
    retryMessages: { msgId: string; delaySeconds?: number }[];
  }
  export function getQueueResult(batch: MessageBatch, ctx: ExecutionContext): Promise<QueueResult>;

  /** A Durable Object's stub, as `env.LIVE_RUNS.get(id)` returns it. */
  export type DurableObjectStub = { fetch(request: Request): Promise<Response> };
  /** The object's state as the callback of `runInDurableObject` sees it (what the tests read). */
  export interface DurableObjectState {
    storage: { get<T>(key: string): Promise<T | undefined>; getAlarm(): Promise<number | null> };
    getWebSockets(tag?: string): unknown[];
  }
  /** Runs `callback` inside the object `stub` points to, with its instance and state. */
  export function runInDurableObject<O, R>(
    stub: DurableObjectStub,
    callback: (instance: O, state: DurableObjectState) => R | Promise<R>,
  ): Promise<R>;
  /** Runs the object's scheduled alarm now, if it has one (true), and removes it. */
  export function runDurableObjectAlarm(stub: DurableObjectStub): Promise<boolean>;
  /**
   * Tears the running object down as an eviction would: a new instance next time, durable storage
   * kept, hibernatable WebSockets hibernated (the default) or closed.
   */
  export function evictDurableObject(
    stub: DurableObjectStub,
    options?: { webSockets?: "close" | "hibernate" },
  ): Promise<void>;
}
