import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { migrationsBefore } from "../support/migrations.ts";

/**
 * ADR 0018: the migrations that add the counters and the trigram indexes backfill them from the
 * rows already there (a production database is not empty on the day they run).
 */
const dir = mkdtempSync(join(tmpdir(), "schoolride-list-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("list migrations backfill (ADR 0018)", () => {
  it("counts, admin counts and trigram indexes cover the rows that existed before", async () => {
    const db = createDatabase({ url: `file:${join(dir, "db.db")}` });
    await migrate(db, { migrationsFolder: migrationsBefore(dir, "_list_indexes_and_counters") });
    await db.$client.executeMultiple(`
      insert into schools (id, name, email, code, is_active, subscription_status, created_at, updated_at) values
        ('s1', 'Hawthorn Primary', 'office@hawthorn.example', 'HAWTH1', 1, 'active', 1, 1),
        ('s2', 'Linden Academy', 'desk@linden.example', 'LINDE2', 1, 'past_due', 2, 2),
        ('s3', 'Sorrel School', 'hello@sorrel.example', 'SORRE3', 0, 'active', 3, 3);
      insert into school_admins (id, school_id, email, name, password_hash, created_at, updated_at) values
        ('a1', 's1', 'head@hawthorn.example', 'Hana Head', 'x', 1, 1), ('a2', 's1', 'deputy@hawthorn.example', 'Dev Deputy', 'x', 1, 1);
      insert into parents (id, school_id, email, name, password_hash, created_at, updated_at) values
        ('p1', 's2', 'pat@family.example', 'Pat', 'x', 1, 1);
      insert into audit_logs (id, event_type, description, metadata, created_at) values
        ('l1', 'login_failed', 'Failed sign-in', '{"email":"Lost.Person@Example.com"}', 1);
    `);
    await applyMigrations(db);

    const counters = Object.fromEntries(
      (await db.all<{ key: string; value: number }>(sql`select key, value from platform_counters`)).map((row) => [
        row.key,
        row.value,
      ]),
    );
    expect(counters).toEqual({
      schools: 3,
      schools_active: 1,
      schools_without_admins: 2,
      school_admins: 2,
      parents: 1,
    });
    expect(await db.all(sql`select id, admin_count from schools order by id`)).toEqual([
      { id: "s1", admin_count: 2 },
      { id: "s2", admin_count: 0 },
      { id: "s3", admin_count: 0 },
    ]);
    const match = async (table: string, term: string) =>
      (
        await db.all<{ rowid: number }>(
          sql`select rowid from ${sql.identifier(table)} where ${sql.identifier(table)} match ${`"${term}"`}`,
        )
      ).length;
    expect(await match("schools_fts", "linden")).toBe(1);
    expect(await match("school_admins_fts", "dev dep")).toBe(1);
    expect(await match("parents_fts", "pat@fam")).toBe(1);
    expect(await match("audit_logs_fts", "lost.person@")).toBe(1);
    // And the triggers run from then on.
    await db.$client.execute(
      "insert into school_admins (id, school_id, email, name, password_hash, created_at, updated_at) values ('a3', 's2', 'x@linden.example', 'X', 'x', 4, 4)",
    );
    expect(
      (
        await db.all<{ value: number }>(sql`select value from platform_counters where key = 'schools_without_admins'`)
      )[0]!.value,
    ).toBe(1);
    db.$client.close();
  });
});
