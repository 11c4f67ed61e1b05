/**
 * `npm run bench -- --live`: live tracking on one Node process (ADR 0055), over real WebSockets on
 * localhost against the Node entry (tests/bench/live-server.ts, a process of its own).
 *
 * 1. Fan-out: one run watched by 1,000 parents (each a family of their own, so 1,000 views); the
 *    driver posts a position every second: the time from the driver's POST to each parent's socket
 *    receiving that position, p50 / p99 (goal p99 ≤ 1 s).
 * 2. Soak: 300 runs, each watched by 20 parents, each driver posting a position every 5 s, spread
 *    evenly (60 positions a second): delivery p99 (≤ 1 s), positions lost (0: every acknowledged
 *    position reaches every socket open on its run), and the server's heap after a full collection,
 *    from the end of the first minute (or the first fifth of a shorter run) to the end (flat: at
 *    most 10 % or 5 MB more, whichever is larger). `--live-seconds=N` sets the soak's length
 *    (default 60 s); `--live-soak` runs the full 10 minutes. The server's CPU per position (user +
 *    system, from the soak's start to its end, views and sockets included) is reported too: unlike
 *    the latencies, the machine's other load does not inflate it (no goal).
 *
 * A report, like the rest of the bench: the exit code is 0 when a goal is missed.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { WebSocket } from "ws";
import { createDatabase, type Db } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { children, drivers, parents, riders, routeStops, routes, schools, trips } from "#db/schema/index.ts";
import { todayIn } from "#shared/school-time.ts";
import { sessionCookieName } from "#worker/auth/cookie.ts";
import { createSession } from "#worker/auth/session.ts";
import type { LiveServerMemory, LiveServerStart } from "./live-server.ts";
import { formatTable, type Row } from "./report.ts";
import { freePort } from "./servers.ts";

export const LIVE_GOALS = { p99Ms: 1000, lost: 0, heapGrowth: 0.1, heapGrowthFloorMb: 5 } as const;

type SeededRun = { runId: string; driverCookie: string; parentCookies: string[] };

const COOKIE = sessionCookieName({ secureCookies: false });
const sessionOf = async (db: Db, userId: string, role: "parent" | "driver", now: Date) =>
  `${COOKIE}=${(await createSession(db, { userId, role, remember: false, now })).token}`;

/** `runs` open runs of one school, each with four stops, its driver, and `watchers` families riding it. */
async function seedRuns(db: Db, label: string, runs: number, watchers: number): Promise<SeededRun[]> {
  const now = new Date();
  const [school] = await db
    .insert(schools)
    .values({
      name: "Bench Live Primary",
      email: `live-${label}@bench.test`,
      code: `LV-${label}`,
      subscriptionStatus: "active",
      timeZone: "UTC",
    })
    .returning();
  const schoolId = school!.id;
  const today = todayIn("UTC", now);
  const seeded: SeededRun[] = [];
  for (let r = 0; r < runs; r++) {
    const [driver] = await db
      .insert(drivers)
      .values({ schoolId, email: `driver-${label}-${r}@bench.test`, name: `Driver ${r}`, passwordHash: "x" })
      .returning();
    const [route] = await db
      .insert(routes)
      .values({
        schoolId,
        name: `Route ${r}`,
        direction: "pickup",
        colour: "#1f77b4",
        driverName: `Driver ${r}`,
        activeFrom: "2026-01-01",
        weekdays: 127,
      })
      .returning();
    const stops = await db
      .insert(routeStops)
      .values(
        [0, 1, 2, 3].map((position) => ({
          schoolId,
          routeId: route!.id,
          position,
          name: `Stop ${position}`,
          latitude: 41.7 + position * 0.01,
          longitude: -88.15 + r * 0.001,
          scheduledMinutes: 1436 + position,
        })),
      )
      .returning();
    const parentRows = await db
      .insert(parents)
      .values(
        Array.from({ length: watchers }, (_, p) => ({
          schoolId,
          email: `parent-${label}-${r}-${p}@bench.test`,
          name: `Parent ${r}-${p}`,
          passwordHash: "x",
        })),
      )
      .returning({ id: parents.id });
    // At most 100 rows per statement keeps SQLite's bound variables in range.
    for (let start = 0; start < parentRows.length; start += 100) {
      const slice = parentRows.slice(start, start + 100);
      const childRows = await db
        .insert(children)
        .values(
          slice.map((parent, p) => ({
            schoolId,
            parentId: parent.id,
            name: `Child ${r}-${start + p}`,
            age: 9,
            grade: "4th Grade" as const,
            school: "Bench",
            emergencyContact: "Gran",
          })),
        )
        .returning({ id: children.id });
      await db.insert(riders).values(
        childRows.map((child, p) => ({
          schoolId,
          childId: child.id,
          routeId: route!.id,
          stopId: stops[(start + p) % stops.length]!.id,
          direction: "pickup" as const,
          weekdays: 127,
          fromDate: "2026-01-01",
        })),
      );
    }
    const [run] = await db
      .insert(trips)
      .values({
        schoolId,
        routeName: `Route ${r}`,
        routeType: "pickup",
        busNumber: String(r),
        driverName: `Driver ${r}`,
        departureTime: now,
        arrivalTime: new Date(now.getTime() + 3_600_000),
        status: "in-progress",
        routeId: route!.id,
        serviceDate: today,
        startedAt: new Date(now.getTime() - 60_000),
        driverId: driver!.id,
      })
      .returning();
    const parentCookies: string[] = [];
    for (const parent of parentRows) parentCookies.push(await sessionOf(db, parent.id, "parent", now));
    seeded.push({ runId: run!.id, driverCookie: await sessionOf(db, driver!.id, "driver", now), parentCookies });
  }
  return seeded;
}

