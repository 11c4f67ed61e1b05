import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, children, invitations, parents, schoolAdmins, schools, sessions, trips } from "#db/schema/index.ts";
import { TIME_ZONE_MESSAGE } from "#shared/school-time.ts";
import { markReauthenticated } from "#worker/auth/mfa.ts";
import { schoolStatusBadge, setupStatus } from "#worker/services/schools/status.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, DAY, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";

let t: TestApp;
let cookie: string;
let superAdminId: string;
beforeEach(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, "super_admin", { name: "Sam Super" });
  superAdminId = admin.id;
  const signedIn = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
  cookie = signedIn.cookie;
  // Sudo mode (SE6) for the school deletion and settings tests; tests/node/mfa.test.ts covers the refusal.
  await markReauthenticated(t.db, signedIn.session.id, t.clock.now());
});
afterEach(() => t.close());

type SchoolList = {
  rows: { id: string; name: string; badge: string; setupStatus: string; adminCount: number; parentCount: number }[];
  total: number;
  pages: number;
  summary: Record<string, number>;
};
const list = async (input: object) =>
  (await query(t.app, "superAdmin.schools.list", { page: 1, ...input }, { cookie })).data as SchoolList;

describe("status badge and setup status (spec §4)", () => {
  it.each([
    [{ isActive: false, subscriptionStatus: "active", activeAdminCount: 1 }, "Inactive"],
    [{ isActive: true, subscriptionStatus: "active", activeAdminCount: 1 }, "Active"],
    [{ isActive: true, subscriptionStatus: "active", activeAdminCount: 0 }, "No Admins"],
    [{ isActive: true, subscriptionStatus: "trialing", activeAdminCount: 1 }, "Trial"],
    [{ isActive: true, subscriptionStatus: "past_due", activeAdminCount: 1 }, "Past Due"],
    [{ isActive: true, subscriptionStatus: "cancelled", activeAdminCount: 1 }, "Cancelled"],
    [{ isActive: true, subscriptionStatus: "pending", activeAdminCount: 1 }, "Pending"],
  ])("%j → %s", (school, badge) => {
    expect(schoolStatusBadge({ ...school, setupStatus: setupStatus(school) })).toBe(badge);
  });

  it("setup is complete only with an active admin, is_active and an active subscription", () => {
    expect(setupStatus({ isActive: true, subscriptionStatus: "active", activeAdminCount: 2 })).toBe("complete");
    expect(setupStatus({ isActive: true, subscriptionStatus: "active", activeAdminCount: 0 })).toBe("missing_admins");
    expect(setupStatus({ isActive: false, subscriptionStatus: "active", activeAdminCount: 1 })).toBe("incomplete");
    expect(setupStatus({ isActive: true, subscriptionStatus: "trialing", activeAdminCount: 1 })).toBe("incomplete");
  });
});

describe("Schools Management list", () => {
  beforeEach(async () => {
    for (let i = 1; i <= 23; i++) {
      t.clock.advance(1000);
      await createSchool(t.db, {
        name: `School ${String(i).padStart(2, "0")}`,
        email: `office${i}@s${i}.example`,
        createdAt: t.clock.now(),
        subscriptionStatus: i % 5 === 0 ? "past_due" : "active",
        isActive: i !== 7,
      });
    }
    const [first] = await t.db.select().from(schools).where(eq(schools.name, "School 01"));
    await createUser(t.db, "school_admin", { schoolId: first!.id });
    await createUser(t.db, "parent", { schoolId: first!.id });
    await createUser(t.db, "parent", { schoolId: first!.id });
  });

  it("pages by 10, newest first, with the summary of all schools", async () => {
    const page1 = await list({});
    expect(page1.total).toBe(23);
    expect(page1.pages).toBe(3);
    expect(page1.rows.map((row) => row.name).slice(0, 3)).toEqual(["School 23", "School 22", "School 21"]);
    expect((await list({ page: 3 })).rows).toHaveLength(3);
    expect(page1.summary).toEqual({ totalSchools: 23, activeSchools: 18, missingAdmins: 22, totalUsers: 3 });
  });

  it("searches by name, id prefix or e-mail", async () => {
    expect((await list({ search: "school 1" })).total).toBe(10);
    expect((await list({ search: "S13.EXAMPLE" })).rows.map((row) => row.name)).toEqual(["School 13"]);
    const [row] = (await list({ search: "School 05" })).rows;
    expect((await list({ search: row!.id.slice(0, 8) })).rows[0]!.id).toBe(row!.id);
    expect((await list({ search: "_" })).total).toBe(0);
  });

  it("filters by status (inactive separately) and by admins, with counts and badges", async () => {
    expect((await list({ status: "inactive" })).rows.map((row) => row.name)).toEqual(["School 07"]);
    expect((await list({ status: "past_due" })).total).toBe(4);
    expect((await list({ status: "active" })).total).toBe(18);
    const withAdmins = await list({ admins: "has_admins" });
    expect(withAdmins.rows).toMatchObject([
      { name: "School 01", adminCount: 1, parentCount: 2, badge: "Active", setupStatus: "complete" },
    ]);
    expect(
      (await list({ admins: "missing_admins", status: "past_due" })).rows.every((row) => row.badge === "Past Due"),
    ).toBe(true);
    expect(
      (await list({ status: "active", admins: "missing_admins" })).rows.every((row) => row.badge === "No Admins"),
    ).toBe(true);
  });
});

