import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, drivers, parents, pendingSchools, schoolAdmins, schools, superAdmins } from "#db/schema/index.ts";
import { LOCALE_CHOICE_COOKIE } from "#shared/locale-choice.ts";
import { LOCALE_COOKIE } from "#shared/locales.ts";
import { signInLocale } from "#worker/i18n/person.ts";
import { LOCALE_CHOICE_MESSAGE } from "#worker/services/auth/locale.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";

/** Issue 30 item 2 (ADR 0084): every role chooses its language, and sign-in keeps what the visitor chose. */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const localeChanges = (userId: string) =>
  t.db
    .select({ metadata: auditLogs.metadata, role: auditLogs.userRole })
    .from(auditLogs)
    .where(and(eq(auditLogs.eventType, "account.locale_changed"), eq(auditLogs.userId, userId)));

describe("the language a user enters in at sign-in (the rule)", () => {
  it("own saved choice, else the device's choice (then kept), else the school's default, else the browser's", () => {
    expect(signInLocale({ own: "vi", device: "es", schoolDefault: "sv", browser: "ar" })).toEqual({
      locale: "vi",
      keep: false,
    });
    expect(signInLocale({ own: null, device: "es", schoolDefault: "sv", browser: "ar" })).toEqual({
      locale: "es",
      keep: true,
    });
    expect(signInLocale({ own: null, device: null, schoolDefault: "sv", browser: "ar" })).toEqual({
      locale: "sv",
      keep: false,
    });
    expect(signInLocale({ own: null, device: null, schoolDefault: null, browser: "ar" })).toEqual({
      locale: "ar",
      keep: false,
    });
    // A value that is not one of ours counts as none.
    expect(signInLocale({ own: "fr", device: "xx", schoolDefault: "de", browser: "zh" })).toEqual({
      locale: "zh",
      keep: false,
    });
  });
});

describe("drivers and super admins choose their own language", () => {
  it("saved on their record, with an audit row; the session then carries it", async () => {
    const school = await createSchool(t.db);
    const driver = await createUser(t.db, "driver", { schoolId: school.id });
    const colleague = await createUser(t.db, "driver", { schoolId: school.id });
    const superAdmin = await createUser(t.db, "super_admin");

    expect(await (await callerFor(t, driver)).driver.account.setLocale({ locale: "ar" })).toEqual({ locale: "ar" });
    const [row] = await t.db.select({ locale: drivers.locale }).from(drivers).where(eq(drivers.id, driver.id));
    expect(row?.locale).toBe("ar");
    const [other] = await t.db.select({ locale: drivers.locale }).from(drivers).where(eq(drivers.id, colleague.id));
    expect(other?.locale).toBeNull();
    expect((await (await callerFor(t, driver)).auth.me())?.locale).toBe("ar");
    expect(await localeChanges(driver.id)).toEqual([{ metadata: { locale: "ar" }, role: "driver" }]);

    expect(await (await callerFor(t, superAdmin)).superAdmin.account.setLocale({ locale: "zh" })).toEqual({
      locale: "zh",
    });
    const [admin] = await t.db
      .select({ locale: superAdmins.locale })
      .from(superAdmins)
      .where(eq(superAdmins.id, superAdmin.id));
    expect(admin?.locale).toBe("zh");
    expect((await (await callerFor(t, superAdmin)).auth.me())?.locale).toBe("zh");
    expect(await localeChanges(superAdmin.id)).toEqual([{ metadata: { locale: "zh" }, role: "super_admin" }]);
  });

  it("refuses a language that is not ours, with a clear message and no 500, and changes nothing", async () => {
    const driver = await createUser(t.db, "driver");
    const superAdmin = await createUser(t.db, "super_admin");
    const driverCookie = (await sessionCookieFor(t.db, t.deps.config, driver, t.clock.now())).cookie;
    const adminCookie = (await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now())).cookie;
    for (const input of [{ locale: "fr" }, { locale: "" }, {}, { locale: "es", id: superAdmin.id }, "es"]) {
      for (const [path, cookie] of [
        ["driver.account.setLocale", driverCookie],
        ["superAdmin.account.setLocale", adminCookie],
      ] as const) {
        const { error, status } = await mutate(t.app, path, input, { cookie });
        expect(status).toBe(400);
        expect(error?.message).toBe(LOCALE_CHOICE_MESSAGE);
      }
    }
    const [row] = await t.db.select({ locale: drivers.locale }).from(drivers).where(eq(drivers.id, driver.id));
    expect(row?.locale).toBeNull();
    expect(await localeChanges(driver.id)).toEqual([]);
    expect(await localeChanges(superAdmin.id)).toEqual([]);
  });
});