/** The Node entry in a process of its own, on the database file; `memory()` asks its heap after a full GC. */
async function startLiveServer(databaseUrl: string) {
  const port = await freePort();
  const child: ChildProcess = fork(fileURLToPath(new URL("./live-server.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  await new Promise<void>((ready, fail) => {
    child.once("message", () => ready());
    child.once("exit", (code) => fail(new Error(`bench: the live server exited with ${code}`)));
    child.send({ port, databaseUrl } satisfies LiveServerStart);
  });
  return {
    origin: `http://localhost:${port}`,
    memory: () =>
      new Promise<LiveServerMemory>((done) => {
        const onMessage = (message: { memory?: LiveServerMemory }) => {
          if (!message.memory) return;
          child.off("message", onMessage);
          done(message.memory);
        };
        child.on("message", onMessage);
        child.send({ memory: true });
      }),
    stop: async () => {
      child.send({ stop: true });
      await exited;
    },
  };
}

/**
 * A run's watchers and its driver. A position is known by its time (an ISO string in every view);
 * each socket counts a position once, the first message that carries it.
 */
class RunTraffic {
  sockets: { socket: WebSocket; last: string | null }[] = [];
  private pending = new Map<string, { sentAt: number; expected: number; delivered: number }>();
  private step = 0;
  posted = 0;
  expected = 0;
  delivered = 0;
  refused = 0;

  constructor(
    private readonly origin: string,
    private readonly run: SeededRun,
    private readonly latencies: number[],
  ) {}

  async open(concurrency: { run<T>(task: () => Promise<T>): Promise<T> }) {
    await Promise.all(
      this.run.parentCookies.map((cookie) =>
        concurrency.run(
          () =>
            new Promise<void>((opened, fail) => {
              const socket = new WebSocket(
                `${this.origin.replace("http", "ws")}/api/live/runs/${this.run.runId}/socket`,
                {
                  headers: { cookie, origin: this.origin },
                },
              );
              const entry = { socket, last: null as string | null };
              socket.on("message", (data) => this.receive(entry, String(data)));
              socket.once("open", () => {
                this.sockets.push(entry);
                opened();
              });
              socket.once("unexpected-response", (_request, response) =>
                fail(new Error(`bench: a watcher's socket was refused (${response.statusCode})`)),
              );
              socket.once("error", fail);
            }),
        ),
      ),
    );
  }

  private receive(entry: { last: string | null }, text: string) {
    for (const [iso, post] of this.pending) {
      if (entry.last === iso || !text.includes(iso)) continue;
      entry.last = iso;
      post.delivered++;
      this.delivered++;
      this.latencies.push(performance.now() - post.sentAt);
      return;
    }
  }

  private inFlight: Promise<void> = Promise.resolve();

  /**
   * The driver's next position: 10 m further north, measured now, sent once the previous one was
   * answered (as the phone's outbox sends one batch at a time, so a slow server never gets a run's
   * positions out of order). Its latency counts from the moment it was measured.
   */
  post(): Promise<void> {
    const at = Date.now();
    const sentAt = performance.now();
    this.inFlight = this.inFlight.then(
      () => this.send(at, sentAt),
      () => this.send(at, sentAt),
    );
    return this.inFlight;
  }

  private async send(at: number, sentAt: number): Promise<void> {
    const iso = new Date(at).toISOString();
    const step = this.step++;
    const open = this.sockets.filter((entry) => entry.socket.readyState === WebSocket.OPEN).length;
    this.pending.set(iso, { sentAt, expected: open, delivered: 0 });
    const response = await fetch(`${this.origin}/api/live/runs/${this.run.runId}/batch`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: this.run.driverCookie, origin: this.origin },
      body: JSON.stringify({
        items: [
          {
            kind: "position",
            clientId: `p${step}`,
            at,
            latitude: 41.6 + (step * 10) / 111_195,
            longitude: -88.15,
            accuracy: 10,
            speed: 2,
            heading: 0,
          },
        ],
      }),
    });
    const answer = (await response.json()) as { acknowledged?: string[]; refused?: unknown[] };
    this.posted++;
    if (response.status !== 200 || answer.refused?.length || !answer.acknowledged?.length) {
      this.refused++;
      this.pending.delete(iso);
      return;
    }
    this.expected += open;
  }

  /** Forgets positions sent more than `ms` ago (their deliveries are counted, or lost). */
  settle(ms: number) {
    const cutoff = performance.now() - ms;
    for (const [iso, post] of this.pending) if (post.sentAt < cutoff) this.pending.delete(iso);
  }

  close() {
    for (const { socket } of this.sockets) socket.terminate();
  }
}

