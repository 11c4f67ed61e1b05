import { MESSAGES } from "#shared/messages.ts";
import { AppError } from "../errors.ts";

/**
 * A bound on password work in flight (ADR 0017). Every request that hashes or verifies a password
 * runs that work, and whatever it must not do unless the hash can follow (the sign-in limits
 * spend a token), inside `run`. When every slot is taken the request waits a moment at most and
 * is then refused with 503 and `Retry-After`, before `work` starts, so a refusal changes nothing.
 */
export type PasswordSlots = {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Slots taken right now (tests and the bench read it). */
  readonly active: number;
};

export type PasswordSlotOptions = {
  /** Concurrent password operations (Node: the thread pool's share; workerd: per isolate). */
  max: number;
  /** How long a request may wait for a slot before it is refused; 0 refuses at once. */
  maxWaitMs: number;
  /** Requests that may wait at the same time; more are refused at once. Defaults to `max`. */
  maxWaiting?: number;
};

/** libuv's thread pool has 4 threads by default, shared with file and DNS work. */
export const DEFAULT_PASSWORD_SLOTS: PasswordSlotOptions = { max: 4, maxWaitMs: 250 };

/** What a refused request is told to wait: one hash takes well under a second. */
export const PASSWORD_BUSY_RETRY_AFTER_SECONDS = 1;

export function serverBusy(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", MESSAGES.serverBusy, {
    retryAfterSeconds: PASSWORD_BUSY_RETRY_AFTER_SECONDS,
  });
}

export function createPasswordSlots(options: PasswordSlotOptions = DEFAULT_PASSWORD_SLOTS): PasswordSlots {
  const max = Math.max(1, Math.floor(options.max));
  const maxWaiting = options.maxWaiting ?? max;
  let active = 0;
  /** FIFO of waiting requests; each is handed a slot directly by `release`. */
  const waiting: Array<() => void> = [];

  function acquire(): Promise<boolean> {
    if (active < max) {
      active++;
      return Promise.resolve(true);
    }
    if (options.maxWaitMs <= 0 || waiting.length >= maxWaiting) return Promise.resolve(false);
    return new Promise((resolve) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = waiting.indexOf(handOver);
        if (index >= 0) waiting.splice(index, 1);
        resolve(false);
      }, options.maxWaitMs);
      waiting.push(handOver);
    });
  }

  function release(): void {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next();
    else active--;
  }

  return {
    get active() {
      return active;
    },
    async run(work) {
      if (!(await acquire())) throw serverBusy();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
