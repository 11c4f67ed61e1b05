import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { children } from "#db/schema/index.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

/** schoolAdmin.riders.candidates: the school's own children by a part of their name, to assign to a stop. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };

async function schoolWithChildren(names: string[]) {
  const school = await createSchool(t.db, { timeZone: "America/Chicago" });
  const admin = await callerFor(t, (await createUser(t.db, "school_admin", { schoolId: school.id })) as never);
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  const rows = await t.db
    .insert(children)
    .values(names.map((name) => ({ ...CHILD, name, schoolId: school.id, parentId: parent.id })))
    .returning({ id: children.id, name: children.name });
  return { admin, ids: new Map(rows.map((row) => [row.name, row.id])) };
}

describe("schoolAdmin.riders.candidates", () => {
  it("finds the school's children by any part of the name, case-insensitive, with the routes they ride", async () => {
    const mine = await schoolWithChildren(["Ava Quill", "Leo Quill", "Mia 100%_Real"]);
    await schoolWithChildren(["Ava Quill (other school)"]);
    const { id: routeId } = await mine.admin.schoolAdmin.routes.create({
      route: {
        name: "Quill Lane",
        direction: "pickup",
        colour: "#1f77b4",
        busId: null,
        driverName: "Dana",
        activeFrom: "2026-01-05",
        activeTo: null,
        weekdays: [1],
      },
    });
    const { stopIds } = await mine.admin.schoolAdmin.routes.stops.set({
      routeId,
      version: 0,
      stops: [{ name: "Quill St", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 }],
    });
    await mine.admin.schoolAdmin.riders.assign({
      childId: mine.ids.get("Ava Quill")!,
      stopId: stopIds[0]!,
      weekdays: [1],
      fromDate: "2026-01-05",
      toDate: null,
    });

    const found = await mine.admin.schoolAdmin.riders.candidates({ search: "qUILL" });
    expect(found.children.map((child) => [child.name, child.rides])).toEqual([
      ["Ava Quill", "Quill Lane"],
      ["Leo Quill", null],
    ]);
    // LIKE's wildcards are taken literally.
    expect((await mine.admin.schoolAdmin.riders.candidates({ search: "%" })).children.map((c) => c.name)).toEqual([
      "Mia 100%_Real",
    ]);
    expect((await mine.admin.schoolAdmin.riders.candidates({ search: "other school" })).children).toEqual([]);
  });

  it("refuses an empty search", async () => {
    const { admin } = await schoolWithChildren(["Zoe Quill"]);
    expect((await failure(admin.schoolAdmin.riders.candidates({ search: "  " }))).code).toBe("BAD_REQUEST");
  });
});
