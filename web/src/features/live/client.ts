import { LIVE_BATCH_MAX_ITEMS } from "#shared/live-constants.ts";

/**
 * The browser's side of live tracking (ADR 0055), with no React in it: a watcher's connection to a
 * run (WebSocket, reconnecting with backoff and resuming from the run's current state, which the
 * server sends on every connect; polling when WebSockets fail) and the driver's outbound queue
 * (positions and taps kept in storage across reloads, sent in order with their client ids, retried
 * until acknowledged). Timers, sockets, fetch and storage come in, so tests drive them by hand.
 */

type Timer = unknown;
export type Clock = {
  setTimeout(callback: () => void, ms: number): Timer;
  clearTimeout(timer: Timer): void;
};

/** The part of a WebSocket the watcher uses (the DOM's WebSocket fits). */
export type SocketLike = {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
};

export type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, "ok" | "status" | "json">>;

/** What the server says of the run (dates as ISO strings); the pages type what they read of it. */
export type LiveRunView = { runId: string; cursor: string; [key: string]: unknown };

export type WatchStatus = "connecting" | "live" | "polling" | "closed";

/** A socket closed with this code: the viewer may no longer watch (the server's LIVE_CLOSE_NOT_ALLOWED). */
const NOT_ALLOWED = 4403;
/** Reconnect after 1 s, 2 s, 4 s… at most 30 s, with up to 20 % jitter. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** After this many sockets in a row that never opened, poll instead. */
export const SOCKET_FAILURES_BEFORE_POLLING = 3;
export const POLL_INTERVAL_MS = 5_000;
/** While polling, a WebSocket is tried again this often. */
export const SOCKET_RETRY_WHILE_POLLING_MS = 60_000;

export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

const runPath = (runId: string) => `/api/live/runs/${encodeURIComponent(runId)}`;

export type WatchOptions = {
  onRun(run: LiveRunView): void;
  onStatus?(status: WatchStatus): void;
  /** `ws(s)://host` of the app (from `location`). */
  socketOrigin: string;
  openSocket(url: string): SocketLike;
  fetch: FetchLike;
  clock: Clock;
  random?: () => number;
};

/** Watches a run until `close()`, or until the server says this viewer may no longer watch. */
export function watchRun(runId: string, options: WatchOptions): { close(): void } {
  let socket: SocketLike | null = null;
  let timer: Timer | null = null;
  let attempt = 0;
  let failuresInARow = 0;
  let cursor: string | null = null;
  let closed = false;
  let mode: WatchStatus = "connecting";

  const status = (next: WatchStatus) => {
    if (mode === next) return;
    mode = next;
    options.onStatus?.(next);
  };
  const later = (callback: () => void, ms: number) => {
    if (timer !== null) options.clock.clearTimeout(timer);
    timer = options.clock.setTimeout(() => {
      timer = null;
      callback();
    }, ms);
  };
  const receive = (run: LiveRunView) => {
    cursor = run.cursor;
    options.onRun(run);
  };
  const stop = () => {
    closed = true;
    if (timer !== null) options.clock.clearTimeout(timer);
    timer = null;
    const open = socket;
    socket = null;
    open?.close(1000, "Done");
    status("closed");
  };

  const connect = () => {
    if (closed) return;
    status(mode === "polling" ? "polling" : "connecting");
    let opened = false;
    const current = options.openSocket(`${options.socketOrigin}${runPath(runId)}/socket`);
    socket = current;
    current.onopen = () => {
      opened = true;
      attempt = 0;
      failuresInARow = 0;
      status("live");
    };
    current.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      try {
        const message = JSON.parse(event.data) as { type?: string; run?: LiveRunView };
        if (message.type === "run" && message.run) receive(message.run);
      } catch {
        // Not a message of ours (a proxy's keep-alive).
      }
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      if (socket !== current || closed) return;
      socket = null;
      if (event.code === NOT_ALLOWED) return stop();
      if (!opened) failuresInARow++;
      if (failuresInARow >= SOCKET_FAILURES_BEFORE_POLLING) return poll();
      status("connecting");
      later(connect, backoffMs(attempt++, options.random));
    };
  };

  let pollsSinceSocket = 0;
  const poll = async () => {
    if (closed) return;
    status("polling");
    try {
      const response = await options.fetch(`${runPath(runId)}${cursor ? `?since=${encodeURIComponent(cursor)}` : ""}`, {
        credentials: "same-origin",
      });
      if (closed) return;
      if (response.status === 404 || response.status === 401 || response.status === 403) return stop();
      if (response.ok) {
        const body = (await response.json()) as { unchanged: boolean; run?: LiveRunView };
        if (!body.unchanged && body.run) receive(body.run);
      }
    } catch {
      // Offline: the next poll tries again.
    }
    if (closed) return;
    pollsSinceSocket++;
    if (pollsSinceSocket * POLL_INTERVAL_MS >= SOCKET_RETRY_WHILE_POLLING_MS) {
      // Try a socket again; three more failures bring polling back.
      pollsSinceSocket = 0;
      failuresInARow = 0;
      later(connect, 0);
      return;
    }
    later(() => void poll(), POLL_INTERVAL_MS);
  };

  connect();
  return { close: stop };
}

