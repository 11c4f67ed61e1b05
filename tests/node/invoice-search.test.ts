import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "../../db/client.ts";
import { applyMigrations } from "../../db/migrate.ts";
import { parseSearch } from "../../worker/services/_shared/search.ts";
import { schoolInvoiceMatch } from "../../worker/services/invoices/list.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { seedInvoices } from "../support/invoice-seed.ts";
import { migrationsBefore } from "../support/migrations.ts";

/** ADR 0031: a school's invoice search reads its own trigram matches, not every school's. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const substring = (term: string) => {
  const search = parseSearch(term);
  if (search.kind !== "substring") throw new Error("a substring search");
  return search;
};
const ftsRowids = async (db: Db, match: string) =>
  (await db.$client.execute({ sql: "select rowid from invoices_fts where invoices_fts match ?", args: [match] })).rows.length;

async function twoSchools() {
  const [mine, other] = [await createSchool(t.db), await createSchool(t.db)];
  const admin = await createUser(t.db, "school_admin", { schoolId: mine.id });
  await seedInvoices(t.db, { schoolId: mine.id, recipientId: (await createUser(t.db, "parent", { schoolId: mine.id })).id, count: 3 });
  await seedInvoices(t.db, { schoolId: other.id, recipientId: (await createUser(t.db, "parent", { schoolId: other.id })).id, count: 30 });
  return { mine, other, api: await callerFor(t, admin) };
}

describe("a school's invoice search", () => {
  it("asks the trigram index for the school's matches only, and answers as before", async () => {
    const { mine, api } = await twoSchools();
    // Every invoice of both schools says "Transport …": the index itself returns the school's 3.
    expect(await ftsRowids(t.db, '"transport"')).toBe(33);
    expect(await ftsRowids(t.db, schoolInvoiceMatch(mine.id, substring("transport")))).toBe(3);
    const page = await api.schoolAdmin.invoices.list({ tab: "all", page: 1, search: "TRANSPORT" });
    expect(page).toMatchObject({ total: 3, totalCapped: false });
    expect(page.rows.map((row) => row.invoiceNumber)).toEqual(["INV-2025-003", "INV-2025-002", "INV-2025-001"]);
  });

  it("never matches the school id it is restricted by, and takes FTS5 syntax literally", async () => {
    const { mine, api } = await twoSchools();
    const list = (search: string) => api.schoolAdmin.invoices.list({ tab: "all", page: 1, search });
    expect((await list(mine.id.slice(-6))).total).toBe(0);
    expect((await list('maple" OR "transport')).total).toBe(0);
    expect((await list("search_school")).total).toBe(0);
    expect((await list("inv-2025-00")).total).toBe(3);
  });
});

describe("migration invoice_search_by_school", () => {
  const dir = mkdtempSync(join(tmpdir(), "schoolride-invoice-search-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("indexes the invoices that existed before with their school, and the triggers follow from then on", async () => {
    const db = createDatabase({ url: `file:${join(dir, "db.db")}` });
    await migrate(db, { migrationsFolder: migrationsBefore(dir, "_invoice_search_by_school") });
    const school = await createSchool(db);
    const parent = await createUser(db, "parent", { schoolId: school.id });
    await seedInvoices(db, { schoolId: school.id, recipientId: parent.id, count: 4 });
    await applyMigrations(db);

    expect(await ftsRowids(db, schoolInvoiceMatch(school.id, substring("transport")))).toBe(4);
    expect(await ftsRowids(db, schoolInvoiceMatch(`other-${school.id}x`, substring("transport")))).toBe(0);
    await seedInvoices(db, { schoolId: school.id, recipientId: parent.id, count: 2 });
    await db.$client.execute({ sql: "update invoices set description = 'Field trip' where invoice_number = 'INV-2025-001'", args: [] });
    expect(await ftsRowids(db, schoolInvoiceMatch(school.id, substring("transport")))).toBe(5);
    expect(await ftsRowids(db, schoolInvoiceMatch(school.id, substring("field trip")))).toBe(1);
    await db.$client.execute("insert into invoices_fts(invoices_fts, rank) values ('integrity-check', 1)");
    db.$client.close();
  });
});
