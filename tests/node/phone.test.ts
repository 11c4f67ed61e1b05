import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { flightTripEnrollments, parents, pendingSchools, schools } from "#db/schema/index.ts";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { formatPhone, normalizePhone, PHONE_MESSAGES, phoneRegion } from "#shared/phone.ts";
import { acceptInvitationIssues, enrollmentFormFor } from "#shared/phone-forms.ts";
import { registrationSchema } from "#shared/registration.ts";
import { createSchoolInput } from "#shared/superAdmin.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { ENROLLMENT_FORM, seedChild, seedEnrollment, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";
import { FORM } from "../support/registration.ts";

describe("the phone rule (ADR 0039)", () => {
  it("the region is the school's country, else its time zone's country (old names too), else none", () => {
    expect(phoneRegion({ country: "United Kingdom", timeZone: "America/Chicago" })).toBe("GB");
    expect(phoneRegion({ country: "Other", timeZone: "Europe/Berlin" })).toBe("DE");
    expect(phoneRegion({ country: null, timeZone: "Asia/Calcutta" })).toBe("IN");
    expect(phoneRegion({ country: "", timeZone: "America/New_York" })).toBe("US");
    expect(phoneRegion({ country: null, timeZone: "UTC" })).toBeNull();
  });

  it("stores E.164: a national number in the region, any number with + and its country code; refuses the rest", () => {
    expect(normalizePhone("(312) 555-0143", "US")).toBe("+13125550143");
    expect(normalizePhone("312.555.0143", "US")).toBe("+13125550143");
    expect(normalizePhone("020 7946 0958", "GB")).toBe("+442079460958");
    expect(normalizePhone("+44 20 7946 0958", "US")).toBe("+442079460958");
    expect(normalizePhone("+1 312 555 0143", null)).toBe("+13125550143");
    for (const bad of [
      "abc",
      "",
      "   ",
      "555",
      "+1 555 0143",
      "(555) 123-4567",
      "312 555 0143 call me",
      "312-555-0143 ext. 2",
    ])
      expect(normalizePhone(bad, "US")).toBeNull();
    // Without a region a national number cannot be read.
    expect(normalizePhone("(312) 555-0143", null)).toBeNull();
  });

  it("shows national in the school's country, international otherwise, and an old unreadable value as it was", () => {
    expect(formatPhone("+13125550143", "US")).toBe("(312) 555-0143");
    expect(formatPhone("+442079460958", "US")).toBe("+44 20 7946 0958");
    expect(formatPhone("+13125550143", null)).toBe("+1 312 555 0143");
    expect(formatPhone("abc", "US")).toBe("abc");
    expect(formatPhone("", "US")).toBeNull();
  });

  it("the forms' schemas apply it: enrolment, accept-invite, registration and a school's details", () => {
    const enrol = enrollmentFormFor("US");
    const form = { ...ENROLLMENT_FORM, childId: "c1" };
    expect(enrol.safeParse({ ...form, emergencyPhone: "abc" }).error?.issues[0]?.message).toBe(PHONE_MESSAGES.invalid);
    expect(enrol.safeParse({ ...form, emergencyPhone: "" }).error?.issues[0]?.message).toBe(
      FLIGHT_TRIP_MESSAGES.emergencyPhone,
    );
    expect(enrol.parse({ ...form, emergencyPhone: "(312) 555-0143" }).emergencyPhone).toBe("+13125550143");
    expect(
      acceptInvitationIssues("parent", { phone: "abc", emergencyContact: "Robin", emergencyPhone: "12" }, "US"),
    ).toEqual([
      { field: "phone", message: PHONE_MESSAGES.invalid },
      { field: "emergencyPhone", message: PHONE_MESSAGES.invalid },
    ]);
    expect(acceptInvitationIssues("school_admin", { phone: "" }, null)).toEqual([]);
    const registration = registrationSchema("2026-03-01").safeParse({ ...FORM, adminPhone: "abc" });
    expect(registration.error?.issues).toEqual([
      expect.objectContaining({ path: ["adminPhone"], message: PHONE_MESSAGES.invalid }),
    ]);
    expect(
      registrationSchema("2026-03-01").safeParse({
        ...FORM,
        schoolCountry: "United Kingdom",
        adminPhone: "020 7946 0958",
      }).success,
    ).toBe(true);
    const school = createSchoolInput.safeParse({
      name: "Oak",
      email: "o@oak.example",
      phone: "abc",
      country: "",
      timeZone: "UTC",
    });
    expect(school.error?.issues).toEqual([
      expect.objectContaining({ path: ["phone"], message: PHONE_MESSAGES.invalidNoRegion }),
    ]);
  });
});

