import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";
import { seedScale } from "../support/scale-seed.ts";

/** ADR 0018: capped totals, trigram substring search, and "starts with" for 1–2 characters. */
let t: TestApp;
let cookie: string;

type Page = {
  rows: { name?: string; email?: string; id: string }[];
  total: number;
  totalCapped: boolean;
  pages: number;
  page: number;
};
const schoolsList = async (input: object) =>
  (await query(t.app, "superAdmin.schools.list", { page: 1, ...input }, { cookie })).data as Page;

beforeAll(async () => {
  t = await createTestApp();
  const superAdmin = await createUser(t.db, "super_admin", { email: "root@platform.example" });
  cookie = (await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now())).cookie;
  await seedScale(t.db, { schools: 1_020, invitationsPerSchool: 1, auditRows: 1_100 });
  await createSchool(t.db, { name: "Quillfeather Grove", email: "office@quillgrove.example" });
  await createSchool(t.db, { name: "Old Quillfeather Lane", email: "desk@oldquill.example" });
  await createSchool(t.db, { name: 'Zed "AND" *Star*', email: "q@quote.example" });
}, 60_000);
afterAll(() => t.close());

describe("capped totals", () => {
  it("counts up to 1,000 rows past the page's start, then says there are more", async () => {
    const first = await schoolsList({});
    expect(first).toMatchObject({ total: 1_000, totalCapped: true, pages: 100 });
    expect(first.rows).toHaveLength(10);
    // Deeper pages stay reachable: the bound moves with the page.
    const deep = await schoolsList({ page: 100 });
    expect(deep).toMatchObject({ total: 1_023, totalCapped: false, pages: 103 });
    expect(deep.rows).toHaveLength(10);
  });

  it("is exact below the cap", async () => {
    const pastDue = await schoolsList({ status: "past_due" });
    expect(pastDue).toMatchObject({ total: 102, totalCapped: false, pages: 11 });
  });

  it("caps the audit log and the invitations the same way", async () => {
    const audit = (await query(t.app, "superAdmin.auditLogs.list", { page: 1 }, { cookie })).data as Page;
    expect(audit).toMatchObject({ total: 1_000, totalCapped: true, pages: 40 });
    const invites = (await query(t.app, "superAdmin.invitations.list", { page: 1 }, { cookie })).data as Page;
    expect(invites).toMatchObject({ total: 1_000, totalCapped: true, pages: 50 });
  });
});

describe("search", () => {
  it("3 characters or more: a case-insensitive substring of the name or e-mail, or an id's start", async () => {
    expect((await schoolsList({ search: "QUILLFEATHER" })).rows.map((row) => row.name)).toEqual([
      "Old Quillfeather Lane",
      "Quillfeather Grove",
    ]);
    expect((await schoolsList({ search: "ldquill.exa" })).rows.map((row) => row.name)).toEqual([
      "Old Quillfeather Lane",
    ]);
    expect((await schoolsList({ search: "scale-s0000101" })).rows.map((row) => row.id).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `scale-s0000101${k}`),
    );
  });

  it("1 or 2 characters: the start of the name, listed by name (the order of its index)", async () => {
    expect((await schoolsList({ search: "qu" })).rows.map((row) => row.name)).toEqual(["Quillfeather Grove"]);
    expect((await schoolsList({ search: "o" })).rows.map((row) => row.name)).toEqual(["Old Quillfeather Lane"]);
    const seeded = await schoolsList({ search: "Sc" });
    expect(seeded).toMatchObject({ total: 1_000, totalCapped: true });
    expect(seeded.rows.map((row) => row.name)).toEqual(
      [...seeded.rows.map((row) => row.name!)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(seeded.rows[0]!.name).toBe("School 0 Maple");
  });

  it("takes FTS5 syntax and LIKE wildcards literally", async () => {
    expect((await schoolsList({ search: '"and" *star' })).rows.map((row) => row.name)).toEqual(['Zed "AND" *Star*']);
    for (const search of ["AND", "OR x", "NEAR(a b)", "%%%", "___", '"', "*", "name : x"]) {
      const page = await schoolsList({ search });
      expect(
        page.rows.every((row) => row.name?.toLowerCase().includes(search.toLowerCase())),
        search,
      ).toBe(true);
    }
  });

  it("follows an edit and a deletion of the searched columns", async () => {
    const school = await createSchool(t.db, { name: "Renamed Before" });
    const update = {
      schoolId: school.id,
      name: "Renamed After",
      email: "after@renamed.example",
      timeZone: "UTC",
      isActive: true,
    };
    const { mutate } = await import("../support/http.ts");
    await mutate(t.app, "superAdmin.schools.update", update, { cookie });
    expect((await schoolsList({ search: "renamed before" })).rows).toEqual([]);
    expect((await schoolsList({ search: "renamed after" })).rows.map((row) => row.id)).toEqual([school.id]);
  });

  it("audit e-mail filter: the e-mail the event names or the acting user's", async () => {
    const audit = async (email: string) =>
      (await query(t.app, "superAdmin.auditLogs.list", { page: 1, email }, { cookie })).data as Page;
    // Seeded failed logins name someone<i>@example.com; i = 1, 5, 9, … (every 4th row from 1).
    expect((await audit("SOMEONE105@")).total).toBe(1);
    // Seeded rows of school admins: every 3rd row, acted by admin<i % 1020> (rows 6 and 1026 for admin 6).
    expect((await audit("admin6@school6.example")).total).toBe(2);
    expect((await audit("so")).total).toBe(275);
  });
});
