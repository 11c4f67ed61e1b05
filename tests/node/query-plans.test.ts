import type { InStatement } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";
import { seedInvoices } from "../support/invoice-seed.ts";
import { seedScale } from "../support/scale-seed.ts";

/**
 * Issue 11, ADR 0018: every list, count and search query the list procedures send, run through
 * `EXPLAIN QUERY PLAN` with the same parameters, reads growing tables only through an index: a
 * `SCAN` of one of them without `USING INDEX` / `USING COVERING INDEX` fails. Scans of the FTS5
 * virtual tables (they answer MATCH from their own index), of subqueries and CTEs, and of the small
 * constant tables (platform_counters, super_admins) are allowed.
 */
const GROWING_TABLES = new Set([
  "schools",
  "school_admins",
  "parents",
  "invitations",
  "audit_logs",
  "email_logs",
  "pending_schools",
  "sessions",
  "trips",
  "invoices",
  "payments",
  "school_plan_history",
  "user_activity_weeks",
  // Aliases the services give them.
  "a",
  "p",
  "actor_admin",
  "actor_parent",
  "inviter_admin",
]);

/** A plan line that reads a growing table without an index, or null. */
function fullScan(detail: string): string | null {
  const match = /^SCAN (\S+)(.*)$/.exec(detail);
  if (!match) return null;
  const [, table, rest] = match;
  if (!GROWING_TABLES.has(table!)) return null;
  return /USING (COVERING )?INDEX/.test(rest!) ? null : detail;
}

type Captured = { sql: string; args: unknown };

let t: TestApp;
let captured: Captured[] = [];
let superCookie: string;
let adminCookie: string;
let parentCookie: string;

/** Records every statement the app sends (single or batched) with its arguments. */
function capture(statement: InStatement) {
  if (typeof statement === "string") captured.push({ sql: statement, args: [] });
  else captured.push({ sql: statement.sql, args: statement.args ?? [] });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedScale(t.db, { schools: 60, invitationsPerSchool: 4, parentsPerSchool: 5, auditRows: 400 });
  const superAdmin = await createUser(t.db, "super_admin");
  superCookie = (await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now())).cookie;
  // Seeded school 0 is active, with an admin, parents and invitations.
  const admin = await createUser(t.db, "school_admin", { schoolId: "scale-s00000000" });
  adminCookie = (await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())).cookie;
  // Invoices of school 0 to one of its parents, and of school 1 (so a search matches other schools' too).
  const parent = await createUser(t.db, "parent", { schoolId: "scale-s00000000" });
  parentCookie = (await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now())).cookie;
  await seedInvoices(t.db, { schoolId: "scale-s00000000", recipientId: parent.id, count: 300 });
  await seedInvoices(t.db, { schoolId: "scale-s00000001", recipientId: "scale-p0000000005", count: 300 });
  const client = t.db.$client;
  const execute = client.execute.bind(client);
  const batch = client.batch.bind(client);
  client.execute = ((statement: InStatement) => {
    capture(statement);
    return execute(statement);
  }) as typeof client.execute;
  client.batch = ((statements: InStatement[], mode?: Parameters<typeof client.batch>[1]) => {
    for (const statement of statements) capture(statement);
    return batch(statements, mode);
  }) as typeof client.batch;
}, 60_000);

afterAll(() => t.close());

