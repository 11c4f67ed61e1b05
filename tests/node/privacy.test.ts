import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  attendance,
  auditLogs,
  children,
  emailLogs,
  invitations,
  invoices,
  notificationPreferences,
  notifications,
  parents,
  payments,
  runPositions,
  schoolAdmins,
  trips,
} from "#db/schema/index.ts";
import { LAST_ADMIN_MESSAGE } from "#shared/privacy.ts";
import { markReauthenticated } from "#worker/auth/mfa.ts";
import { auditRetentionJob, paymentRetentionJob, runScheduled } from "#worker/cron/scheduled.ts";
import { hitWindow } from "#worker/services/_shared/rate-limit.ts";
import { ERASURE_ATTEMPTS, ERASURE_WINDOW_MS, erasureLimitKey } from "#worker/services/privacy/erase.ts";
import { yearsBefore } from "#worker/services/privacy/retention.ts";
import { createSchool, createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";
import { noEmailFor } from "../support/preferences.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const cronDeps = () => ({
  db: t.db,
  queue: t.deps.queue,
  logger: t.logger,
  appUrl: "http://localhost:8787",
  stripe: t.deps.stripe,
});

let invoiceCounter = 0;

/** A parent whose every personal field holds `canary`, with a child, an invoice, a payment and a notification. */
async function familyWithCanary(canary: string, schoolId?: string) {
  const parent = await createUser(t.db, "parent", {
    email: `${canary}@example.com`,
    name: `${canary} Name`,
    ...(schoolId ? { schoolId } : {}),
  });
  await t.db
    .update(parents)
    .set({
      phone: `${canary}-phone`,
      address: `${canary} Street`,
      emergencyContact: `${canary} Granny`,
      emergencyPhone: `${canary}-ice`,
    })
    .where(eq(parents.id, parent.id));
  await t.db.insert(children).values({
    schoolId: parent.schoolId!,
    parentId: parent.id,
    name: `${canary} Kid`,
    age: 8,
    grade: "3rd Grade",
    school: "Maple",
    emergencyContact: `${canary} Granny`,
    allergyInfo: `${canary} peanuts`,
  });
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      schoolId: parent.schoolId!,
      recipientId: parent.id,
      invoiceNumber: `INV-2026-${String(++invoiceCounter).padStart(3, "0")}`,
      description: "Bus transport — autumn term",
      baseAmountCents: 10_000,
      feeCents: 500,
      amountCents: 10_500,
      issueDate: "2026-02-01",
      dueDate: "2026-03-01",
      status: "paid",
    })
    .returning();
  await t.db.insert(payments).values({
    schoolId: parent.schoolId!,
    parentId: parent.id,
    invoiceId: invoice!.id,
    amountCents: 10_500,
    applicationFeeCents: 500,
    status: "succeeded",
    createdAt: t.clock.now(),
  });
  await t.db.insert(notifications).values({
    schoolId: parent.schoolId!,
    recipientRole: "parent",
    recipientId: parent.id,
    title: "Trip",
    message: `Hello ${canary}`,
  });
  await t.db.insert(auditLogs).values({
    eventType: "login",
    description: "Signed in",
    userId: parent.id,
    userRole: "parent",
    schoolId: parent.schoolId,
    createdAt: t.clock.now(),
  });
  return { parent, invoice: invoice! };
}

/**
 * Every row of every table (but `skip`), as text. The FTS5 indexes' shadow tables are left out: they
 * hold binary segments (a blob dumps as `{}`), and a contentless_delete index's tombstone pages have
 * rowids above 2^53, which the client cannot read as numbers (ADR 0041).
 */
