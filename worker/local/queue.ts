import {
  DEAD_LETTER_QUEUE,
  EMAIL_QUEUE,
  type QueueBatch,
  type QueueMessage,
  type QueueMessageBody,
  type QueueProducer,
} from "../platform.ts";

type Consumer = (batch: QueueBatch) => Promise<void>;

export type InProcessQueueOptions = {
  consume: Consumer;
  deadLetter: Consumer;
  /** Retries before the dead-letter queue, as wrangler.toml's `max_retries`. */
  maxRetries: number;
  /** Multiplies retry delays (1 = real seconds; tests use 0). */
  delayScale?: number;
  onError?: (error: unknown) => void;
};

/**
 * The Node entry's stand-in for Cloudflare Queues: same message shape, same ack/retry/dead-letter
 * semantics, and it calls the very same consumer functions.
 */
export class InProcessQueue implements QueueProducer {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private stopped = false;

  constructor(private readonly options: InProcessQueueOptions) {}

  async send(body: QueueMessageBody): Promise<void> {
    if (this.stopped) throw new Error("queue stopped");
    this.schedule({ id: crypto.randomUUID(), body, attempts: 1 }, 0);
  }

  async sendBatch(bodies: readonly QueueMessageBody[]): Promise<void> {
    for (const body of bodies) await this.send(body);
  }

  /** Resolves when nothing is queued, running or waiting to retry. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(entry: { id: string; body: QueueMessageBody; attempts: number }, delayMs: number): void {
    const run = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.deliver(entry)
          .catch((error) => this.options.onError?.(error))
          .finally(resolve);
      }, delayMs);
      this.timers.add(timer);
    });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async deliver(entry: { id: string; body: QueueMessageBody; attempts: number }): Promise<void> {
    if (this.stopped) return;
    let outcome: { retryDelaySeconds: number } | "ack" | undefined;
    const message: QueueMessage = {
      id: entry.id,
      body: entry.body,
      attempts: entry.attempts,
      ack: () => void (outcome ??= "ack"),
      retry: (options) => void (outcome ??= { retryDelaySeconds: options?.delaySeconds ?? 0 }),
    };
    try {
      await this.options.consume({ queue: EMAIL_QUEUE, messages: [message] });
    } catch (error) {
      // A consumer that throws fails the whole batch: every unacked message is retried.
      this.options.onError?.(error);
      outcome ??= { retryDelaySeconds: 0 };
    }
    if (outcome === undefined || outcome === "ack") return;
    if (entry.attempts > this.options.maxRetries) {
      await this.options.deadLetter({
        queue: DEAD_LETTER_QUEUE,
        messages: [{ ...message, ack: () => {}, retry: () => {} }],
      });
      return;
    }
    const scale = this.options.delayScale ?? 1;
    this.schedule({ ...entry, attempts: entry.attempts + 1 }, outcome.retryDelaySeconds * 1000 * scale);
  }
}
