/**
 * `npm run bench`: latency of the hot paths, printed as a table. Goals live here, never in unit
 * tests. Runs against a fresh embedded database.
 */
import { invitations, parents, schoolAdmins, schools } from "../../db/schema/index.ts";
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

// The super admin's lists at platform scale: 10,000 schools, 100,000 invitations.
const SCHOOLS = 10_000;
const INVITATIONS = 100_000;
const seedStart = performance.now();
const superAdmin = await createUser(t.db, "super_admin");
const { cookie: adminCookie } = await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now());
const statuses = ["active", "active", "active", "trialing", "past_due", "cancelled", "pending"] as const;
const schoolIds: string[] = [];
for (let start = 0; start < SCHOOLS; start += 500) {
  const chunk = Array.from({ length: Math.min(500, SCHOOLS - start) }, (_, k) => {
    const i = start + k;
    const id = crypto.randomUUID();
    schoolIds.push(id);
    return {
      id,
      name: `Bench School ${i}`,
      email: `office${i}@bench.example`,
      code: `B${i.toString(36).toUpperCase().padStart(5, "0")}`,
      subscriptionStatus: statuses[i % statuses.length]!,
      isActive: i % 50 !== 0,
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    };
  });
  await t.db.insert(schools).values(chunk);
}
const hash = await hashPassword("bench passphrase");
for (let start = 0; start < SCHOOLS; start += 2000) {
  const ids = schoolIds.slice(start, start + 2000).filter((_, k) => k % 3 !== 0);
  await t.db
    .insert(schoolAdmins)
    .values(ids.map((schoolId, k) => ({ schoolId, email: `admin${start + k}@bench.example`, name: `Admin ${start + k}`, passwordHash: hash })));
  await t.db.insert(parents).values(ids.map((schoolId, k) => ({ schoolId, email: `parent${start + k}@bench.example`, name: `Parent ${start + k}`, passwordHash: hash })));
}
const inviteStatuses = ["pending", "accepted", "expired", "revoked"] as const;
for (let start = 0; start < INVITATIONS; start += 1000) {
  await t.db.insert(invitations).values(
    Array.from({ length: 1000 }, (_, k) => {
      const i = start + k;
      return {
        email: `invitee${i}@bench.example`,
        role: i % 4 === 0 ? ("school_admin" as const) : ("parent" as const),
        schoolId: schoolIds[i % SCHOOLS]!,
        tokenHash: `bench-${i}`,
        status: inviteStatuses[i % 4]!,
        expiresAt: new Date(t.clock.now().getTime() + ((i % 14) - 7) * 86_400_000),
        invitedBy: superAdmin.id,
        invitedByRole: "super_admin" as const,
        metadata: { invitedUserName: `Invitee ${i}` },
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
      };
    }),
  );
}
console.log(`seeded ${SCHOOLS} schools and ${INVITATIONS} invitations in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
const asAdmin = (path: string, input: object) => () => query(t.app, path, input, { cookie: adminCookie });

const rows: Row[] = [
  await measure("scrypt hash (ln=14,r=8,p=5)", 10, () => hashPassword("benchmark passphrase"), 1000),
  await measure("scrypt verify", 10, () => verifyPassword("benchmark passphrase", stored), 1000),
  await measure("GET /api/health", 300, async () => t.app.request("http://localhost:8787/api/health"), 20),
  await measure("auth.me with a session", 300, () => query(t.app, "auth.me", undefined, { cookie }), 20),
  await measure("parent.overview", 300, () => query(t.app, "parent.overview", undefined, { cookie }), 30),
  await measure("schools.list page 1 (10k schools)", 50, asAdmin("superAdmin.schools.list", { page: 1 }), 150),
  await measure("schools.list page 500", 50, asAdmin("superAdmin.schools.list", { page: 500 }), 150),
  await measure("schools.list search 'school 77'", 50, asAdmin("superAdmin.schools.list", { page: 1, search: "school 77" }), 150),
  await measure("schools.list past_due + missing admins", 50, asAdmin("superAdmin.schools.list", { page: 1, status: "past_due", admins: "missing_admins" }), 150),
  await measure("invites.list page 1 (100k invites)", 50, asAdmin("superAdmin.invitations.list", { page: 1 }), 150),
  await measure("invites.list search by school name", 20, asAdmin("superAdmin.invitations.list", { page: 1, search: "bench school 4242" }), 500),
  // Counts ~37,000 matching rows exactly (an index-only scan): the slowest list by design.
  await measure("invites.list expired + parent", 50, asAdmin("superAdmin.invitations.list", { page: 1, status: "expired", role: "parent" }), 300),
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
