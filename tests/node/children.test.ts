import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, children, trips } from "#db/schema/index.ts";
import { CHILD_MESSAGES, CHILDREN_PER_PARENT_MAX, GRADES } from "#shared/children.ts";
import { FIELD_MESSAGES } from "#shared/fields.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Ada Rivera",
  age: 8,
  grade: "3rd Grade",
  school: "Maple Grove Primary",
  busRoute: "North Loop",
  busNumber: "12",
  allergyInfo: "Peanuts",
  specialNeeds: "Needs a front seat",
  emergencyContact: "Sam Rivera, 555 0100",
  ...overrides,
});

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let parent: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
  parent = await createUser(t.db, "parent", { schoolId: school.id });
});
afterEach(() => t.close());

const allChildren = () => t.db.select().from(children).orderBy(children.id);

describe("child form rules", () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ["full name required", { name: "" }, CHILD_MESSAGES.name],
    ["full name not only spaces", { name: "   " }, CHILD_MESSAGES.name],
    ["full name present", { name: undefined }, CHILD_MESSAGES.name],
    ["age required", { age: "" }, CHILD_MESSAGES.age],
    ["age absent", { age: undefined }, CHILD_MESSAGES.age],
    ["age a number", { age: "eight" }, CHILD_MESSAGES.age],
    ["age at least 3", { age: 2 }, CHILD_MESSAGES.age],
    ["age at most 18", { age: 19 }, CHILD_MESSAGES.age],
    ["age a whole number", { age: 7.5 }, CHILD_MESSAGES.age],
    ["grade required", { grade: "" }, CHILD_MESSAGES.grade],
    ["grade one of the list", { grade: "13th Grade" }, CHILD_MESSAGES.grade],
    ["grade spelled as listed", { grade: "kindergarten" }, CHILD_MESSAGES.grade],
    ["school required", { school: " " }, CHILD_MESSAGES.school],
    ["emergency contact required", { emergencyContact: "" }, CHILD_MESSAGES.emergencyContact],
    ["emergency contact present", { emergencyContact: undefined }, CHILD_MESSAGES.emergencyContact],
    ["a name of bounded length", { name: "x".repeat(121) }, FIELD_MESSAGES.tooLong(120)],
    ["allergies of bounded length", { allergyInfo: "x".repeat(1001) }, FIELD_MESSAGES.tooLong(1000)],
  ];
  it.each(refused)("refuses: %s", async (_rule, change, message) => {
    const api = await callerFor(t, parent);
    const error = await failure(api.parent.children.create({ child: form(change) as never }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(message);
    expect(await allChildren()).toHaveLength(0);
  });

  const accepted: [string, Record<string, unknown>][] = [
    ["age 3", { age: 3 }],
    ["age 18", { age: 18 }],
    ["age typed as text", { age: "12" }],
    ...GRADES.map((grade): [string, Record<string, unknown>] => [`grade ${grade}`, { grade }]),
  ];
  it.each(accepted)("accepts: %s", async (_rule, change) => {
    const api = await callerFor(t, parent);
    await api.parent.children.create({ child: form(change) as never });
    const [row] = await allChildren();
    expect(row).toMatchObject({ ...form(change), age: Number(form(change).age) });
  });

  const empties: [string, unknown][] = [
    ["empty", ""],
    ["spaces", "   "],
    ["null", null],
    ["absent", undefined],
  ];
  it.each(empties)("stores optional fields as null when %s", async (_case, empty) => {
    const api = await callerFor(t, parent);
    const { id } = await api.parent.children.create({
      child: form({ busRoute: empty, busNumber: empty, allergyInfo: empty, specialNeeds: empty }) as never,
    });
    const [row] = await t.db.select().from(children).where(eq(children.id, id));
    expect(row).toMatchObject({ busRoute: null, busNumber: null, allergyInfo: null, specialNeeds: null });
    // And an edit that empties them stores null too.
    await api.parent.children.update({ childId: id, child: form() as never });
    await api.parent.children.update({
      childId: id,
      child: form({ busRoute: empty, busNumber: empty, allergyInfo: empty, specialNeeds: empty }) as never,
    });
    const [edited] = await t.db.select().from(children).where(eq(children.id, id));
    expect(edited).toMatchObject({ busRoute: null, busNumber: null, allergyInfo: null, specialNeeds: null });
  });

  it("trims what it stores", async () => {
    const api = await callerFor(t, parent);
    await api.parent.children.create({ child: form({ name: "  Ada  ", busRoute: " North Loop " }) as never });
    const [row] = await allChildren();
    expect(row).toMatchObject({ name: "Ada", busRoute: "North Loop" });
  });

  it("IN1 refuses extra keys, at the top and in the child (a parent or school id cannot be slipped in)", async () => {
    const api = await callerFor(t, parent);
    const other = await createUser(t.db, "parent", { schoolId: school.id });
    for (const input of [
      { child: form({ parentId: other.id }) },
      { child: form({ schoolId: school.id }) },
      { child: form(), parentId: other.id },
    ]) {
      expect((await failure(api.parent.children.create(input as never))).code).toBe("BAD_REQUEST");
    }
    const { id } = await api.parent.children.create({ child: form() as never });
    expect(
      (await failure(api.parent.children.update({ childId: id, child: form({ parentId: other.id }) } as never))).code,
    ).toBe("BAD_REQUEST");
    expect((await failure(api.parent.children.delete({ childId: id, force: true } as never))).code).toBe("BAD_REQUEST");
    const rows = await allChildren();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ parentId: parent.id, schoolId: school.id });
  });
});