describe("sign-in keeps the language the visitor chose on the page (ADR 0084)", () => {
  const signIn = (user: { email: string; role: string }, headers: Record<string, string> = {}) =>
    mutate(
      t.app,
      "auth.login",
      { role: user.role, email: user.email, password: PASSWORD },
      { ip: "198.51.100.30", headers },
    );
  const parentLocale = async (id: string) =>
    (await t.db.select({ locale: parents.locale }).from(parents).where(eq(parents.id, id)))[0]?.locale;

  it("a user without a saved language who chose Spanish on the sign-in page enters in Spanish, saved as theirs", async () => {
    const school = await createSchool(t.db);
    await t.db.update(schools).set({ defaultLocale: "sv" }).where(eq(schools.id, school.id));
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const login = await signIn(parent, {
      cookie: `${LOCALE_COOKIE}=es; ${LOCALE_CHOICE_COOKIE}=es`,
      "accept-language": "ar",
    });
    expect(login.data).toMatchObject({ user: { id: parent.id, locale: "es" } });
    expect(await parentLocale(parent.id)).toBe("es");
    expect(await localeChanges(parent.id)).toEqual([
      { metadata: { locale: "es", chosen_at: "sign_in" }, role: "parent" },
    ]);
    // Their language now, on any device and whatever the school's default becomes.
    await t.db.update(schools).set({ defaultLocale: "vi" }).where(eq(schools.id, school.id));
    expect((await signIn(parent)).data).toMatchObject({ user: { locale: "es" } });
  });

  it("so does an invitation accepted after choosing Vietnamese on its page: the new account's own language", async () => {
    const school = await createSchool(t.db);
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    const invited = await mutate(
      t.app,
      "schoolAdmin.invitations.create",
      { name: "Pat Parent", email: "pat@example.com" },
      { cookie },
    );
    expect(invited.status, JSON.stringify(invited.error)).toBe(200);
    const token = tokenIn((await lastEmailTo(t.db, "pat@example.com")).textBody);
    const accepted = await mutate(
      t.app,
      "auth.acceptInvitation",
      {
        token,
        name: "Pat Parent",
        password: "a long passphrase",
        confirmPassword: "a long passphrase",
        emergencyContact: "Robin",
        emergencyPhone: "+1 312 555 0100",
      },
      { cookie: `${LOCALE_CHOICE_COOKIE}=vi` },
    );
    expect(accepted.data).toMatchObject({ user: { locale: "vi" } });
    const { id } = (accepted.data as { user: { id: string } }).user;
    expect(await parentLocale(id)).toBe("vi");
  });

  it("a saved language wins over the device's choice, which changes nothing", async () => {
    const parent = await createUser(t.db, "parent");
    await t.db.update(parents).set({ locale: "vi" }).where(eq(parents.id, parent.id));
    const login = await signIn(parent, { cookie: `${LOCALE_CHOICE_COOKIE}=es` });
    expect(login.data).toMatchObject({ user: { locale: "vi" } });
    expect(await parentLocale(parent.id)).toBe("vi");
    expect(await localeChanges(parent.id)).toEqual([]);
  });

  it("no choice on the device: the school's default, not kept (the page's language cookie of an earlier sign-in is no choice)", async () => {
    const school = await createSchool(t.db);
    await t.db.update(schools).set({ defaultLocale: "sv" }).where(eq(schools.id, school.id));
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const login = await signIn(parent, { cookie: `${LOCALE_COOKIE}=ar`, "accept-language": "zh-CN" });
    expect(login.data).toMatchObject({ user: { locale: "sv" } });
    expect(await parentLocale(parent.id)).toBeNull();
    expect(await localeChanges(parent.id)).toEqual([]);
  });

  it("a super admin (no school) without a choice enters in the browser's language, not kept; a bad cookie counts as none", async () => {
    const superAdmin = await createUser(t.db, "super_admin");
    const login = await signIn(superAdmin, {
      cookie: `${LOCALE_CHOICE_COOKIE}=fr`,
      "accept-language": "fr-FR, vi;q=0.8, en;q=0.5",
    });
    expect(login.data).toMatchObject({ user: { locale: "vi" } });
    const [row] = await t.db
      .select({ locale: superAdmins.locale })
      .from(superAdmins)
      .where(eq(superAdmins.id, superAdmin.id));
    expect(row?.locale).toBeNull();
  });
});

describe("a registration's language (issue 30)", () => {
  it("becomes the new school's default and its first admin's own language", async () => {
    const superAdmin = await createUser(t.db, "super_admin");
    const [pending] = await t.db
      .insert(pendingSchools)
      .values({
        schoolName: "Colegio Almendro",
        schoolType: "primary",
        schoolAddress: "Calle Mayor 1",
        schoolCity: "Valencia",
        schoolState: "Valencia",
        schoolZipCode: "46001",
        schoolCountry: "Spain",
        adminFullName: "Lucía Ortega",
        adminRole: "Principal",
        adminEmail: "lucia@almendro.example",
        pupilCount: 80,
        busCount: 1,
        intendedStartDate: "2026-09-07",
        plan: "starter",
        timeZone: "Europe/Madrid",
        verificationStatus: "payment_successful",
        paymentStatus: "paid",
        locale: "es",
      })
      .returning();
    await (await callerFor(t, superAdmin)).superAdmin.registrations.approve({ pendingSchoolId: pending!.id });
    const [school] = await t.db.select().from(schools).where(eq(schools.pendingSchoolId, pending!.id));
    expect(school?.defaultLocale).toBe("es");

    // The first admin signs in with the e-mailed temporary password, on a device set to Arabic by its switcher:
    // the registration's language is already theirs.
    const mail = await lastEmailTo(t.db, "lucia@almendro.example", "registration_approved");
    const temporaryPassword = /(?:Temporary password|Contraseña temporal)[^:]*: (\S+)/.exec(mail.textBody)?.[1];
    expect(temporaryPassword).toBeTruthy();
    const login = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: "lucia@almendro.example", password: temporaryPassword },
      { ip: "198.51.100.31", cookie: `${LOCALE_CHOICE_COOKIE}=ar` },
    );
    expect(login.data).toMatchObject({ user: { schoolId: school!.id, locale: "es" } });
    const [admin] = await t.db
      .select({ locale: schoolAdmins.locale })
      .from(schoolAdmins)
      .where(eq(schoolAdmins.email, "lucia@almendro.example"));
    expect(admin?.locale).toBe("es");
  });
});
