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
 * ADR 0053: the guardians' migration rebuilds `children` (its owner may be null) and backfills
 * `child_guardians` from `children.parent_id`. The rows that point at a child (riders, not riding,
 * enrolments) survive the rebuild: the migrator runs with foreign keys off, so dropping the old
 * table cascades nothing.
 */
const dir = mkdtempSync(join(tmpdir(), "schoolride-guardians-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("guardians migration (ADR 0053)", () => {
  it("keeps every child and what points at it, and makes each child's parent its owner guardian", async () => {
    const db = createDatabase({ url: `file:${join(dir, "db.db")}` });
    await migrate(db, { migrationsFolder: migrationsBefore(dir, "_child_guardians") });
    await db.$client.executeMultiple(`
      insert into schools (id, name, email, code, is_active, subscription_status, created_at, updated_at) values
        ('s1', 'Hawthorn Primary', 'office@hawthorn.example', 'HAWTH1', 1, 'active', 1, 1);
      insert into parents (id, school_id, email, name, password_hash, created_at, updated_at) values
        ('p1', 's1', 'pat@family.example', 'Pat', 'x', 1, 1);
      insert into children (id, school_id, parent_id, name, age, grade, school, emergency_contact, created_at, updated_at) values
        ('c1', 's1', 'p1', 'Ada', 8, '3rd Grade', 'Hawthorn', 'Sam', 5, 5);
      insert into routes (id, school_id, name, direction, colour, driver_name, active_from, created_at, updated_at) values
        ('r1', 's1', 'North', 'pickup', '#1f77b4', 'Dana', '2026-01-05', 1, 1);
      insert into route_stops (id, school_id, route_id, position, name, latitude, longitude, scheduled_minutes, created_at, updated_at) values
        ('st1', 's1', 'r1', 0, 'Main St', 41.7, -88.1, 450, 1, 1);
      insert into riders (id, school_id, child_id, route_id, stop_id, direction, weekdays, from_date, created_at, updated_at) values
        ('rd1', 's1', 'c1', 'r1', 'st1', 'pickup', 62, '2026-01-05', 1, 1);
      insert into not_riding (id, school_id, child_id, date, created_at) values ('n1', 's1', 'c1', '2026-03-04', 1);
    `);
    await applyMigrations(db);
    expect(await db.all(sql`select id, parent_id from children`)).toEqual([{ id: "c1", parent_id: "p1" }]);
    expect(await db.all(sql`select child_id, parent_id, school_id, role, created_at from child_guardians`)).toEqual([
      { child_id: "c1", parent_id: "p1", school_id: "s1", role: "owner", created_at: 5 },
    ]);
    expect(await db.all(sql`select id from riders`)).toEqual([{ id: "rd1" }]);
    expect(await db.all(sql`select id from not_riding`)).toEqual([{ id: "n1" }]);
    // A new child with an owner gets its owner row from the trigger; an imported pupil without one gets none.
    await db.$client.executeMultiple(`
      insert into children (id, school_id, parent_id, name, age, grade, school, emergency_contact, created_at, updated_at) values
        ('c2', 's1', 'p1', 'Ben', 9, '4th Grade', 'Hawthorn', 'Sam', 7, 7),
        ('c3', 's1', null, 'Cy', 6, '1st Grade', 'Hawthorn', 'Sam', 7, 7);
    `);
    expect(await db.all(sql`select child_id, role from child_guardians order by child_id`)).toEqual([
      { child_id: "c1", role: "owner" },
      { child_id: "c2", role: "owner" },
    ]);
    db.$client.close();
  });
});