/** At most `limit` tasks at once. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) await new Promise<void>((go) => waiting.push(go));
      active++;
      try {
        return await task();
      } finally {
        active--;
        waiting.shift()?.();
      }
    },
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
/** The largest value (a loop: the 10-minute soak's 720,000 latencies overflow the stack as arguments). */
const maximum = (values: number[]) => values.reduce((max, value) => Math.max(max, value), Number.NEGATIVE_INFINITY);
const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function liveBench(argv: string[]) {
  const soakSeconds = argv.includes("--live-soak")
    ? 600
    : Number(argv.find((arg) => arg.startsWith("--live-seconds="))?.slice("--live-seconds=".length) ?? 60);
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  const log = (message: string) =>
    console.log(`[bench live ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
  const dir = mkdtempSync(join(tmpdir(), "schoolride-bench-live-"));
  const databaseUrl = `file:${join(dir, "live.db")}`;
  const db = createDatabase({ url: databaseUrl });
  await applyMigrations(db);
  // Seeding only: no fsync per insert (this connection's setting, not the file's; the server runs as the Node entry does).
  await db.run(sql`PRAGMA synchronous = OFF`);
  const fanoutRun = (await seedRuns(db, "fanout", 1, 1000))[0]!;
  log("1 run × 1,000 families seeded");
  const soakRuns = await seedRuns(db, "soak", 300, 20);
  log("300 runs × 20 families seeded");
  db.$client.close();

  const server = await startLiveServer(databaseUrl);
  const rows: Row[] = [];
  const failures: string[] = [];
  const figures: Record<string, unknown> = {};
  try {
    // 1. Fan-out: 1 run, 1,000 sockets, a position a second.
    const fanLatencies: number[] = [];
    const fan = new RunTraffic(server.origin, fanoutRun, fanLatencies);
    const connectStart = performance.now();
    await fan.open(limiter(50));
    const connectSeconds = (performance.now() - connectStart) / 1000;
    log(`1,000 sockets open on one run in ${connectSeconds.toFixed(1)} s`);
    await sleep(2000);
    for (let i = 0; i < 20; i++) {
      await fan.post();
      await sleep(1000);
    }
    await sleep(3000);
    fan.close();
    const fanLost = fan.expected - fan.delivered;
    figures.fanout = {
      sockets: fan.sockets.length,
      connect_s: round(connectSeconds, 1),
      positions: fan.posted,
      refused: fan.refused,
      deliveries: fan.delivered,
      lost: fanLost,
      p50_ms: round(percentile(fanLatencies, 50)),
      p99_ms: round(percentile(fanLatencies, 99)),
      max_ms: round(maximum(fanLatencies)),
    };
    log(`fan-out: ${JSON.stringify(figures.fanout)}`);
    rows.push({
      section: "live: 1 run × 1,000 watchers, position → socket",
      name: `p50 / p99 (${fan.delivered} deliveries)`,
      value: `${round(percentile(fanLatencies, 50))} / ${round(percentile(fanLatencies, 99))} ms`,
      goal: `p99 ≤ ${LIVE_GOALS.p99Ms} ms`,
      ok: percentile(fanLatencies, 99) <= LIVE_GOALS.p99Ms,
    });
    rows.push({
      section: "live: 1 run × 1,000 watchers, position → socket",
      name: "positions lost",
      value: String(fanLost),
      goal: `${LIVE_GOALS.lost}`,
      ok: fanLost === LIVE_GOALS.lost && fan.refused === 0,
    });
    if (fan.refused > 0) failures.push(`live fan-out: ${fan.refused} of ${fan.posted} positions refused`);

    // 2. Soak: 300 runs × 20 sockets, each driver every 5 s, spread evenly: 60 positions a second.
    const soakLatencies: number[] = [];
    const traffic = soakRuns.map((run) => new RunTraffic(server.origin, run, soakLatencies));
    const openStart = performance.now();
    const opener = limiter(50);
    await Promise.all(traffic.map((run) => run.open(opener)));
    log(`6,000 sockets open on 300 runs in ${((performance.now() - openStart) / 1000).toFixed(1)} s`);
    const memory: { at_s: number; heapUsedMb: number; rssMb: number; cpuMs: number }[] = [];
    const soakStart = performance.now();
    const sample = async () => {
      const m = await server.memory();
      memory.push({
        at_s: round((performance.now() - soakStart) / 1000),
        heapUsedMb: round(m.heapUsedMb, 1),
        rssMb: round(m.rssMb, 1),
        cpuMs: round(m.cpuMs),
      });
    };
    await sample();
    const posts: Promise<void>[] = [];
    const interval = 5000 / traffic.length;
    let tick = 0;
    const sampler = setInterval(() => void sample(), Math.min(30_000, (soakSeconds * 1000) / 10));
    while (performance.now() - soakStart < soakSeconds * 1000) {
      const run = traffic[tick % traffic.length]!;
      posts.push(run.post().catch((error) => void failures.push(`live soak: a post failed: ${String(error)}`)));
      if (tick % traffic.length === 0) for (const each of traffic) each.settle(120_000);
      tick++;
      const due = soakStart + tick * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    clearInterval(sampler);
    await Promise.all(posts);
    // Until every expected delivery arrived, or none for 15 s (at most 2 minutes): a late position
    // is late, not lost. Every post was answered, so the server has sent what it will send.
    const expectedNow = () => traffic.reduce((sum, run) => sum + run.expected - run.delivered, 0);
    for (let quiet = 0, seen = -1, waited = 0; expectedNow() > 0 && quiet < 15 && waited < 120; waited++) {
      const now = soakLatencies.length;
      quiet = now === seen ? quiet + 1 : 0;
      seen = now;
      await sleep(1000);
    }
    await sample();
    const dropped = traffic.reduce(
      (sum, run) => sum + run.sockets.filter((entry) => entry.socket.readyState !== WebSocket.OPEN).length,
      0,
    );
    const runsShort = traffic.filter((run) => run.delivered < run.expected).length;
    for (const run of traffic) run.close();
    const totals = traffic.reduce(
      (sum, run) => ({
        posted: sum.posted + run.posted,
        refused: sum.refused + run.refused,
        expected: sum.expected + run.expected,
        delivered: sum.delivered + run.delivered,
      }),
      { posted: 0, refused: 0, expected: 0, delivered: 0 },
    );
    const lost = totals.expected - totals.delivered;
    const warm = memory.find((m) => m.at_s >= Math.min(60, soakSeconds / 5)) ?? memory[0]!;
    const last = memory.at(-1)!;
    const growthMb = last.heapUsedMb - warm.heapUsedMb;
    const allowedMb = Math.max(warm.heapUsedMb * LIVE_GOALS.heapGrowth, LIVE_GOALS.heapGrowthFloorMb);
    const cpuPerPosition = (last.cpuMs - memory[0]!.cpuMs) / Math.max(1, totals.posted);
    figures.soak = {
      seconds: soakSeconds,
      runs: traffic.length,
      sockets: traffic.reduce((sum, run) => sum + run.sockets.length, 0),
      positions_per_s: round(totals.posted / soakSeconds, 1),
      ...totals,
      lost,
      sockets_dropped: dropped,
      runs_short: runsShort,
      p50_ms: round(percentile(soakLatencies, 50)),
      p99_ms: round(percentile(soakLatencies, 99)),
      max_ms: round(maximum(soakLatencies)),
      server_cpu_ms_per_position: round(cpuPerPosition, 2),
      heap_mb: {
        warm: warm.heapUsedMb,
        end: last.heapUsedMb,
        growth: round(growthMb, 1),
        allowed: round(allowedMb, 1),
      },
      memory,
    };
    log(`soak: ${JSON.stringify({ ...(figures.soak as object), memory: undefined })}`);
    const section = `live: 300 runs × 20 watchers, 60 positions/s, ${soakSeconds} s`;
    rows.push({
      section,
      name: `p50 / p99 (${totals.delivered} deliveries)`,
      value: `${round(percentile(soakLatencies, 50))} / ${round(percentile(soakLatencies, 99))} ms`,
      goal: `p99 ≤ ${LIVE_GOALS.p99Ms} ms`,
      ok: percentile(soakLatencies, 99) <= LIVE_GOALS.p99Ms,
    });
    rows.push({
      section,
      name: `positions lost (of ${totals.posted} posted)`,
      value: String(lost),
      goal: `${LIVE_GOALS.lost}`,
      ok: lost === LIVE_GOALS.lost && totals.refused === 0,
    });
    rows.push({
      section,
      name: `server heap after GC, ${warm.at_s} s → ${last.at_s} s`,
      value: `${warm.heapUsedMb} → ${last.heapUsedMb} MB`,
      goal: `≤ +${round(allowedMb, 1)} MB`,
      ok: growthMb <= allowedMb,
    });
    rows.push({
      section,
      name: "server CPU per position (views and sockets included)",
      value: `${round(cpuPerPosition, 2)} ms`,
      goal: "—",
      ok: true,
    });
    if (totals.refused > 0) failures.push(`live soak: ${totals.refused} of ${totals.posted} positions refused`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const results = {
    generated_at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      node: process.version,
      load_average_start: round(loadAtStart, 2),
      load_average_end: round(loadavg()[0]!, 2),
    },
    ...figures,
    failures,
  };
  const file = join(tmpdir(), "schoolride-bench-live.json");
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${formatTable(rows, failures)}\n`);
  log(
    `load average (1 min) ${results.machine.load_average_start} at the start, ${results.machine.load_average_end} at the end, on ${results.machine.cpus} cores; figures in ${file}`,
  );
}