const searches = ["maple", "MA", "m", "school 4", "office12@", "scale-s0000001", '"quoted" %_'];
const SUPER_ADMIN_CALLS: [string, unknown][] = [
  ["superAdmin.stats", undefined],
  ["superAdmin.schools.list", { page: 1 }],
  ["superAdmin.schools.list", { page: 3 }],
  ...searches.map((search): [string, unknown] => ["superAdmin.schools.list", { search }]),
  ...["active", "trialing", "pending", "past_due", "cancelled", "inactive"].map((status): [string, unknown] => [
    "superAdmin.schools.list",
    { status },
  ]),
  ["superAdmin.schools.list", { admins: "has_admins" }],
  ["superAdmin.schools.list", { admins: "missing_admins" }],
  ["superAdmin.schools.list", { status: "active", admins: "missing_admins", search: "oak" }],
  ["superAdmin.schools.options", {}],
  ["superAdmin.schools.options", { search: "cedar" }],
  ["superAdmin.schools.options", { search: "ce" }],
  ["superAdmin.registrations.pending", {}],
  ["superAdmin.invitations.list", { page: 1 }],
  ...searches.map((search): [string, unknown] => ["superAdmin.invitations.list", { search }]),
  ...["pending", "accepted", "expired", "revoked"].map((status): [string, unknown] => [
    "superAdmin.invitations.list",
    { status },
  ]),
  ["superAdmin.invitations.list", { role: "parent" }],
  ["superAdmin.invitations.list", { role: "school_admin", status: "pending" }],
  ["superAdmin.invitations.emailLogs", { inviteId: "scale-i0000000001" }],
  ["superAdmin.auditLogs.list", { page: 1 }],
  ["superAdmin.auditLogs.list", { page: 2 }],
  ["superAdmin.auditLogs.list", { eventType: "login_failed" }],
  ...["super_admin", "school_admin", "parent", "system"].map((role): [string, unknown] => [
    "superAdmin.auditLogs.list",
    { role },
  ]),
  ["superAdmin.auditLogs.list", { schoolId: "scale-s00000003" }],
  ["superAdmin.auditLogs.list", { from: "2025-01-01", to: "2025-01-02" }],
  ["superAdmin.auditLogs.list", { email: "someone1" }],
  ["superAdmin.auditLogs.list", { email: "so" }],
  ["superAdmin.auditLogs.list", { email: "admin3@school3.example" }],
  ["superAdmin.auditLogs.eventTypes", undefined],
  ["superAdmin.auditLogs.recent", undefined],
  ["superAdmin.metrics.overview", undefined],
  ["superAdmin.metrics.overview", { from: "2025-03-03", to: "2026-03-01" }],
];
/** Every tab, page 2, and searches of 1, 2 and 3+ characters (number, description, wildcards). */
const INVOICE_LISTS: [Record<string, unknown>][] = [
  [{ tab: "all", page: 1 }],
  [{ tab: "all", page: 2 }],
  ...["pending", "paid", "overdue"].map((tab): [Record<string, unknown>] => [{ tab, page: 1 }]),
  ...["maple", "inv-2025-01", "ma", "7", '"%_x'].map((search): [Record<string, unknown>] => [
    { tab: "all", search, page: 1 },
  ]),
  [{ tab: "paid", search: "oak", page: 1 }],
];
const SCHOOL_ADMIN_CALLS: [string, unknown][] = [
  ["schoolAdmin.parents.list", { page: 1 }],
  ["schoolAdmin.parents.list", { search: "parent" }],
  ["schoolAdmin.parents.list", { search: "pa" }],
  ["schoolAdmin.invitations.list", { page: 1 }],
  ["schoolAdmin.invitations.list", { search: "invitee", status: "pending" }],
  ...INVOICE_LISTS.map(([input]): [string, unknown] => ["schoolAdmin.invoices.list", input]),
  ["schoolAdmin.paymentSettings.get", undefined],
];
const PARENT_CALLS: [string, unknown][] = INVOICE_LISTS.map(([input]): [string, unknown] => [
  "parent.invoices.list",
  input,
]);

async function plansOf(calls: [string, unknown][], cookie: string) {
  const offenders: string[] = [];
  let checked = 0;
  for (const [path, input] of calls) {
    captured = [];
    const response = await query(t.app, path, input, { cookie });
    expect(response.error, `${path} ${JSON.stringify(input)}`).toBeNull();
    const reads = captured.filter(({ sql }) => /^\s*(select|with)\b/i.test(sql));
    expect(reads.length, `${path} sends a read`).toBeGreaterThan(0);
    for (const { sql, args } of reads) {
      const plan = await t.db.$client.execute({ sql: `explain query plan ${sql}`, args: args as never });
      checked++;
      for (const row of plan.rows) {
        const scan = fullScan(String(row.detail));
        if (scan) offenders.push(`${path} ${JSON.stringify(input)}: ${scan}\n  ${sql}`);
      }
    }
  }
  return { offenders, checked };
}

describe("EXPLAIN QUERY PLAN of every list, count and search (issue 11)", () => {
  it("super admin lists, counts, searches and stats read no growing table without an index", async () => {
    const { offenders, checked } = await plansOf(SUPER_ADMIN_CALLS, superCookie);
    expect(checked).toBeGreaterThan(SUPER_ADMIN_CALLS.length);
    expect(offenders).toEqual([]);
  });

  it("school admin parents and invitations read only their school's rows through an index", async () => {
    const { offenders, checked } = await plansOf(SCHOOL_ADMIN_CALLS, adminCookie);
    expect(checked).toBeGreaterThan(SCHOOL_ADMIN_CALLS.length);
    expect(offenders).toEqual([]);
  });

  it("invoices lists, tabs, searches and totals read only the school's or the parent's rows through an index", async () => {
    for (const [calls, cookie] of [
      [
        SCHOOL_ADMIN_CALLS.filter(([path]) => path.includes("invoices") || path.includes("paymentSettings")),
        adminCookie,
      ],
      [PARENT_CALLS, parentCookie],
    ] as const) {
      const { offenders, checked } = await plansOf(calls, cookie);
      expect(checked).toBeGreaterThan(calls.length);
      expect(offenders).toEqual([]);
    }
  });

  it("the check itself: a count of a growing table without an index is reported", async () => {
    const plan = await t.db.$client.execute(
      "explain query plan select count(*) from audit_logs where description like '%x%'",
    );
    expect(plan.rows.map((row) => fullScan(String(row.detail))).filter(Boolean)).not.toEqual([]);
  });
});
