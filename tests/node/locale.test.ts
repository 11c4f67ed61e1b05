import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { drivers, parents, schools, superAdmins } from "#db/schema/index.ts";
import { personLocale, personLocales, resolveLocale, schoolLocale } from "#worker/i18n/person.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("a person's language", () => {
  it("is their own choice, else their school's default, else English", async () => {
    expect(resolveLocale("ar", "es")).toBe("ar");
    expect(resolveLocale(null, "es")).toBe("es");
    expect(resolveLocale(null, null)).toBe("en");
    expect(resolveLocale("xx", "yy")).toBe("en");

    const school = await createSchool(t.db);
    const other = await createSchool(t.db);
    await t.db.update(schools).set({ defaultLocale: "sv" }).where(eq(schools.id, school.id));
    const chose = await createUser(t.db, "parent", { schoolId: school.id });
    const unchosen = await createUser(t.db, "parent", { schoolId: school.id });
    const driver = await createUser(t.db, "driver", { schoolId: school.id });
    const elsewhere = await createUser(t.db, "school_admin", { schoolId: other.id });
    const superAdmin = await createUser(t.db, "super_admin");
    await t.db.update(parents).set({ locale: "vi" }).where(eq(parents.id, chose.id));
    await t.db.update(drivers).set({ locale: "zh" }).where(eq(drivers.id, driver.id));
    await t.db.update(superAdmins).set({ locale: "ar" }).where(eq(superAdmins.id, superAdmin.id));

    expect(await personLocale(t.db, chose)).toBe("vi");
    expect(await personLocale(t.db, unchosen)).toBe("sv");
    expect(await personLocale(t.db, elsewhere)).toBe("en");
    expect(await personLocale(t.db, superAdmin)).toBe("ar");
    expect(await personLocale(t.db, { role: "parent", id: "gone" })).toBe("en");
    expect(await schoolLocale(t.db, school.id)).toBe("sv");

    const batch = await personLocales(t.db, [chose, unchosen, driver, elsewhere, superAdmin, chose]);
    expect(Object.fromEntries(batch)).toEqual({
      [chose.id]: "vi",
      [unchosen.id]: "sv",
      [driver.id]: "zh",
      [elsewhere.id]: "en",
      [superAdmin.id]: "ar",
    });
  });

  it("is limited to our languages in the database too", async () => {
    const school = await createSchool(t.db);
    await expect(
      t.db
        .update(schools)
        .set({ defaultLocale: "fr" as "en" })
        .where(eq(schools.id, school.id)),
    ).rejects.toThrow();
  });
});
