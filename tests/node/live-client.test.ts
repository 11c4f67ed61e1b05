/**
 * The browser's live client (web/src/features/live/client.ts, ADR 0055) with a fake socket, clock,
 * fetch and storage: reconnect with backoff and resume from the server's view, polling when sockets
 * keep failing, a closed run stops; the driver's outbox survives a reload, sends in order with client
 * ids, drops only what was acknowledged and retries on failure.
 */
import { describe, expect, it } from "vitest";
import {
  backoffMs,
  type FetchLike,
  OutboundQueue,
  POLL_INTERVAL_MS,
  type SocketLike,
  type StorageLike,
  watchRun,
} from "../../web/src/features/live/client.ts";
import { HandClock } from "../support/hand-clock.ts";

const flushPromises = () => new Promise((resolve) => setImmediate(resolve));

class FakeSocket implements SocketLike {
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.({});
  }
  receive(run: object) {
    this.onmessage?.({ data: JSON.stringify({ type: "run", run }) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function watcher(fetch: FetchLike = async () => ({ ok: true, status: 200, json: async () => ({ unchanged: true }) })) {
  const clock = new HandClock(flushPromises);
  const sockets: FakeSocket[] = [];
  const runs: { cursor: string }[] = [];
  const statuses: string[] = [];
  const handle = watchRun("run-1", {
    socketOrigin: "ws://localhost:8787",
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    fetch,
    clock,
    random: () => 0,
    onRun: (run) => void runs.push(run),
    onStatus: (status) => void statuses.push(status),
  });
  return { clock, sockets, runs, statuses, handle };
}

describe("watchRun", () => {
  it("connects, shows each view, reconnects with backoff and resumes from the view the server sends", async () => {
    const { clock, sockets, runs, statuses } = watcher();
    expect(sockets[0]!.url).toBe("ws://localhost:8787/api/live/runs/run-1/socket");
    sockets[0]!.open();
    sockets[0]!.receive({ runId: "run-1", cursor: "a" });
    expect(statuses).toContain("live");
    sockets[0]!.drop();
    expect(sockets).toHaveLength(1);
    await clock.advance(backoffMs(0, () => 0) - 1);
    expect(sockets).toHaveLength(1);
    await clock.advance(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    sockets[1]!.receive({ runId: "run-1", cursor: "b" });
    expect(runs.map((run) => run.cursor)).toEqual(["a", "b"]);
  });

  it("backs off 1 s, 2 s, 4 s… up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(attempt, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffMs(0, () => 1)).toBe(1200);
  });

  it("falls back to polling with the cursor when sockets never open, and stops on 404", async () => {
    const calls: string[] = [];
    let answer: { status: number; body: object } = {
      status: 200,
      body: { unchanged: false, cursor: "p1", run: { runId: "run-1", cursor: "p1" } },
    };
    const { clock, sockets, runs, statuses } = watcher(async (url) => {
      calls.push(url);
      return { ok: answer.status === 200, status: answer.status, json: async () => answer.body };
    });
    for (let i = 0; i < 3; i++) {
      sockets.at(-1)!.drop();
      await clock.advance(30_000);
    }
    await flushPromises();
    expect(statuses).toContain("polling");
    expect(calls[0]).toBe("/api/live/runs/run-1");
    expect(runs.at(-1)?.cursor).toBe("p1");
    answer = { status: 200, body: { unchanged: true, cursor: "p1" } };
    await clock.advance(POLL_INTERVAL_MS);
    expect(calls[1]).toBe("/api/live/runs/run-1?since=p1");
    answer = { status: 404, body: { error: "Run not found" } };
    await clock.advance(POLL_INTERVAL_MS);
    expect(statuses.at(-1)).toBe("closed");
    expect(clock.timers).toHaveLength(0);
  });

  it("stops for good when the server closes with 4403 (no longer allowed)", async () => {
    const { clock, sockets, statuses } = watcher();
    sockets[0]!.open();
    sockets[0]!.drop(4403);
    await clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe("closed");
  });
});

describe("OutboundQueue", () => {
  type Sent = { clientId: string; kind: string; at: number }[];
  function server() {
    const batches: Sent[] = [];
    const stored = new Set<string>();
    let offline = false;
    const fetch: FetchLike = async (_url, init) => {
      if (offline) throw new TypeError("Failed to fetch");
      const { items } = JSON.parse(String(init!.body)) as { items: Sent };
      batches.push(items);
      for (const item of items) stored.add(item.clientId);
      return { ok: true, status: 200, json: async () => ({ acknowledged: items.map((i) => i.clientId), refused: [] }) };
    };
    return {
      batches,
      stored,
      fetch,
      setOffline: (value: boolean) => {
        offline = value;
      },
    };
  }
  const position = (at: number) =>
    ({ kind: "position", at, latitude: 41.8, longitude: -87.6, accuracy: 10, speed: 8, heading: 90 }) as const;

  it("keeps 5 minutes of positions and taps made offline across a reload, then sends them once, in order", async () => {
    const storage = memoryStorage();
    const backend = server();
    backend.setOffline(true);
    const clock = new HandClock(flushPromises);
    let n = 0;
    const first = new OutboundQueue("run-1", {
      storage,
      fetch: backend.fetch,
      clock,
      newId: () => `c${++n}`,
      random: () => 0,
    });
    for (let second = 0; second < 300; second += 5) first.add(position(second * 1000));
    first.add({
      kind: "tap",
      at: 150_000,
      childId: "k1",
      stopId: "s1",
      status: "boarded",
      latitude: null,
      longitude: null,
    });
    await flushPromises();
    expect(first.pending).toHaveLength(61);
    // The page reloads: a new queue reads the same storage.
    const second = new OutboundQueue("run-1", {
      storage,
      fetch: backend.fetch,
      clock,
      newId: () => `d${++n}`,
      random: () => 0,
    });
    expect(second.pending.map((item) => item.clientId)).toEqual(first.pending.map((item) => item.clientId));
    backend.setOffline(false);
    await second.flush();
    expect(second.pending).toHaveLength(0);
    const sent = backend.batches.flat();
    expect(sent.map((item) => item.clientId)).toEqual(Array.from({ length: 61 }, (_, i) => `c${i + 1}`));
    expect(new Set(sent.map((item) => item.clientId)).size).toBe(61);
    expect(storage.getItem("schoolride.live.outbox.run-1")).toBe("[]");
  });

  it("retries with backoff after a failure and drops only what the server acknowledged", async () => {
    const storage = memoryStorage();
    const clock = new HandClock(flushPromises);
    let calls = 0;
    const fetch: FetchLike = async (_url, init) => {
      calls++;
      if (calls === 1) throw new TypeError("offline");
      const { items } = JSON.parse(String(init!.body)) as { items: Sent };
      // Acknowledges the first only this time.
      const acknowledged = calls === 2 ? [items[0]!.clientId] : items.map((item) => item.clientId);
      return { ok: true, status: 200, json: async () => ({ acknowledged, refused: [] }) };
    };
    let n = 0;
    const queue = new OutboundQueue("run-2", { storage, fetch, clock, newId: () => `x${++n}`, random: () => 0 });
    queue.add(position(1));
    queue.add(position(2));
    await flushPromises();
    expect(calls).toBe(1);
    expect(queue.pending).toHaveLength(2);
    await clock.advance(1000);
    await flushPromises();
    expect(queue.pending).toHaveLength(0);
    expect(calls).toBe(3);
  });

  it("stops and forgets the run's queue when the server says the run is closed (409)", async () => {
    const storage = memoryStorage();
    const closed: number[] = [];
    const queue = new OutboundQueue("run-3", {
      storage,
      fetch: async () => ({ ok: false, status: 409, json: async () => ({ error: "closed" }) }),
      clock: new HandClock(flushPromises),
      onClosed: (status) => void closed.push(status),
    });
    queue.add(position(1));
    await flushPromises();
    expect(closed).toEqual([409]);
    expect(storage.data.has("schoolride.live.outbox.run-3")).toBe(false);
  });
});