describe("school details, create, edit, delete", () => {
  it("creates a school (pending subscription, default fee), edits it and audits both", async () => {
    const created = await mutate(
      t.app,
      "superAdmin.schools.create",
      {
        name: " Oak Lane ",
        email: "Office@OakLane.example",
        phone: "",
        city: "Austin",
        country: "United States",
        timeZone: "America/Chicago",
      },
      { cookie },
    );
    const { id } = created.data as { id: string };
    const [row] = await t.db.select().from(schools).where(eq(schools.id, id));
    expect(row).toMatchObject({
      timeZone: "America/Chicago",
      name: "Oak Lane",
      email: "office@oaklane.example",
      phone: null,
      city: "Austin",
      subscriptionStatus: "pending",
      platformFeeBps: 500,
      createdBy: superAdminId,
    });
    await mutate(
      t.app,
      "superAdmin.schools.update",
      {
        schoolId: id,
        isActive: false,
        name: "Oak Lane Primary",
        email: "office@oaklane.example",
        timeZone: "America/Chicago",
      },
      { cookie },
    );
    const details = (await query(t.app, "superAdmin.schools.details", { schoolId: id }, { cookie })).data as {
      school: { name: string; isActive: boolean; city: string | null; badge: string };
    };
    expect(details.school).toMatchObject({ name: "Oak Lane Primary", isActive: false, city: null, badge: "Inactive" });
    expect((await t.db.select().from(auditLogs)).map((a) => a.eventType).sort()).toEqual([
      "school_created",
      "school_updated",
    ]);
  });

  it("deactivating a school signs all of its users out at once", async () => {
    const school = await createSchool(t.db, { name: "Paused" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    await mutate(
      t.app,
      "superAdmin.schools.update",
      { schoolId: school.id, isActive: false, name: "Paused", email: "p@example.com", timeZone: "UTC" },
      { cookie },
    );
    const left = (await t.db.select().from(sessions)).map((s) => s.userId);
    expect(left).toEqual([superAdminId]);
  });

  it("validates the school form", async () => {
    expect(
      (
        await mutate(
          t.app,
          "superAdmin.schools.create",
          { name: "", email: "x@example.com", timeZone: "UTC" },
          { cookie },
        )
      ).error?.message,
    ).toBe("School name is required");
    expect(
      (await mutate(t.app, "superAdmin.schools.create", { name: "X", email: "nope", timeZone: "UTC" }, { cookie }))
        .error?.message,
    ).toBe("Please enter a valid email address");
    expect(
      (
        await mutate(
          t.app,
          "superAdmin.schools.create",
          { name: "X", email: "x@example.com", timeZone: "Mars/Olympus" },
          { cookie },
        )
      ).error?.message,
    ).toBe(TIME_ZONE_MESSAGE);
  });

  it("details list the admins and the user summary", async () => {
    const school = await createSchool(t.db);
    await createUser(t.db, "school_admin", { schoolId: school.id, name: "Ada Admin" });
    await createUser(t.db, "parent", { schoolId: school.id });
    const details = (await query(t.app, "superAdmin.schools.details", { schoolId: school.id }, { cookie })).data as {
      admins: { name: string; position: string; isActive: boolean }[];
      summary: object;
    };
    expect(details.admins).toMatchObject([{ name: "Ada Admin", position: "Administrator", isActive: true }]);
    expect(details.summary).toEqual({ admins: 1, parents: 1, totalUsers: 2 });
  });

  it("delete removes the school and all its data and ends its users' sessions", async () => {
    const school = await createSchool(t.db, { name: "Doomed" });
    const keep = await createSchool(t.db, { name: "Kept" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const other = await createUser(t.db, "parent", { schoolId: keep.id });
    await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    await sessionCookieFor(t.db, t.deps.config, other, t.clock.now());
    await t.db.insert(children).values({
      schoolId: school.id,
      parentId: parent.id,
      name: "Kid",
      age: 8,
      grade: "3rd Grade",
      school: "Doomed",
      emergencyContact: "x",
    });
    await t.db.insert(trips).values({
      schoolId: school.id,
      routeName: "R",
      routeType: "pickup",
      busNumber: "1",
      driverName: "D",
      departureTime: t.clock.now(),
      arrivalTime: t.clock.now(),
    });
    const response = await mutate(t.app, "superAdmin.schools.delete", { schoolId: school.id }, { cookie });
    expect(response.data).toEqual({ name: "Doomed" });
    expect(await t.db.$count(schools, eq(schools.id, school.id))).toBe(0);
    expect(await t.db.$count(parents, eq(parents.schoolId, school.id))).toBe(0);
    expect(await t.db.$count(schoolAdmins, eq(schoolAdmins.schoolId, school.id))).toBe(0);
    expect(await t.db.$count(children)).toBe(0);
    expect(await t.db.$count(trips)).toBe(0);
    expect((await t.db.select().from(sessions)).map((s) => s.userId).filter((id) => id !== superAdminId)).toEqual([
      other.id,
    ]);
    expect(await t.db.$count(schools, eq(schools.id, keep.id))).toBe(1);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "school_deleted"))).toBe(1);
  });

  it("the support view is read-only data of the school's dashboard, and opening it is audited", async () => {
    const school = await createSchool(t.db, { name: "Viewed" });
    const response = await mutate(t.app, "superAdmin.schools.openSupportView", { schoolId: school.id }, { cookie });
    expect(response.data).toMatchObject({ school: { id: school.id, name: "Viewed" }, trips: 0, activeParents: 0 });
    const [row] = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "support_view_opened"));
    expect(row).toMatchObject({ userId: superAdminId, schoolId: school.id });
  });
});

