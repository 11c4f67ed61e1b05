import type { Clock } from "../../web/src/features/live/client.ts";

/**
 * The browser client's timers moved by hand (reconnect backoff, the outbox's retries): `advance`
 * runs the timers due within `ms` in order, and after each awaits `settle` so the work it started
 * (a send, a reconnect) finishes before the next is due.
 */
export class HandClock implements Clock {
  timers: { at: number; callback: () => void; id: number }[] = [];
  now = 0;
  private next = 1;
  constructor(private readonly settle: () => Promise<unknown>) {}
  setTimeout(callback: () => void, ms: number) {
    const id = this.next++;
    this.timers.push({ at: this.now + ms, callback, id });
    return id;
  }
  clearTimeout(timer: unknown) {
    this.timers = this.timers.filter((entry) => entry.id !== timer);
  }
  async advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (!due || due.at > until) break;
      this.timers.shift();
      this.now = due.at;
      due.callback();
      await this.settle();
    }
    this.now = until;
  }
}
