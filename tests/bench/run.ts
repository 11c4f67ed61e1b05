/**
 * `npm run bench`: latency of the hot paths, printed as a table. Goals live here, never in unit
 * tests. Runs against a fresh embedded database.
 */
import { hashPassword, verifyPassword } from "../../worker/auth/password.ts";
import { createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";

type Row = { name: string; runs: number; p50: number; p95: number; max: number; goalMs?: number };

async function measure(name: string, runs: number, fn: () => Promise<unknown>, goalMs?: number): Promise<Row> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { name, runs, p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1]!, ...(goalMs ? { goalMs } : {}) };
}

const t = await createTestApp();
const user = await createUser(t.db, "parent");
const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
const stored = await hashPassword("benchmark passphrase");

const rows: Row[] = [
  await measure("scrypt hash (ln=14,r=8,p=5)", 10, () => hashPassword("benchmark passphrase"), 1000),
  await measure("scrypt verify", 10, () => verifyPassword("benchmark passphrase", stored), 1000),
  await measure("GET /api/health", 300, async () => t.app.request("http://localhost:8787/api/health"), 20),
  await measure("auth.me with a session", 300, () => query(t.app, "auth.me", undefined, { cookie }), 20),
  await measure("parent.overview", 300, () => query(t.app, "parent.overview", undefined, { cookie }), 30),
];

const fmt = (n: number) => n.toFixed(2).padStart(9);
console.log(`${"benchmark".padEnd(32)}${"runs".padStart(6)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"max ms".padStart(9)}  goal`);
let missed = 0;
for (const row of rows) {
  const verdict = row.goalMs === undefined ? "" : row.p95 <= row.goalMs ? `p95 ≤ ${row.goalMs} ms ✓` : `p95 ≤ ${row.goalMs} ms ✗`;
  if (row.goalMs !== undefined && row.p95 > row.goalMs) missed++;
  console.log(`${row.name.padEnd(32)}${String(row.runs).padStart(6)}${fmt(row.p50)}${fmt(row.p95)}${fmt(row.max)}  ${verdict}`);
}
const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
console.log(`heap used: ${heapMb.toFixed(1)} MiB`);
t.close();
if (missed > 0) {
  console.log(`${missed} goal(s) missed`);
  process.exitCode = 1;
}