describe("every phone field on the server", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it("Enroll Now: 'abc' is refused and writes nothing; a national number is stored in E.164 and shown formatted in View Details and the roster", async () => {
    const school = await createSchool(t.db, { country: "United States", timeZone: "America/Chicago" });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const child = await seedChild(t.db, { schoolId: school.id, parentId: parent.id });
    const trip = await seedFlightTrip(t.db, { schoolId: school.id, costPerStudentCents: 0, depositCents: null });
    const api = await callerFor(t, parent);
    const refused = await failure(
      api.parent.flightTrips.enroll({
        tripId: trip.id,
        enrollment: { ...ENROLLMENT_FORM, childId: child.id, emergencyPhone: "abc" },
      }),
    );
    expect(refused).toEqual({ code: "BAD_REQUEST", message: PHONE_MESSAGES.invalid });
    expect(await t.db.$count(flightTripEnrollments)).toBe(0);

    const { enrollmentId } = await api.parent.flightTrips.enroll({
      tripId: trip.id,
      enrollment: { ...ENROLLMENT_FORM, childId: child.id, emergencyPhone: "(312) 555-0143" },
    });
    const [row] = await t.db.select().from(flightTripEnrollments);
    expect(row!.emergencyPhone).toBe("+13125550143");
    expect((await api.parent.flightTrips.details({ enrollmentId })).enrollment.emergencyPhone).toBe("(312) 555-0143");
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const roster = await (await callerFor(t, admin)).schoolAdmin.flightTrips.roster({ tripId: trip.id });
    expect(roster.csv).toContain('"(312) 555-0143"');
  });

  it("a number stored before the rule is shown as it was typed", async () => {
    const school = await createSchool(t.db, { country: "United States", timeZone: "America/Chicago" });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const child = await seedChild(t.db, { schoolId: school.id, parentId: parent.id });
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const { id } = await seedEnrollment(t.db, {
      schoolId: school.id,
      flightTripId: trip.id,
      childId: child.id,
      parentId: parent.id,
      emergencyPhone: "call Gran",
    });
    expect(
      (await (await callerFor(t, parent)).parent.flightTrips.details({ enrollmentId: id })).enrollment.emergencyPhone,
    ).toBe("call Gran");
  });

  it("registration: the admin's phone in the school's country; refused when not a number", async () => {
    const refused = await mutate(t.app, "registration.register", { ...FORM, adminPhone: "abc" }, { ip: "203.0.113.7" });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(PHONE_MESSAGES.invalid);
    expect(await t.db.$count(pendingSchools)).toBe(0);
    const created = await mutate(
      t.app,
      "registration.register",
      { ...FORM, schoolCountry: "United Kingdom", adminPhone: "020 7946 0958" },
      { ip: "203.0.113.7" },
    );
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    const [row] = await t.db.select().from(pendingSchools);
    expect(row!.adminPhone).toBe("+442079460958");
  });

  it("a school's details (super admin): the phone in the school's country, else its time zone's; shown formatted", async () => {
    const superAdmin = await createUser(t.db, "super_admin");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now());
    const base = { name: "Linden Schule", email: "office@linden.example", country: "Other", timeZone: "Europe/Berlin" };
    const refused = await mutate(t.app, "superAdmin.schools.create", { ...base, phone: "abc" }, { cookie });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(PHONE_MESSAGES.invalid);
    const created = await mutate(t.app, "superAdmin.schools.create", { ...base, phone: "030 12345678" }, { cookie });
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    const { id } = created.data as { id: string };
    const [row] = await t.db.select().from(schools).where(eq(schools.id, id));
    expect(row!.phone).toBe("+493012345678");
    const api = await callerFor(t, superAdmin);
    expect((await api.superAdmin.schools.details({ schoolId: id })).school.phone).toBe("030 12345678");
  });

  it("accepting an invitation: phone and emergency phone by the rule in the school's region; the Parents page shows them formatted", async () => {
    const school = await createSchool(t.db, { country: "Australia", timeZone: "Australia/Sydney" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    await mutate(t.app, "schoolAdmin.invitations.create", { name: "Pat Parent", email: "pat@example.com" }, { cookie });
    const token = tokenIn((await lastEmailTo(t.db, "pat@example.com")).textBody);
    const invitation = await mutate(
      t.app,
      "auth.acceptInvitation",
      { token, name: "Pat", password: "a long passphrase", confirmPassword: "a long passphrase" },
      {},
    );
    expect(invitation.status).toBe(400);
    const form = {
      token,
      name: "Pat Parent",
      password: "a long passphrase",
      confirmPassword: "a long passphrase",
      emergencyContact: "Robin",
    };
    for (const [phone, emergencyPhone] of [
      ["abc", "0412 345 678"],
      ["0412 345 678", "abc"],
    ]) {
      const refused = await mutate(t.app, "auth.acceptInvitation", { ...form, phone, emergencyPhone }, {});
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(PHONE_MESSAGES.invalid);
    }
    expect(await t.db.$count(parents)).toBe(0);
    const accepted = await mutate(
      t.app,
      "auth.acceptInvitation",
      { ...form, phone: "0412 345 678", emergencyPhone: "+1 312 555 0143" },
      {},
    );
    expect(accepted.status, JSON.stringify(accepted.error)).toBe(200);
    const [row] = await t.db.select().from(parents);
    expect(row).toMatchObject({ phone: "+61412345678", emergencyPhone: "+13125550143" });
    const list = await (await callerFor(t, admin)).schoolAdmin.parents.list({ page: 1 });
    expect(list.rows[0]!.phone).toBe("0412 345 678");
  });
});
