import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parents, schoolAdmins } from "../../db/schema/index.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("My Account's profile", () => {
  it("shows the signed-in person's own name, e-mail, phone and school, never another's", async () => {
    const school = await createSchool(t.db, { name: "Birch Lane" });
    const parent = await createUser(t.db, "parent", { schoolId: school.id, name: "Pat Parent" });
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id, name: "Alex Admin" });
    await t.db.update(parents).set({ phone: "+1 555 0101" }).where(eq(parents.id, parent.id));
    await t.db.update(parents).set({ phone: "+1 555 0999" }).where(eq(parents.id, neighbour.id));
    await t.db.update(schoolAdmins).set({ phone: "+1 555 0202" }).where(eq(schoolAdmins.id, admin.id));

    expect(await (await callerFor(t, parent)).parent.account.profile()).toEqual({ name: "Pat Parent", email: parent.email, phone: "+1 555 0101", school: "Birch Lane" });
    expect(await (await callerFor(t, admin)).schoolAdmin.account.profile()).toEqual({
      name: "Alex Admin",
      email: admin.email,
      phone: "+1 555 0202",
      school: "Birch Lane",
    });
  });

  it("a parent without a phone gets null, and a parent's session cannot read the school admin's profile", async () => {
    const parent = await createUser(t.db, "parent");
    const api = await callerFor(t, parent);
    expect((await api.parent.account.profile()).phone).toBeNull();
    expect((await failure(api.schoolAdmin.account.profile())).code).toBe("FORBIDDEN");
  });
});