describe("Invitations Management", () => {
  it("searches by recipient, school name or inviter name; filters status (expired included) and role", async () => {
    const maple = await createSchool(t.db, { name: "Maple Grove" });
    const oak = await createSchool(t.db, { name: "Oak Lane" });
    const admin = await createUser(t.db, "school_admin", { schoolId: oak.id, name: "Olive Oak" });
    await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "Mia", email: "mia@example.com", schoolId: maple.id },
      { cookie },
    );
    const { cookie: adminCookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    await mutate(
      t.app,
      "schoolAdmin.invitations.create",
      { name: "Pat", email: "pat@example.com" },
      { cookie: adminCookie },
    );
    type Rows = {
      rows: {
        email: string;
        schoolName: string;
        inviterName: string;
        name: string;
        status: string;
        expired: boolean;
      }[];
      total: number;
    };
    const invites = async (input: object) =>
      (await query(t.app, "superAdmin.invitations.list", { page: 1, ...input }, { cookie })).data as Rows;
    expect((await invites({})).total).toBe(2);
    expect((await invites({ search: "oak lane" })).rows).toMatchObject([
      { email: "pat@example.com", schoolName: "Oak Lane", inviterName: "Olive Oak", name: "Pat" },
    ]);
    expect((await invites({ search: "sam super" })).rows).toMatchObject([
      { email: "mia@example.com", inviterName: "Sam Super" },
    ]);
    expect((await invites({ role: "parent" })).rows.map((r) => r.email)).toEqual(["pat@example.com"]);
    t.clock.advance(8 * DAY);
    const { cookie: fresh } = await sessionCookieFor(
      t.db,
      t.deps.config,
      { id: superAdminId, role: "super_admin" },
      t.clock.now(),
    );
    const expired = (
      await query(t.app, "superAdmin.invitations.list", { page: 1, status: "expired" }, { cookie: fresh })
    ).data as Rows;
    expect(expired.total).toBe(2);
    expect(expired.rows.every((row) => row.expired)).toBe(true);
    expect(
      (
        (await query(t.app, "superAdmin.invitations.list", { page: 1, status: "pending" }, { cookie: fresh }))
          .data as Rows
      ).total,
    ).toBe(0);
  });

  it("e-mail logs show the invitation and its recipient's delivery history", async () => {
    const school = await createSchool(t.db, { name: "Logs School" });
    const invited = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "Lee", email: "lee@example.com", schoolId: school.id },
      { cookie },
    );
    const { id } = invited.data as { id: string };
    await mutate(t.app, "superAdmin.invitations.resend", { inviteId: id }, { cookie });
    const logs = (await query(t.app, "superAdmin.invitations.emailLogs", { inviteId: id }, { cookie })).data as {
      invitation: object;
      logs: { emailType: string; status: string }[];
    };
    expect(logs.invitation).toEqual({
      role: "school_admin",
      schoolName: "Logs School",
      status: "pending",
      inviterName: "Sam Super",
    });
    expect(logs.logs).toHaveLength(2);
    expect(logs.logs.every((log) => log.emailType === "school_admin_invite")).toBe(true);
  });
});

