import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { drivers, parents, schoolAdmins, schools, superAdmins } from "#db/schema/index.ts";
import { personLocale, personLocales, resolveLocale, schoolLocale } from "#worker/i18n/person.ts";
import { LOCALE_CHOICE_MESSAGE, setMyLocale, setSchoolDefaultLocale } from "#worker/services/auth/locale.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";

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

const localeOf = async (id: string) =>
  (await t.db.select({ locale: parents.locale }).from(parents).where(eq(parents.id, id)))[0]?.locale;
const defaultOf = async (id: string) =>
  (await t.db.select({ locale: schools.defaultLocale }).from(schools).where(eq(schools.id, id)))[0]?.locale;

describe("choosing a language", () => {
  it("a person chooses their own; the session then carries it", async () => {
    const school = await createSchool(t.db);
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    const caller = await callerFor(t, parent);
    expect((await caller.auth.me())?.locale).toBe("en");

    expect(await caller.parent.account.setLocale({ locale: "ar" })).toEqual({ locale: "ar" });
    expect(await localeOf(parent.id)).toBe("ar");
    expect(await localeOf(neighbour.id)).toBeNull();
    expect((await (await callerFor(t, parent)).auth.me())?.locale).toBe("ar");

    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    await (await callerFor(t, admin)).schoolAdmin.account.setLocale({ locale: "zh" });
    const [row] = await t.db
      .select({ locale: schoolAdmins.locale })
      .from(schoolAdmins)
      .where(eq(schoolAdmins.id, admin.id));
    expect(row?.locale).toBe("zh");
  });

  it("refuses a language that is not ours, with a clear message, and changes nothing", async () => {
    const school = await createSchool(t.db);
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parentCookie = (await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now())).cookie;
    const adminCookie = (await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())).cookie;
    for (const input of [{ locale: "fr" }, { locale: "" }, { locale: null }, {}, { locale: "EN" }, "es"]) {
      for (const [path, cookie] of [
        ["parent.account.setLocale", parentCookie],
        ["schoolAdmin.language.update", adminCookie],
      ] as const) {
        const { error } = await mutate(t.app, path, input, { cookie });
        expect(error?.data.code).toBe("BAD_REQUEST");
        expect(error?.message).toBe(LOCALE_CHOICE_MESSAGE);
      }
    }
    expect(await localeOf(parent.id)).toBeNull();
    expect(await defaultOf(school.id)).toBe("en");
  });

  it("a school admin sets their own school's default, never another school's; people who chose keep theirs", async () => {
    const school = await createSchool(t.db);
    const other = await createSchool(t.db);
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const chose = await createUser(t.db, "parent", { schoolId: school.id });
    const unchosen = await createUser(t.db, "parent", { schoolId: school.id });
    const elsewhere = await createUser(t.db, "parent", { schoolId: other.id });
    await t.db.update(parents).set({ locale: "vi" }).where(eq(parents.id, chose.id));
    const caller = await callerFor(t, admin);

    // Another school's id in the input: refused, nothing changed anywhere.
    expect(
      await failure(caller.schoolAdmin.language.update({ locale: "es", schoolId: other.id } as { locale: "es" })),
    ).toMatchObject({ code: "BAD_REQUEST" });
    expect(await defaultOf(school.id)).toBe("en");
    expect(await defaultOf(other.id)).toBe("en");

    expect(await caller.schoolAdmin.language.update({ locale: "es" })).toEqual({ locale: "es" });
    expect(await defaultOf(school.id)).toBe("es");
    expect(await defaultOf(other.id)).toBe("en");
    expect((await (await callerFor(t, unchosen)).auth.me())?.locale).toBe("es");
    expect((await (await callerFor(t, chose)).auth.me())?.locale).toBe("vi");
    expect((await (await callerFor(t, elsewhere)).auth.me())?.locale).toBe("en");
    expect(Object.fromEntries(await personLocales(t.db, [chose, unchosen, elsewhere]))).toEqual({
      [chose.id]: "vi",
      [unchosen.id]: "es",
      [elsewhere.id]: "en",
    });
  });

  it("the services take the school and the person from the scope only", async () => {
    const school = await createSchool(t.db);
    const other = await createSchool(t.db);
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const meta = { ipAddress: null, userAgent: null, requestId: null };
    const actor = { id: admin.id, role: "school_admin" as const, schoolId: school.id, name: "A", email: admin.email };
    await setSchoolDefaultLocale(
      {
        deps: t.deps,
        actor,
        meta,
        now: t.clock.now(),
        schoolId: school.id,
        timeZone: "UTC",
        phoneRegion: null,
        currency: "USD",
      } as never,
      { locale: "sv" },
    );
    expect(await defaultOf(school.id)).toBe("sv");
    expect(await defaultOf(other.id)).toBe("en");
    await setMyLocale({ deps: t.deps, actor, meta, now: t.clock.now() }, { locale: "ar" });
    const [row] = await t.db
      .select({ locale: schoolAdmins.locale })
      .from(schoolAdmins)
      .where(eq(schoolAdmins.id, admin.id));
    expect(row?.locale).toBe("ar");
  });
});
