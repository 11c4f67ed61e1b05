/**
 * Databases at a given scale, the in-process pass (round trips and the baseline's statements), and
 * the server process the HTTP measurements run against.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import superjson from "superjson";
import { createDatabase } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { loadConfig } from "#worker/config.ts";
import { compactSearchIndexes } from "#worker/services/platform/search-indexes.ts";
import { countRoundTrips } from "../support/counting-db.ts";
import { seedInvoices } from "../support/invoice-seed.ts";
import { benchApp, type RecordedOp, recordingClient } from "./apps.ts";
import { seedFlightTripsFor } from "./enrollment.ts";
import type { HotPath } from "./hot-paths.ts";
import { seedRoutesFor } from "./routes.ts";
import { type BenchUsers, benchUsers, seedScale } from "./seed.ts";
import type { ServerStart } from "./server.ts";

/** `/api/trpc/<path>?input=…` as the web client sends a query. */
export function trpcPath(path: string, input?: unknown): string {
  return `/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type ScaledDb = { url: string; users: BenchUsers; seconds: number; remove: () => void };

/**
 * A fresh migrated database file with `rows` schools, invitations, parents and audit rows, the
 * bench's users, and `rows` invoices of their school; then the search indexes as the hourly job
 * keeps them (ADR 0031: the bulk seed leaves up to 9 FTS5 segments, a platform's cron merges them).
 */
export async function scaledDatabase(rows: number, appUrl: string): Promise<ScaledDb> {
  const dir = mkdtempSync(join(tmpdir(), "schoolride-bench-"));
  const url = `file:${join(dir, "bench.db")}`;
  const db = createDatabase({ url });
  const start = performance.now();
  await applyMigrations(db);
  await seedScale(db, { schools: rows, invitationsPerSchool: 1, auditRows: rows, parentsPerSchool: 1 });
  const users = await benchUsers(db, loadConfig({ APP_URL: appUrl }));
  // The school admin's school has `rows` invoices (to the bench parent): the invoices list grows with the rest.
  await seedInvoices(db, { schoolId: users.home.schoolId, recipientId: users.home.parentId, count: rows });
  await seedFlightTripsFor(db, users.home);
  await seedRoutesFor(db, users.home, rows);
  await compactSearchIndexes(db, Number.POSITIVE_INFINITY);
  db.$client.close();
  return {
    url,
    users,
    seconds: (performance.now() - start) / 1000,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export type InProcessPass = {
  roundTrips: Record<string, number>;
  ops: Record<string, RecordedOp[]>;
  log: Record<string, string[]>;
};

/**
 * Calls each hot path through the real app in-process: once to warm up, then once counted (the
 * round-trip counter of tests/support) and recorded (the statements the baseline replays).
 */
export async function inProcessPass(
  dbUrl: string,
  appUrl: string,
  users: BenchUsers,
  paths: HotPath[],
): Promise<InProcessPass> {
  let recorder: ReturnType<typeof recordingClient> | undefined;
  let counter: ReturnType<typeof countRoundTrips>["counter"] | undefined;
  const db = createDatabase({
    url: dbUrl,
    wrapClient: (client) => {
      const counted = countRoundTrips(client);
      counter = counted.counter;
      recorder = recordingClient(counted.client);
      return recorder.client;
    },
  });
  const app = benchApp(db, appUrl);
  const result: InProcessPass = { roundTrips: {}, ops: {}, log: {} };
  try {
    for (const hot of paths) {
      const call = () =>
        app.request(`${appUrl}${trpcPath(hot.name, hot.input)}`, { headers: { cookie: users.cookies[hot.role] } });
      const warm = await call();
      if (warm.status !== 200)
        throw new Error(
          `bench: ${hot.name} as ${hot.role} answered ${warm.status}: ${(await warm.text()).slice(0, 300)}`,
        );
      counter!.reset();
      recorder!.state.ops = [];
      recorder!.state.recording = true;
      await (await call()).arrayBuffer();
      recorder!.state.recording = false;
      result.roundTrips[hot.name] = counter!.count;
      result.log[hot.name] = [...counter!.log];
      result.ops[hot.name] = hot.baseline
        ? hot.baseline.map((statement) => ({ kind: "execute", statement }))
        : recorder!.state.ops;
    }
  } finally {
    db.$client.close();
  }
  return result;
}

export type Servers = { appUrl: string; baselineUrl: string; stop: () => Promise<void> };

/** Forks tests/bench/server.ts on the database (a file, or the Hrana server's URL): the app on `appPort`, the baseline on another port. */
export async function startServers(
  dbUrl: string,
  appPort: number,
  ops: Record<string, RecordedOp[]>,
): Promise<Servers> {
  const baselinePort = await freePort();
  const child: ChildProcess = fork(fileURLToPath(new URL("./server.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  await new Promise<void>((ready, fail) => {
    child.once("message", () => ready());
    child.once("exit", (code) => fail(new Error(`bench: the server process exited with ${code}`)));
    child.send({ dbUrl, appPort, baselinePort, ops } satisfies ServerStart);
  });
  return {
    appUrl: `http://localhost:${appPort}`,
    baselineUrl: `http://localhost:${baselinePort}`,
    stop: async () => {
      child.send({ stop: true });
      await exited;
    },
  };
}
