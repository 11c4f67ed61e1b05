import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CRON_JOBS, runScheduled, searchIndexesJob } from "#worker/cron/scheduled.ts";
import {
  compactSearchIndexes,
  FTS_TABLES,
  MAX_SEGMENTS,
  segmentCount,
} from "#worker/services/platform/search-indexes.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, memoryLogger, type TestApp } from "../support/harness.ts";
import { seedInvoices } from "../support/invoice-seed.ts";

/** ADR 0031: the FTS5 indexes are merged back into one segment by the hourly run, and answer the same. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const totalChanges = async () => Number((await t.db.$client.execute("select total_changes() as n")).rows[0]!.n);

/** Each write in its own transaction, as the app writes: one new segment each until FTS5's automerge folds some. */
async function splitIndexes() {
  const school = await createSchool(t.db, { name: "Maple Grove Academy" });
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  for (let i = 0; i < 12; i++) {
    await createSchool(t.db, { name: `Maple ${i} Primary`, email: `office${i}@maple${i}.example` });
    await seedInvoices(t.db, { schoolId: school.id, recipientId: parent.id, count: 3 });
  }
  return { school, admin: await createUser(t.db, "school_admin", { schoolId: school.id }) };
}

describe("search index compaction", () => {
  it("covers every FTS5 table of the schema", async () => {
    const result = await t.db.$client.execute(
      "select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%fts5%' order by name",
    );
    expect([...FTS_TABLES].sort()).toEqual(result.rows.map((row) => row.name));
  });

  it("merges an index split by many small writes into one segment, and searches answer the same", async () => {
    const { admin } = await splitIndexes();
    const root = await callerFor(t, await createUser(t.db, "super_admin"));
    const api = await callerFor(t, admin);
    const searches = async () => ({
      schools: await root.superAdmin.schools.list({ page: 1, search: "maple", status: "all", admins: "all" }),
      invoices: await api.schoolAdmin.invoices.list({ tab: "all", page: 1, search: "inv-2025-01" }),
    });
    const before = await searches();
    expect(before.schools.total).toBe(13);
    expect(before.invoices.total).toBe(10);
    expect(await segmentCount(t.db.$client, "schools_fts")).toBeGreaterThan(MAX_SEGMENTS);
    expect(await segmentCount(t.db.$client, "invoices_fts")).toBeGreaterThan(MAX_SEGMENTS);

    const steps = await compactSearchIndexes(t.db);
    expect(steps.schools_fts).toBeGreaterThan(0);
    expect(steps.invoices_fts).toBeGreaterThan(0);
    expect(await segmentCount(t.db.$client, "schools_fts")).toBe(1);
    expect(await segmentCount(t.db.$client, "invoices_fts")).toBe(1);
    expect(await searches()).toEqual(before);
    // The index still agrees with its content table, row for row.
    for (const table of ["schools_fts", "invoices_fts"])
      await t.db.$client.execute(`insert into "${table}"("${table}", rank) values ('integrity-check', 1)`);
  });

  it("leaves an index of a few segments alone: no step, no write", async () => {
    await createSchool(t.db, { name: "Cedar Hill" });
    const changes = await totalChanges();
    expect(Object.values(await compactSearchIndexes(t.db))).toEqual(FTS_TABLES.map(() => 0));
    expect(await totalChanges()).toBe(changes);
  });

  it("runs in the hourly job, once per hour", async () => {
    await splitIndexes();
    expect(CRON_JOBS).toContain(searchIndexesJob);
    const deps = {
      db: t.db,
      queue: { send: async () => {} },
      logger: memoryLogger(),
      appUrl: "http://localhost",
      stripe: t.deps.stripe,
    };
    const report = await runScheduled(deps, t.clock.now(), [searchIndexesJob]);
    expect(report["search-indexes"]).toMatchObject({
      schools_fts: expect.any(Number),
      invoices_fts: expect.any(Number),
    });
    expect(await segmentCount(t.db.$client, "schools_fts")).toBe(1);
    expect(await runScheduled(deps, t.clock.now(), [searchIndexesJob])).toEqual({ "search-indexes": "skipped" });
  });
});