describe("My Children", () => {
  it("lists the parent's own children by name, and edits and deletes them", async () => {
    const api = await callerFor(t, parent);
    const zoe = await api.parent.children.create({ child: form({ name: "Zoe" }) as never });
    await api.parent.children.create({ child: form({ name: "Ada", busRoute: "" }) as never });
    await api.parent.children.create({ child: form({ name: "Max" }) as never });
    const list = await api.parent.children.list();
    expect(list.children.map((child) => child.name)).toEqual(["Ada", "Max", "Zoe"]);
    expect(list.children[0]).toEqual({
      id: expect.any(String),
      ...form({ name: "Ada", busRoute: null }),
      // The parent added Ada: theirs to delete (ADR 0053).
      owned: true,
    });

    await api.parent.children.update({
      childId: zoe.id,
      child: form({ name: "Zoe", age: 9, grade: "4th Grade", busRoute: "South Loop" }) as never,
    });
    const [edited] = await t.db.select().from(children).where(eq(children.id, zoe.id));
    expect(edited).toMatchObject({
      age: 9,
      grade: "4th Grade",
      busRoute: "South Loop",
      parentId: parent.id,
      schoolId: school.id,
    });

    await api.parent.children.delete({ childId: zoe.id });
    expect((await api.parent.children.list()).children.map((child) => child.name)).toEqual(["Ada", "Max"]);
    // Deleted is gone: a second delete (a double click, a replay) is NOT_FOUND and changes nothing.
    expect((await failure(api.parent.children.delete({ childId: zoe.id }))).code).toBe("NOT_FOUND");
    expect((await failure(api.parent.children.update({ childId: zoe.id, child: form() as never }))).code).toBe(
      "NOT_FOUND",
    );
    expect(await allChildren()).toHaveLength(2);
  });

  it(`keeps at most ${CHILDREN_PER_PARENT_MAX} children per parent`, async () => {
    const api = await callerFor(t, parent);
    await t.db.insert(children).values(
      Array.from({ length: CHILDREN_PER_PARENT_MAX }, (_, n) => ({
        ...form({ name: `Child ${n}` }),
        grade: "1st Grade" as const,
        schoolId: school.id,
        parentId: parent.id,
      })),
    );
    const error = await failure(api.parent.children.create({ child: form() as never }));
    expect(error).toEqual({ code: "BAD_REQUEST", message: CHILD_MESSAGES.tooMany });
    expect(await allChildren()).toHaveLength(CHILDREN_PER_PARENT_MAX);
  });

  it("suggests the school's trip routes and the family's own, never another family's free text", async () => {
    const api = await callerFor(t, parent);
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const otherSchool = await createSchool(t.db);
    const departure = new Date("2026-03-02T12:30:00Z");
    const trip = {
      routeType: "pickup" as const,
      busNumber: "1",
      driverName: "D",
      departureTime: departure,
      arrivalTime: departure,
      createdBy: admin.id,
    };
    await t.db.insert(trips).values([
      { ...trip, schoolId: school.id, routeName: "North Loop" },
      { ...trip, schoolId: school.id, routeName: "north loop" },
      { ...trip, schoolId: otherSchool.id, routeName: "Other School Route" },
    ]);
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    await t.db.insert(children).values({
      ...form({ busRoute: "Neighbour's private note" }),
      grade: "1st Grade",
      schoolId: school.id,
      parentId: neighbour.id,
    });
    await api.parent.children.create({ child: form({ busRoute: "Grandma's Lane" }) as never });
    expect(await api.parent.children.routes()).toEqual({ routes: ["Grandma's Lane", "North Loop"] });
  });
});

