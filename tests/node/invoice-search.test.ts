import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { parseSearch } from "#worker/services/_shared/search.ts";
import { schoolInvoiceMatch } from "#worker/services/invoices/list.ts";
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
  (await db.$client.execute({ sql: "select rowid from invoices_fts where invoices_fts match ?", args: [match] })).rows
    .length;

async function twoSchools() {
  const [mine, other] = [await createSchool(t.db), await createSchool(t.db)];
  const admin = await createUser(t.db, "school_admin", { schoolId: mine.id });
  await seedInvoices(t.db, {
    schoolId: mine.id,
    recipientId: (await createUser(t.db, "parent", { schoolId: mine.id })).id,
    count: 3,
  });
  await seedInvoices(t.db, {
    schoolId: other.id,
    recipientId: (await createUser(t.db, "parent", { schoolId: other.id })).id,
    count: 30,
  });
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

describe("searching by the parent (issue 25, ADR 0041)", () => {
  it("finds a school's invoices by the parent's name or e-mail, follows a rename, and only the school's", async () => {
    const mine = await createSchool(t.db);
    const admin = await createUser(t.db, "school_admin", { schoolId: mine.id });
    const jamie = await createUser(t.db, "parent", {
      schoolId: mine.id,
      name: "Jamie Rivera",
      email: "jamie.rivera@family.example",
    });
    const sam = await createUser(t.db, "parent", {
      schoolId: mine.id,
      name: "Sam Okafor",
      email: "sam@okafor.example",
    });
    await seedInvoices(t.db, { schoolId: mine.id, recipientId: jamie.id, count: 2 });
    await seedInvoices(t.db, { schoolId: mine.id, recipientId: sam.id, count: 1 });
    // Another school's parent of the same name is never found.
    const other = await createSchool(t.db);
    await seedInvoices(t.db, {
      schoolId: other.id,
      recipientId: (await createUser(t.db, "parent", { schoolId: other.id, name: "Jamie Rivera" })).id,
      count: 2,
    });
    const api = await callerFor(t, admin);
    const found = async (search: string) =>
      (await api.schoolAdmin.invoices.list({ tab: "all", page: 1, search })).rows.map((row) => row.recipient.name);
    expect(await found("rivera")).toEqual(["Jamie Rivera", "Jamie Rivera"]);
    expect(await found("OKAFOR.EX")).toEqual(["Sam Okafor"]);
    expect(await found("family.example")).toEqual(["Jamie Rivera", "Jamie Rivera"]);
    // 1–2 characters: the school's rows by number, description, name or e-mail.
    expect(await found("ok")).toEqual(["Sam Okafor"]);
    // A renamed parent (or a changed address) is found under the new one only.
    await t.db.$client.execute({
      sql: "update parents set name = 'Jamie Lee', email = 'jamie@lee.example' where id = ?",
      args: [jamie.id],
    });
    expect(await found("rivera")).toEqual([]);
    expect(await found("jamie lee")).toEqual(["Jamie Lee", "Jamie Lee"]);
    expect(await found("lee.example")).toEqual(["Jamie Lee", "Jamie Lee"]);
    // An invoice given to another parent moves with it; a deleted one leaves the index.
    await t.db.$client.execute({
      sql: "update invoices set recipient_id = ? where recipient_id = ? and invoice_number = 'INV-2025-001'",
      args: [sam.id, jamie.id],
    });
    expect(await found("okafor")).toHaveLength(2);
    await t.db.$client.execute({ sql: "delete from invoices where recipient_id = ?", args: [sam.id] });
    expect(await found("okafor")).toEqual([]);
    await t.db.$client.execute("insert into invoices_fts(invoices_fts, rank) values ('integrity-check', 1)");
  });
});

/**
 * A school and its parent on the schema as it was before the migration under test, in SQL: the
 * fixtures insert every column the schema has now, and a column added since does not exist yet.
 */
async function schoolAndParentBefore(db: Db, parentName: string) {
  const [schoolId, parentId, now] = [crypto.randomUUID(), crypto.randomUUID(), Date.now()];
  await db.$client.execute({
    sql: "insert into schools (id, name, email, code, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
    args: [schoolId, "Before School", `office-${schoolId}@school.example`, `B${schoolId.slice(0, 8)}`, now, now],
  });
  await db.$client.execute({
    sql: "insert into parents (id, school_id, email, name, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
    args: [parentId, schoolId, `parent-${parentId}@example.com`, parentName, "not a hash", now, now],
  });
  return { school: { id: schoolId }, parent: { id: parentId } };
}

describe("migration invoice_search_by_school", () => {
  const dir = mkdtempSync(join(tmpdir(), "schoolride-invoice-search-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("indexes the invoices that existed before with their school, and the triggers follow from then on", async () => {
    const db = createDatabase({ url: `file:${join(dir, "db.db")}` });
    await migrate(db, { migrationsFolder: migrationsBefore(dir, "_invoice_search_by_school") });
    const { school, parent } = await schoolAndParentBefore(db, "Pat Parent");
    await seedInvoices(db, { schoolId: school.id, recipientId: parent.id, count: 4 });
    await applyMigrations(db);

    expect(await ftsRowids(db, schoolInvoiceMatch(school.id, substring("transport")))).toBe(4);
    expect(await ftsRowids(db, schoolInvoiceMatch(`other-${school.id}x`, substring("transport")))).toBe(0);
    await seedInvoices(db, { schoolId: school.id, recipientId: parent.id, count: 2 });
    await db.$client.execute({
      sql: "update invoices set description = 'Field trip' where invoice_number = 'INV-2025-001'",
      args: [],
    });
    expect(await ftsRowids(db, schoolInvoiceMatch(school.id, substring("transport")))).toBe(5);
    expect(await ftsRowids(db, schoolInvoiceMatch(school.id, substring("field trip")))).toBe(1);
    await db.$client.execute("insert into invoices_fts(invoices_fts, rank) values ('integrity-check', 1)");
    db.$client.close();
  });
});

describe("migration invoice_corrections", () => {
  const dir = mkdtempSync(join(tmpdir(), "schoolride-invoice-corrections-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("indexes the invoices that existed before with their parent, marks the paid ones paid online, and keeps the totals", async () => {
    const db = createDatabase({ url: `file:${join(dir, "db.db")}` });
    await migrate(db, { migrationsFolder: migrationsBefore(dir, "_invoice_corrections") });
    const { school, parent } = await schoolAndParentBefore(db, "Noor Haddad");
    // Seeded pending, paid, paid.
    await seedInvoices(db, { schoolId: school.id, recipientId: parent.id, count: 3 });
    await applyMigrations(db);

    expect(await ftsRowids(db, schoolInvoiceMatch(school.id, substring("haddad")))).toBe(3);
    const methods = await db.$client.execute(
      "select invoice_number, payment_method, emailed_at = created_at as emailed from invoices order by invoice_number",
    );
    expect(methods.rows.map((row) => [row.invoice_number, row.payment_method, row.emailed])).toEqual([
      ["INV-2025-001", null, 1],
      ["INV-2025-002", "online", 1],
      ["INV-2025-003", "online", 1],
    ]);
    await db.$client.execute({
      sql: "update invoices set status = 'void' where invoice_number = 'INV-2025-001'",
      args: [],
    });
    const totals = await db.$client.execute({
      sql: "select paid_count, void_count, void_cents, pending_count from invoice_totals where school_id = ?",
      args: [school.id],
    });
    expect(totals.rows[0]).toMatchObject({ paid_count: 2, void_count: 1, void_cents: 10_500, pending_count: 0 });
    await db.$client.execute("insert into invoices_fts(invoices_fts, rank) values ('integrity-check', 1)");
    db.$client.close();
  });
});