async function wholeDatabase(skip: string[] = []): Promise<string> {
  const tables = await t.db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and name not glob '*_fts_*'`,
  );
  const dump: Record<string, unknown> = {};
  for (const { name } of tables)
    if (!skip.includes(name)) dump[name] = await t.db.all(sql.raw(`select * from "${name}"`));
  return JSON.stringify(dump);
}

describe("GDPR (GD1)", () => {
  it("GD1 export holds only the user's own data", async () => {
    const { parent } = await familyWithCanary("alicecanary");
    await familyWithCanary("bobcanary", parent.schoolId!); // same school
    await familyWithCanary("carolcanary"); // another school
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());

    const response = await mutate(t.app, "parent.account.exportData", undefined, { cookie });
    const text = JSON.stringify(response.data);
    const data = response.data as Record<string, unknown[]> & {
      profile: { email: string; name: string };
      format: string;
    };
    expect(data.format).toBe("schoolride-personal-data/1");
    expect(data.profile).toMatchObject({
      email: "alicecanary@example.com",
      name: "alicecanary Name",
      phone: "alicecanary-phone",
    });
    expect(data.children).toMatchObject([{ name: "alicecanary Kid", allergyInfo: "alicecanary peanuts" }]);
    expect(data.invoices).toMatchObject([{ recipientId: parent.id, description: "Bus transport — autumn term" }]);
    expect(data.payments).toHaveLength(1);
    expect(data.notifications).toMatchObject([{ message: "Hello alicecanary" }]);
    expect(data.sessions).toHaveLength(1);
    expect(data.auditLog).toMatchObject([{ eventType: "login" }]);
    // Nobody else's data, and no secret of theirs.
    expect(text).not.toMatch(/bobcanary|carolcanary/);
    expect(text).not.toMatch(/passwordHash|secretHash|\$scrypt\$/);
    expect(Object.keys(data).sort()).toEqual([
      "auditLog",
      "children",
      "exportedAt",
      "fieldTripEnrolments",
      "format",
      "invoices",
      "notifications",
      "payments",
      "profile",
      "role",
      "sessions",
    ]);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "personal_data_exported"))).toBe(1);

    // A school admin's export: their profile, none of the parents' family records.
    const admin = await createUser(t.db, "school_admin", {
      schoolId: parent.schoolId!,
      email: "davecanary@example.com",
    });
    const adminCookie = (await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())).cookie;
    const adminExport = (await mutate(t.app, "schoolAdmin.account.exportData", undefined, { cookie: adminCookie }))
      .data as Record<string, unknown>;
    expect(adminExport).toMatchObject({
      role: "school_admin",
      profile: { email: "davecanary@example.com" },
      children: [],
      invoices: [],
      payments: [],
    });
    expect(JSON.stringify(adminExport)).not.toMatch(/alicecanary|bobcanary|carolcanary|passwordHash/);
  });

  it("GD1 erasure removes canary personal data and ends sessions", async () => {
    const { parent, invoice } = await familyWithCanary("zoecanary");
    await familyWithCanary("yancanary", parent.schoolId!);
    const first = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    const second = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    await noEmailFor(t, parent, "invoiceIssued");

    // The password is re-checked on the server; a wrong one changes nothing (but its attempt counter).
    const before = await wholeDatabase(["rate_limits"]);
    const wrong = await mutate(
      t.app,
      "parent.account.requestErasure",
      { password: "not the password" },
      { cookie: first.cookie },
    );
    expect(wrong.error).toMatchObject({ message: "Current password is incorrect", data: { code: "BAD_REQUEST" } });
    expect(await wholeDatabase(["rate_limits"])).toBe(before);

    const erased = await mutate(
      t.app,
      "parent.account.requestErasure",
      { password: PASSWORD },
      { cookie: first.cookie },
    );
    expect(erased.data).toEqual({ erased: true });
    expect(erased.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    // No trace of the canary anywhere in the database, audit log included; the other family is intact.
    const after = await wholeDatabase();
    expect(after).not.toContain("zoecanary");
    expect(after).toContain("yancanary Kid");
    // Both sessions are over, and the old credentials open nothing.
    for (const { cookie } of [first, second])
      expect((await query(t.app, "parent.overview", undefined, { cookie })).error?.data.code).toBe("UNAUTHORIZED");
    const login = await mutate(t.app, "auth.login", {
      role: "parent",
      email: "zoecanary@example.com",
      password: PASSWORD,
    });
    expect(login.error).not.toBeNull();

    // The person is anonymised; invoices and payments are kept, attached to the anonymised account.
    const [row] = await t.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(row).toMatchObject({
      name: "Deleted user",
      email: `erased-${parent.id}@erased.invalid`,
      phone: null,
      isActive: false,
    });
    expect(await t.db.$count(children, eq(children.parentId, parent.id))).toBe(0);
    expect(await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.recipientId, parent.id))).toEqual([
      { id: invoice.id },
    ]);
    expect(await t.db.$count(payments, eq(payments.parentId, parent.id))).toBe(1);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "account_erased"))).toBe(1);
    // Their notification preferences go with them (ADR 0066).
    expect(await t.db.$count(notificationPreferences, eq(notificationPreferences.userId, parent.id))).toBe(0);
  });

  it("LO5 a child's attendance is in the family's data export, without the bus's positions; erasure deletes it, never another family's", async () => {
    const { parent } = await familyWithCanary("ivycanary");
    const { parent: neighbour } = await familyWithCanary("joecanary", parent.schoolId!);
    const childOf = async (parentId: string) =>
      (await t.db.select({ id: children.id }).from(children).where(eq(children.parentId, parentId)))[0]!.id;
    const [run] = await t.db
      .insert(trips)
      .values({
        schoolId: parent.schoolId!,
        routeName: "North loop",
        routeType: "pickup",
        busNumber: "12",
        driverName: "Sam",
        departureTime: new Date("2026-03-02T13:00:00Z"),
        arrivalTime: new Date("2026-03-02T13:30:00Z"),
        status: "completed",
        serviceDate: "2026-03-02",
      })
      .returning();
    const tap = (childId: string, clientId: string, minute: number, status: "boarded" | "dropped" = "boarded") => ({
      schoolId: parent.schoolId!,
      runId: run!.id,
      childId,
      status,
      at: new Date(`2026-03-02T13:${minute}:00Z`),
      latitude: 41.771,
      longitude: -88.151,
      clientId,
      recordedBy: "driver-1",
    });
    await t.db.insert(attendance).values([
      tap(await childOf(parent.id), "tap-ivy", 12),
      // The drop at the school stays beside the boarding: the export holds both.
      { ...tap(await childOf(parent.id), "drop-ivy", 24, "dropped"), latitude: 41.79, longitude: -88.15 },
      tap(await childOf(neighbour.id), "tap-joe", 14),
    ]);
    await t.db.insert(runPositions).values({
      runId: run!.id,
      schoolId: parent.schoolId!,
      driverId: "driver-1",
      clientId: "bus-1",
      deviceAt: new Date("2026-03-02T13:13:00Z"),
      receivedAt: new Date("2026-03-02T13:13:01Z"),
      latitude: 41.7777,
      longitude: -88.1555,
      accuracy: 10,
    });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());

    const exported = (await mutate(t.app, "parent.account.exportData", undefined, { cookie })).data as {
      children: { name: string; attendance: unknown[] }[];
    };
    expect(exported.children).toMatchObject([
      {
        name: "ivycanary Kid",
        attendance: [
          {
            serviceDate: "2026-03-02",
            routeName: "North loop",
            direction: "pickup",
            status: "boarded",
            at: new Date("2026-03-02T13:12:00.000Z"),
            stop: null,
            latitude: 41.771,
            longitude: -88.151,
          },
          {
            serviceDate: "2026-03-02",
            routeName: "North loop",
            direction: "pickup",
            status: "dropped",
            at: new Date("2026-03-02T13:24:00.000Z"),
            stop: null,
            latitude: 41.79,
            longitude: -88.15,
          },
        ],
      },
    ]);
    // The family's own taps only: not the neighbour's, not the bus's track, no driver or client id.
    const text = JSON.stringify(exported);
    expect(text).not.toMatch(/joecanary|tap-joe|tap-ivy|drop-ivy|driver-1|41\.7777|13:14:00/);

    const erased = await mutate(t.app, "parent.account.requestErasure", { password: PASSWORD }, { cookie });
    expect(erased.data).toEqual({ erased: true });
    expect(await t.db.select({ clientId: attendance.clientId }).from(attendance)).toEqual([{ clientId: "tap-joe" }]);
  });

  it("GD1 erasure takes the school's invitations and e-mails to the address, never another school's", async () => {
    const { parent } = await familyWithCanary("ivycanary");
    const other = await createSchool(t.db);
    const address = parent.email;
    const invitation = (schoolId: string) => ({
      email: address,
      role: "parent" as const,
      schoolId,
      tokenHash: `hash-${schoolId}`,
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const mail = (schoolId: string) => ({
      emailType: "parent_invite" as const,
      recipientEmail: address,
      subject: "Invitation",
      htmlBody: "<p>Hi</p>",
      textBody: "Hi",
      schoolId,
    });
    await t.db.insert(invitations).values([invitation(parent.schoolId!), invitation(other.id)]);
    await t.db.insert(emailLogs).values([mail(parent.schoolId!), mail(other.id)]);
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());

    expect((await mutate(t.app, "parent.account.requestErasure", { password: PASSWORD }, { cookie })).data).toEqual({
      erased: true,
    });

    // The erased parent's school's invitation and e-mail are gone; the other school's stay.
    expect(await t.db.select({ schoolId: invitations.schoolId }).from(invitations)).toEqual([{ schoolId: other.id }]);
    expect(await t.db.select({ schoolId: emailLogs.schoolId }).from(emailLogs)).toEqual([{ schoolId: other.id }]);
  });

  it("GD1 erasure password attempts are limited", async () => {
    const parent = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    const subject = { id: parent.id, role: "parent" as const, schoolId: parent.schoolId! };
    for (let i = 0; i < ERASURE_ATTEMPTS; i++)
      await hitWindow(t.db, erasureLimitKey(subject), t.clock.now(), ERASURE_WINDOW_MS, ERASURE_ATTEMPTS);
    // Even the right password is refused once the window's attempts are spent; nothing is erased.
    const refused = await mutate(t.app, "parent.account.requestErasure", { password: PASSWORD }, { cookie });
    expect(refused.error?.data.code).toBe("TOO_MANY_REQUESTS");
    expect((await t.db.select().from(parents).where(eq(parents.id, parent.id)))[0]!.isActive).toBe(true);
    t.clock.advance(ERASURE_WINDOW_MS);
    expect((await mutate(t.app, "parent.account.requestErasure", { password: PASSWORD }, { cookie })).data).toEqual({
      erased: true,
    });
  });

  it("GD1 a double-clicked erasure erases once", async () => {
    const parent = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    const replies = await Promise.all(
      [1, 2].map(() => mutate(t.app, "parent.account.requestErasure", { password: PASSWORD }, { cookie })),
    );
    expect(replies.filter((reply) => reply.error === null)).toHaveLength(1);
    expect(replies.every((reply) => reply.status < 500)).toBe(true);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "account_erased"))).toBe(1);
  });

  it("GD1 the last admin of a school cannot erase themselves; another admin can", async () => {
    const school = await createSchool(t.db);
    const only = await createUser(t.db, "school_admin", { schoolId: school.id, name: "Only Admin" });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, only, t.clock.now());
    const refused = await mutate(t.app, "schoolAdmin.account.requestErasure", { password: PASSWORD }, { cookie });
    expect(refused.error).toMatchObject({ message: LAST_ADMIN_MESSAGE, data: { code: "CONFLICT" } });
    expect((await t.db.select().from(schoolAdmins).where(eq(schoolAdmins.id, only.id)))[0]).toMatchObject({
      name: "Only Admin",
      isActive: true,
    });
    expect((await query(t.app, "schoolAdmin.dashboard", undefined, { cookie })).error).toBeNull();

    await createUser(t.db, "school_admin", { schoolId: school.id });
    const erased = await mutate(t.app, "schoolAdmin.account.requestErasure", { password: PASSWORD }, { cookie });
    expect(erased.data).toEqual({ erased: true });
    expect((await t.db.select().from(schoolAdmins).where(eq(schoolAdmins.id, only.id)))[0]).toMatchObject({
      name: "Deleted user",
      isActive: false,
    });
  });

  it("GD1 retention purge at the 3-year boundary", async () => {
    const cutoff = yearsBefore(t.clock.now(), 3);
    const at = (offsetMs: number, eventType: string) => ({
      eventType,
      description: "d",
      createdAt: new Date(cutoff.getTime() + offsetMs),
    });
    await t.db.insert(auditLogs).values([at(-1, "just_before"), at(0, "exactly_at"), at(1, "just_after")]);
    expect(await runScheduled(cronDeps(), t.clock.now(), [auditRetentionJob])).toEqual({
      "audit-retention": { auditLogs: 1 },
    });
    const left = (await t.db.select({ eventType: auditLogs.eventType }).from(auditLogs)).map((r) => r.eventType).sort();
    expect(left).toEqual(["exactly_at", "just_after"]);
    // Idempotent: a second run in the same hour is skipped; run again now, it finds nothing to delete.
    expect(await runScheduled(cronDeps(), t.clock.now(), [auditRetentionJob])).toEqual({
      "audit-retention": "skipped",
    });
    expect(await auditRetentionJob.run(cronDeps(), t.clock.now())).toEqual({ auditLogs: 0 });
    // One millisecond later, the row exactly at the old boundary is past it.
    expect(await auditRetentionJob.run(cronDeps(), new Date(t.clock.now().getTime() + 1))).toEqual({ auditLogs: 1 });
    expect((await t.db.select({ eventType: auditLogs.eventType }).from(auditLogs)).map((r) => r.eventType)).toEqual([
      "just_after",
    ]);
  });

  it("GD1 payments older than 7 years are purged", async () => {
    const { parent, invoice } = await familyWithCanary("oldpayer");
    const cutoff = yearsBefore(t.clock.now(), 7);
    const payment = (id: string, offsetMs: number) => ({
      id,
      schoolId: parent.schoolId!,
      parentId: parent.id,
      invoiceId: invoice.id,
      amountCents: 100,
      applicationFeeCents: 5,
      createdAt: new Date(cutoff.getTime() + offsetMs),
    });
    await t.db
      .insert(payments)
      .values([payment("just_before", -1), payment("exactly_at", 0), payment("just_after", 1)]);
    expect(await runScheduled(cronDeps(), t.clock.now(), [paymentRetentionJob])).toEqual({
      "payment-retention": { payments: 1 },
    });
    const left = (await t.db.select({ id: payments.id }).from(payments)).map((r) => r.id);
    expect(left).not.toContain("just_before");
    expect(left).toEqual(expect.arrayContaining(["exactly_at", "just_after"]));
    expect(left).toHaveLength(3); // with the recent payment of the fixture
  });

  it("GD1 deleting a school keeps anonymised payments", async () => {
    const superAdmin = await createUser(t.db, "super_admin");
    const { cookie, session } = await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now());
    // Deleting a school needs sudo mode (SE6; tests/node/mfa.test.ts covers the refusal).
    await markReauthenticated(t.db, session.id, t.clock.now());
    const school = await createSchool(t.db, { name: "Closing Primary" });
    const { parent, invoice } = await familyWithCanary("closingcanary", school.id);
    const response = await mutate(t.app, "superAdmin.schools.delete", { schoolId: school.id }, { cookie });
    expect(response.data).toEqual({ name: "Closing Primary" });

    const kept = await t.db.select().from(payments);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      schoolId: null,
      parentId: null,
      invoiceId: null,
      schoolName: "Closing Primary",
      invoiceNumber: invoice.invoiceNumber,
      amountCents: 10_500,
      applicationFeeCents: 500,
      status: "succeeded",
    });
    expect(await t.db.$count(parents, eq(parents.id, parent.id))).toBe(0);
    expect(await t.db.$count(invoices)).toBe(0);
    // Nothing personal remains anywhere.
    expect(await wholeDatabase()).not.toContain("closingcanary");
  });
});
