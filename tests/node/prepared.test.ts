import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, schoolAdmins, schools } from "#db/schema/index.ts";
import { batchPrepared, preparedPerShape } from "#worker/services/_shared/prepared.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

/**
 * ADR 0028, ADR 0043: prepared statements per shape, sent in one batch, each result mapped by its
 * statement's own `mapResult`. What they answer must be what Drizzle answers for the same statement.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ countRoundTrips: true });
});
afterAll(() => t.close());

const P = sql.placeholder;

describe("prepared statements in one batch (ADR 0028)", () => {
  it("map rows as Drizzle does: decoders, SQL fields, nested objects, a left join's missing row as null", async () => {
    const withAdmin = await createSchool(t.db, { name: "Maple School" });
    await createSchool(t.db, { name: "Oak School" });
    await createUser(t.db, "school_admin", { schoolId: withAdmin.id, name: "Ada Admin" });
    await t.db.insert(auditLogs).values({
      eventType: "login",
      description: "d",
      userRole: null,
      metadata: { email: "x@example.com" },
      createdAt: new Date("2026-03-01T10:00:00Z"),
    });
    const schoolsWithAdmins = t.db
      .select({
        id: schools.id,
        name: sql<string>`upper(${schools.name})`.mapWith(String),
        createdAt: schools.createdAt,
        isActive: schools.isActive,
        admin: { id: schoolAdmins.id, name: schoolAdmins.name, lastLogin: schoolAdmins.lastLogin },
      })
      .from(schools)
      .leftJoin(schoolAdmins, eq(schoolAdmins.schoolId, schools.id))
      .where(and(eq(schools.isActive, P("active"))))
      .orderBy(schools.name)
      .prepare();
    const logs = t.db
      .select({
        id: auditLogs.id,
        metadata: auditLogs.metadata,
        createdAt: auditLogs.createdAt,
        schoolName: schools.name,
      })
      .from(auditLogs)
      .leftJoin(schools, eq(schools.id, auditLogs.schoolId))
      .orderBy(desc(auditLogs.createdAt))
      .limit(P("limit"))
      .prepare();
    t.roundTrips!.reset();
    const [listed, logged] = await batchPrepared(t.db, [
      [schoolsWithAdmins, { active: 1 }],
      [logs, { limit: 5 }],
    ]);
    expect(t.roundTrips!.count).toBe(1);
    expect(listed).toEqual(await schoolsWithAdmins.all({ active: 1 }));
    expect(logged).toEqual(await logs.all({ limit: 5 }));
    expect(listed.map((row) => [row.name, row.admin?.name ?? null])).toEqual([
      ["MAPLE SCHOOL", "Ada Admin"],
      ["OAK SCHOOL", null],
    ]);
    expect(listed[1]!.admin).toBeNull();
    expect(listed[0]!.createdAt).toBeInstanceOf(Date);
    expect(logged[0]!.metadata).toEqual({ email: "x@example.com" });
  });

  it("builds each shape once per database and fills its placeholders on every call", async () => {
    let built = 0;
    const byName = preparedPerShape((db, shape) => {
      built++;
      const where = shape === "named" ? eq(schools.name, P("name")) : undefined;
      return db.select({ name: schools.name }).from(schools).where(where).orderBy(schools.name).prepare();
    });
    const names = async (shape: string, values: Record<string, unknown>) =>
      (await batchPrepared(t.db, [[byName(t.db, shape), values]]))[0].map((row) => row.name);
    expect(await names("named", { name: "Maple School" })).toEqual(["Maple School"]);
    expect(await names("named", { name: "Oak School" })).toEqual(["Oak School"]);
    expect(await names("all", {})).toEqual(["Maple School", "Oak School"]);
    expect(built).toBe(2);
    t.roundTrips!.reset();
    expect(await byName(t.db, "named").all({ name: "Oak School" })).toEqual([{ name: "Oak School" }]);
    expect(t.roundTrips!.count).toBe(1);
    expect(t.roundTrips!.log[0]).toMatch(/^execute /);
    await expect(batchPrepared(t.db, [[byName(t.db, "named"), {}]])).rejects.toThrow(/No value for placeholder "name"/);
  });
});