describe("audit logs and settings", () => {
  it("filters by event type, role (system = none), school, e-mail and date range, newest first", async () => {
    const school = await createSchool(t.db);
    const base = { description: "d", createdAt: t.clock.now() };
    await t.db.insert(auditLogs).values([
      {
        ...base,
        eventType: "login",
        userRole: "parent",
        schoolId: school.id,
        metadata: { email: "a@example.com" },
        createdAt: new Date("2026-03-01T10:00:00Z"),
      },
      {
        ...base,
        eventType: "failed_login",
        userRole: "school_admin",
        metadata: { email: "b@example.com" },
        createdAt: new Date("2026-03-02T08:00:00Z"),
      },
      {
        ...base,
        eventType: "invitation_reminder_sent",
        userRole: null,
        metadata: {},
        createdAt: new Date("2026-02-27T10:00:00Z"),
      },
    ]);
    type Rows = { rows: { eventType: string; schoolName: string | null; userEmail: string | null }[]; total: number };
    const logs = async (input: object) =>
      (await query(t.app, "superAdmin.auditLogs.list", { page: 1, ...input }, { cookie })).data as Rows;
    expect((await logs({})).rows.map((r) => r.eventType)).toEqual([
      "failed_login",
      "login",
      "invitation_reminder_sent",
    ]);
    expect((await logs({ eventType: "login" })).rows).toMatchObject([
      { schoolName: school.name, userEmail: "a@example.com" },
    ]);
    expect((await logs({ role: "system" })).rows.map((r) => r.eventType)).toEqual(["invitation_reminder_sent"]);
    expect((await logs({ schoolId: school.id })).total).toBe(1);
    expect((await logs({ email: "B@EXAMPLE" })).rows.map((r) => r.eventType)).toEqual(["failed_login"]);
    expect((await logs({ from: "2026-03-01", to: "2026-03-01" })).rows.map((r) => r.eventType)).toEqual(["login"]);
    expect(await (await query(t.app, "superAdmin.auditLogs.eventTypes", undefined, { cookie })).data).toEqual([
      "failed_login",
      "invitation_reminder_sent",
      "login",
    ]);
    // "Who" is the actor: a super admin's approval of someone shows the super admin's e-mail.
    const actor = await createUser(t.db, "super_admin", { email: "actor@example.com" });
    await t.db.insert(auditLogs).values({
      eventType: "school_approved",
      description: "d",
      userId: actor.id,
      userRole: "super_admin",
      metadata: { email: "applicant@example.com" },
      createdAt: new Date("2026-03-02T08:30:00Z"),
    });
    expect((await logs({ eventType: "school_approved" })).rows[0]!.userEmail).toBe("actor@example.com");
    expect((await logs({ email: "actor@" })).rows.map((r) => r.eventType)).toEqual(["school_approved"]);
  });

  it("settings are validated, audited and used: invitation validity", async () => {
    const bad = await mutate(
      t.app,
      "superAdmin.settings.update",
      { defaultPlatformFeeBps: 12_000, invitationValidityDays: 7, supportEmail: "help@example.com" },
      { cookie },
    );
    expect(bad.error?.message).toBe("The fee is between 0 and 100%");
    const saved = await mutate(
      t.app,
      "superAdmin.settings.update",
      { defaultPlatformFeeBps: 350, invitationValidityDays: 3, supportEmail: "help@example.com" },
      { cookie },
    );
    expect(saved.data).toEqual({
      defaultPlatformFeeBps: 350,
      invitationValidityDays: 3,
      supportEmail: "help@example.com",
    });
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "settings_updated"));
    expect(audit!.metadata).toMatchObject({ invitationValidityDays: { from: 7, to: 3 } });
    const school = await createSchool(t.db);
    const invited = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "V", email: "v@example.com", schoolId: school.id },
      { cookie },
    );
    const [row] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, (invited.data as { id: string }).id));
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(3 * DAY);
    const created = await mutate(
      t.app,
      "superAdmin.schools.create",
      { name: "Fee School", email: "fee@example.com", timeZone: "UTC" },
      { cookie },
    );
    const [feeSchool] = await t.db
      .select()
      .from(schools)
      .where(eq(schools.id, (created.data as { id: string }).id));
    expect(feeSchool!.platformFeeBps).toBe(350);
  });
});