/** A position or a tap as the driver's phone makes it; the queue adds the client id. */
export type OutboundPosition = {
  kind: "position";
  at: number;
  latitude: number;
  longitude: number;
  accuracy: number;
  speed: number | null;
  heading: number | null;
};
export type OutboundTap = {
  kind: "tap";
  at: number;
  childId: string;
  stopId: string;
  status: "boarded" | "absent" | "dropped";
  latitude: number | null;
  longitude: number | null;
};
export type OutboundItem = (OutboundPosition | OutboundTap) & { clientId: string };

export type StorageLike = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export type QueueOptions = {
  storage: StorageLike;
  fetch: FetchLike;
  clock: Clock;
  newId?: () => string;
  random?: () => number;
  /** Items the server refused for good (implausible, not this run's child): dropped, and said. */
  onRefused?(refused: { clientId: string; reason: string }[]): void;
  /** The run no longer takes anything (ended, or not this driver's): the queue stops and keeps nothing. */
  onClosed?(status: number): void;
  /** The queue's length after each change (the screen's "3 waiting to send"). */
  onPending?(count: number): void;
};

const queueKey = (runId: string) => `schoolride.live.outbox.${runId}`;

/**
 * The driver's outbox for one run: every position and tap is stored before anything is sent, so a
 * reload, a tunnel or a flat battery loses nothing; batches go one at a time, oldest first, at most
 * `LIVE_BATCH_MAX_ITEMS`, and an item leaves the store only once the server acknowledged its client id
 * (a batch sent twice changes nothing on the server). A failure retries with backoff; `flush()` (on
 * the `online` event, say) tries again at once.
 */
export class OutboundQueue {
  private items: OutboundItem[];
  private sending = false;
  private attempt = 0;
  private timer: Timer | null = null;
  private stopped = false;

  constructor(
    private readonly runId: string,
    private readonly options: QueueOptions,
  ) {
    this.items = OutboundQueue.read(options.storage, runId);
  }

  private static read(storage: StorageLike, runId: string): OutboundItem[] {
    try {
      const parsed = JSON.parse(storage.getItem(queueKey(runId)) ?? "[]") as unknown;
      return Array.isArray(parsed) ? (parsed as OutboundItem[]) : [];
    } catch {
      return [];
    }
  }

  get pending(): readonly OutboundItem[] {
    return this.items;
  }

  /** Stores the item with a fresh client id, then tries to send. */
  add(item: OutboundPosition | OutboundTap): string {
    const clientId = (this.options.newId ?? (() => crypto.randomUUID()))();
    this.items.push({ ...item, clientId });
    this.save();
    void this.flush();
    return clientId;
  }

  /** Sends what is queued, batch after batch, until empty or a failure (then a retry is scheduled). */
  async flush(): Promise<void> {
    if (this.sending || this.stopped) return;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.sending = true;
    try {
      while (this.items.length > 0 && !this.stopped) {
        const batch = this.items.slice(0, LIVE_BATCH_MAX_ITEMS);
        let response: Awaited<ReturnType<FetchLike>>;
        try {
          response = await this.options.fetch(`${runPath(this.runId)}/batch`, {
            method: "POST",
            credentials: "same-origin",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ items: batch }),
          });
        } catch {
          return this.retry();
        }
        if (response.status === 404 || response.status === 409) {
          this.stop(response.status);
          return;
        }
        if (!response.ok) return this.retry();
        const answer = (await response.json()) as {
          acknowledged: string[];
          refused: { clientId: string; reason: string }[];
        };
        const done = new Set(answer.acknowledged);
        this.items = this.items.filter((item) => !done.has(item.clientId));
        this.save();
        this.attempt = 0;
        if (answer.refused.length > 0) this.options.onRefused?.(answer.refused);
        if (done.size === 0) return this.retry();
      }
    } finally {
      this.sending = false;
    }
  }

  /** Forgets the run's queue (after End run, or when the server closed the run). */
  stop(status = 0): void {
    this.stopped = true;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.items = [];
    this.options.storage.removeItem(queueKey(this.runId));
    this.options.onPending?.(0);
    if (status) this.options.onClosed?.(status);
  }

  private retry(): void {
    this.timer = this.options.clock.setTimeout(
      () => {
        this.timer = null;
        void this.flush();
      },
      backoffMs(this.attempt++, this.options.random),
    );
  }

  private save(): void {
    this.options.storage.setItem(queueKey(this.runId), JSON.stringify(this.items));
    this.options.onPending?.(this.items.length);
  }
}
