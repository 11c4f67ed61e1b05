/**
 * The bench's headline: the production path. Production is the Worker reading Turso over HTTP, so
 * here the app's own code (`createDatabase` on an `http://` URL: `@libsql/client`'s HTTP driver,
 * no local-only layer) reads the bench's database served over HTTP by the project's Hrana server
 * (scripts/hrana, what `npm run dev:worker` serves the Worker's database with), in a process of its
 * own. For every hot path:
 *
 * - main-thread CPU per request: `process.cpuUsage()` (the process's user + system time) around
 *   one in-process `app.request(…)` and the reading of its body, calls one after the other. Time
 *   spent waiting on the database is not CPU time (the thread sleeps in the event loop), and
 *   nothing else runs in this process meanwhile (the database and the load generator are other
 *   processes); what is counted is the app, tRPC, Drizzle, the output serializer, the HTTP client
 *   sending the statements and parsing the answers, and garbage collection (its helper threads
 *   included, so a slight overcount of the main thread). Not `process.threadCpuUsage()`: on some
 *   Linux kernels it moves in scheduler ticks (0 or ~4 ms for a 50 µs loop), too coarse for one
 *   request. There is no Node HTTP server in the way (the Worker has none); the cost of workerd's
 *   own fetch is not modelled.
 * - database round trips per request: the HTTP requests the database client sends to the Hrana
 *   server while the call runs (`globalThis.fetch` wrapped; the HTTP driver sends one request per
 *   `execute` or `batch`).
 * - throughput against the bare handler over the same HTTP database: the bench's server process
 *   (server.ts) with both the app and the baseline on the Hrana URL, autocannon in turns.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createDatabase } from "#db/client.ts";
import { benchApp, type RecordedOp, recordingClient } from "./apps.ts";
import type { HotPath } from "./hot-paths.ts";
import type { HranaStart } from "./hrana-process.ts";
import { type Throughput, throughput } from "./measure.ts";
import { median } from "./report.ts";
import type { BenchUsers } from "./seed.ts";
import { startServers, trpcPath } from "./servers.ts";

export type HttpPathPlan = { calls: number; warmup: number; runs: number; seconds: number; connections: number };

export type HttpPathFigures = {
  /** Main-thread CPU per request, µs. */
  cpu_us: Record<string, { median: number; p99: number }>;
  /** HTTP requests to the database per request (median and most over the calls). */
  round_trips: Record<string, { median: number; max: number }>;
  throughput: Record<string, Throughput>;
};

/** The Hrana server on `file`, in a child process. */
export async function serveOverHttp(file: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = fork(fileURLToPath(new URL("./hrana-process.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const url = await new Promise<string>((ready, fail) => {
    child.once("message", (message: { url: string }) => ready(message.url));
    child.once("exit", (code) => fail(new Error(`bench: the Hrana server process exited with ${code}`)));
    child.send({ file } satisfies HranaStart);
  });
  return {
    url,
    stop: async () => {
      child.send({ stop: true });
      await exited;
    },
  };
}

/** Counts this process's fetches to `prefix` while `fn` runs; the wrapper stays until `restore`. */
function countFetches(prefix: string) {
  const original = globalThis.fetch;
  const state = { count: 0 };
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(prefix)) state.count++;
    return original(input, init);
  }) as typeof fetch;
  return { state, restore: () => void (globalThis.fetch = original) };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** CPU and round trips in-process, then throughput against the bare handler, all over HTTP. */
export async function productionPath(
  dbFile: string,
  appUrl: string,
  appPort: number,
  users: BenchUsers,
  paths: HotPath[],
  plan: HttpPathPlan,
  log: (message: string) => void,
): Promise<HttpPathFigures> {
  const database = await serveOverHttp(dbFile);
  const figures: HttpPathFigures = { cpu_us: {}, round_trips: {}, throughput: {} };
  const ops: Record<string, RecordedOp[]> = {};
  try {
    // The fetch wrapper is in place before the clients are made: the HTTP driver keeps the fetch it finds.
    const fetches = countFetches(database.url);
    let recorder: ReturnType<typeof recordingClient> | undefined;
    const recording = createDatabase({
      url: database.url,
      wrapClient: (client) => (recorder = recordingClient(client)).client,
    });
    const db = createDatabase({ url: database.url });
    try {
      const recordingApp = benchApp(recording, appUrl);
      const app = benchApp(db, appUrl);
      const call = async (on: typeof app, hot: HotPath) => {
        const response = await on.request(`${appUrl}${trpcPath(hot.name, hot.input)}`, {
          headers: { cookie: users.cookies[hot.role] },
        });
        const body = await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(
            `bench: ${hot.name} over HTTP answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`,
          );
      };
      for (const hot of paths) {
        // The statements the baseline replays: the procedure's own, recorded once (warm).
        await call(recordingApp, hot);
        recorder!.state.ops = [];
        recorder!.state.recording = true;
        await call(recordingApp, hot);
        recorder!.state.recording = false;
        ops[hot.name] = hot.baseline
          ? hot.baseline.map((statement) => ({ kind: "execute", statement }))
          : recorder!.state.ops;
        for (let i = 0; i < plan.warmup; i++) await call(app, hot);
      }
      // The paths take turns call by call, so whatever else loads the machine weighs on each alike.
      const cpu = new Map<string, number[]>(paths.map((hot) => [hot.name, []]));
      const trips = new Map<string, number[]>(paths.map((hot) => [hot.name, []]));
      for (let i = 0; i < plan.calls; i++) {
        for (const hot of paths) {
          fetches.state.count = 0;
          const start = process.cpuUsage();
          await call(app, hot);
          const used = process.cpuUsage(start);
          cpu.get(hot.name)!.push(used.user + used.system);
          trips.get(hot.name)!.push(fetches.state.count);
        }
      }
      for (const hot of paths) {
        figures.cpu_us[hot.name] = { median: median(cpu.get(hot.name)!), p99: percentile(cpu.get(hot.name)!, 99) };
        figures.round_trips[hot.name] = {
          median: median(trips.get(hot.name)!),
          max: Math.max(...trips.get(hot.name)!),
        };
      }
    } finally {
      recording.$client.close();
      db.$client.close();
      fetches.restore();
    }
    log("production path: CPU and round trips measured");

    const servers = await startServers(database.url, appPort, ops);
    try {
      const urls = { app: servers.appUrl, baseline: servers.baselineUrl };
      for (const hot of paths) await throughput(urls, hot, users, 1, plan.connections, 1);
      for (const hot of paths)
        figures.throughput[hot.name] = await throughput(urls, hot, users, plan.runs, plan.connections, plan.seconds);
    } finally {
      await servers.stop();
    }
    log("production path: throughput measured");
  } finally {
    await database.stop();
  }
  return figures;
}