describe("audit (LG1)", () => {
  it("LG1 adding, editing and removing a child each write one audit row naming the child by id only; refused changes write none", async () => {
    const api = await callerFor(t, parent);
    const childAudits = () =>
      t.db
        .select({
          eventType: auditLogs.eventType,
          userId: auditLogs.userId,
          schoolId: auditLogs.schoolId,
          metadata: auditLogs.metadata,
        })
        .from(auditLogs)
        .where(like(auditLogs.eventType, "child_%"))
        .orderBy(auditLogs.createdAt, auditLogs.eventType);
    const { id } = await api.parent.children.create({ child: form() as never });
    await api.parent.children.update({ childId: id, child: form({ age: 9 }) as never });
    await api.parent.children.delete({ childId: id });
    // Refused: an unknown child, a second delete, a family over its limit.
    await failure(api.parent.children.update({ childId: id, child: form() as never }));
    await failure(api.parent.children.delete({ childId: id }));
    const rows = await childAudits();
    expect(rows.map((row) => row.eventType).sort()).toEqual(["child_added", "child_removed", "child_updated"]);
    for (const row of rows)
      expect(row).toMatchObject({ userId: parent.id, schoolId: school.id, metadata: { child_id: id } });
    // No name, allergy or health text in the log.
    const logged = JSON.stringify(await t.db.select().from(auditLogs));
    for (const secret of ["Ada Rivera", "Peanuts", "front seat", "Sam Rivera"]) expect(logged).not.toContain(secret);
  });
});

describe("tenant isolation (AZ2)", () => {
  it("AZ2 another family's children, of the same school or another, are NOT_FOUND to a parent and unchanged", async () => {
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    const otherSchool = await createSchool(t.db);
    const stranger = await createUser(t.db, "parent", { schoolId: otherSchool.id });
    const theirs = await (await callerFor(t, neighbour)).parent.children.create({
      child: form({ name: "Neighbour Kid" }) as never,
    });
    const far = await (await callerFor(t, stranger)).parent.children.create({
      child: form({ name: "Far Kid" }) as never,
    });
    const before = await allChildren();

    const api = await callerFor(t, parent);
    expect((await api.parent.children.list()).children).toEqual([]);
    for (const childId of [theirs.id, far.id, "no-such-child"]) {
      expect(
        await failure(api.parent.children.update({ childId, child: form({ name: "Mine now" }) as never })),
      ).toEqual({
        code: "NOT_FOUND",
        message: CHILD_MESSAGES.notFound,
      });
      expect(await failure(api.parent.children.delete({ childId }))).toEqual({
        code: "NOT_FOUND",
        message: CHILD_MESSAGES.notFound,
      });
    }
    expect(await allChildren()).toEqual(before);
  });

  it("AZ2 a child the parent adds belongs to the session's family and school, whatever the form says", async () => {
    const api = await callerFor(t, parent);
    await api.parent.children.create({ child: form({ school: "Some Other School" }) as never });
    const [row] = await allChildren();
    expect(row).toMatchObject({ parentId: parent.id, schoolId: school.id, school: "Some Other School" });
  });
});
