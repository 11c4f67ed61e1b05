import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, parents, schoolAdmins } from "#db/schema/index.ts";
import { PROFILE_MESSAGES } from "#shared/account.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { PHONE_MESSAGES } from "#shared/phone.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("My Account's profile", () => {
  it("shows the signed-in person's own name, e-mail, phone (formatted), address, last sign-in and school, never another's", async () => {
    const school = await createSchool(t.db, {
      name: "Birch Lane",
      country: "United States",
      timeZone: "America/Chicago",
    });
    const parent = await createUser(t.db, "parent", { schoolId: school.id, name: "Pat Parent" });
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id, name: "Alex Admin" });
    const signedIn = new Date("2026-03-01T15:30:00Z");
    await t.db
      .update(parents)
      .set({
        phone: "+13125550101",
        address: "1 Elm St",
        emergencyContact: "Robin",
        emergencyPhone: "+13125550143",
        lastLogin: signedIn,
      })
      .where(eq(parents.id, parent.id));
    await t.db.update(parents).set({ phone: "+13125550999" }).where(eq(parents.id, neighbour.id));
    await t.db.update(schoolAdmins).set({ phone: "+442079460958" }).where(eq(schoolAdmins.id, admin.id));

    expect(await (await callerFor(t, parent)).parent.account.profile()).toEqual({
      name: "Pat Parent",
      email: parent.email,
      phone: "(312) 555-0101",
      address: "1 Elm St",
      lastLogin: signedIn,
      school: "Birch Lane",
      emergencyContact: "Robin",
      emergencyPhone: "(312) 555-0143",
    });
    expect(await (await callerFor(t, admin)).schoolAdmin.account.profile()).toEqual({
      name: "Alex Admin",
      email: admin.email,
      phone: "+44 20 7946 0958",
      address: null,
      lastLogin: null,
      school: "Birch Lane",
      emergencyContact: null,
      emergencyPhone: null,
    });
  });

  it("a parent without a phone gets null, and a parent's session cannot read the school admin's profile", async () => {
    const parent = await createUser(t.db, "parent");
    const api = await callerFor(t, parent);
    expect((await api.parent.account.profile()).phone).toBeNull();
    expect((await failure(api.schoolAdmin.account.profile())).code).toBe("FORBIDDEN");
  });
});

describe("Edit Profile (sign-up's rules)", () => {
  async function parentOf(country: string | null, timeZone: string) {
    const school = await createSchool(t.db, { country, timeZone });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    await t.db
      .update(parents)
      .set({ phone: "", address: "", emergencyContact: "Gran", emergencyPhone: "+13125550100" })
      .where(eq(parents.id, parent.id));
    return { school, parent, api: await callerFor(t, parent) };
  }
  const row = async (id: string) => (await t.db.select().from(parents).where(eq(parents.id, id)))[0]!;
  const form = {
    phone: "(312) 555-0101",
    address: " 9 Oak Road ",
    emergencyContact: " Robin Parent ",
    emergencyPhone: "312.555.0143",
  };

  it("a parent saves phone, address and emergency contact: phones in E.164, audited once; the profile shows them formatted", async () => {
    const { parent, api } = await parentOf("United States", "America/Chicago");
    const shown = await api.parent.account.updateProfile(form);
    expect(await row(parent.id)).toMatchObject({
      phone: "+13125550101",
      address: "9 Oak Road",
      emergencyContact: "Robin Parent",
      emergencyPhone: "+13125550143",
    });
    expect(shown).toMatchObject({
      phone: "(312) 555-0101",
      address: "9 Oak Road",
      emergencyContact: "Robin Parent",
      emergencyPhone: "(312) 555-0143",
    });
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "account.profile_updated"))).toBe(1);
    // Blank phone and address are stored empty, as at sign-up.
    await api.parent.account.updateProfile({ ...form, phone: " ", address: "" });
    expect(await row(parent.id)).toMatchObject({ phone: "", address: "" });
    expect((await api.parent.account.profile()).phone).toBeNull();
  });

  it("refuses what sign-up refuses, with its message, and changes nothing", async () => {
    const { parent, api } = await parentOf("United States", "America/Chicago");
    const before = await row(parent.id);
    const cases: [Partial<typeof form> & Record<string, unknown>, string][] = [
      [{ emergencyContact: "  " }, INVITATION_MESSAGES.emergencyContactRequired],
      [{ emergencyPhone: "" }, INVITATION_MESSAGES.emergencyPhoneRequired],
      [{ emergencyPhone: "abc" }, PHONE_MESSAGES.invalid],
      [{ phone: "abc" }, PHONE_MESSAGES.invalid],
      [{ phone: "555" }, PHONE_MESSAGES.invalid],
    ];
    for (const [change, message] of cases) {
      const refused = await failure(api.parent.account.updateProfile({ ...form, ...change }));
      expect(refused, JSON.stringify(change)).toEqual({ code: "BAD_REQUEST", message });
    }
    const tooLong = await failure(api.parent.account.updateProfile({ ...form, address: "x".repeat(301) }));
    expect(tooLong.code).toBe("BAD_REQUEST");
    expect(await row(parent.id)).toEqual(before);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "account.profile_updated"))).toBe(0);
  });

  it("without a region (a UTC school of no country) a number needs + and its country code", async () => {
    const { api } = await parentOf(null, "UTC");
    expect(await failure(api.parent.account.updateProfile(form))).toEqual({
      code: "BAD_REQUEST",
      message: PHONE_MESSAGES.invalidNoRegion,
    });
    await api.parent.account.updateProfile({ ...form, phone: "+44 20 7946 0958", emergencyPhone: "+1 312 555 0143" });
  });

  it("a school admin saves phone and address only; emergency fields are refused", async () => {
    const school = await createSchool(t.db, { country: "Canada", timeZone: "America/Toronto" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const api = await callerFor(t, admin);
    expect(await failure(api.schoolAdmin.account.updateProfile({ ...form, phone: "416-555-0199" }))).toEqual({
      code: "BAD_REQUEST",
      message: PROFILE_MESSAGES.parentsOnly,
    });
    await api.schoolAdmin.account.updateProfile({ phone: "416-555-0199", address: "2 Bay St" });
    const [saved] = await t.db.select().from(schoolAdmins).where(eq(schoolAdmins.id, admin.id));
    expect(saved).toMatchObject({ phone: "+14165550199", address: "2 Bay St" });
  });
});
