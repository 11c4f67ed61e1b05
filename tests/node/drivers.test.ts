import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buses, drivers, invitations, routes, trips } from "#db/schema/index.ts";
import { todayIn } from "#shared/school-time.ts";
import { generateRuns } from "#worker/services/routes/runs.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { cookieFrom, mutate, query } from "../support/http.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";

/** ADR 0057: drivers are invited like parents, assigned to routes, and see only their own runs. */
let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { name: "Maple Grove Primary" });
  admin = await createUser(t.db, "school_admin", { schoolId: school.id });
});
afterEach(() => t.close());

const ROUTE = {
  name: "Oak loop",
  direction: "pickup" as const,
  colour: "#1f77b4",
  busId: null,
  driverName: "Typed name",
  activeFrom: "2026-01-01",
  activeTo: null,
  weekdays: [0, 1, 2, 3, 4, 5, 6],
};

describe("inviting a driver (ADR 0057)", () => {
  it("sends the invitation e-mail; accepting it makes a driver who signs in to /driver, and the admin can deactivate them", async () => {
    const asAdmin = await callerFor(t, admin);
    const invited = await asAdmin.schoolAdmin.drivers.invite({ name: "Dana Brooks", email: "Dana@Example.com" });
    const mail = await lastEmailTo(t.db, "dana@example.com");
    expect(mail).toMatchObject({ emailType: "driver_invite", relatedId: invited.id, schoolId: school.id });
    expect(mail.subject).toContain("drive");
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invited.id));
    expect(row).toMatchObject({ role: "driver", temporaryPasswordHash: null, status: "pending" });
    // Listed as invited; resend reaches it through the school admin's invitation procedures.
    expect((await asAdmin.schoolAdmin.drivers.list()).invitations).toEqual([
      expect.objectContaining({ id: invited.id, name: "Dana Brooks", expired: false }),
    ]);
    await asAdmin.schoolAdmin.invitations.resend({ inviteId: invited.id });
    const token = tokenIn((await lastEmailTo(t.db, "dana@example.com")).textBody);

    const described = await query(t.app, "auth.invitation", { token });
    expect(described.data).toMatchObject({ role: "driver", name: "Dana Brooks", schoolName: "Maple Grove Primary" });
    const accepted = await mutate(t.app, "auth.acceptInvitation", {
      token,
      name: "Dana Brooks",
      password: "a long passphrase",
      confirmPassword: "a long passphrase",
      phone: "+1 312 555 0100",
    });
    expect(accepted.status, JSON.stringify(accepted.error)).toBe(200);
    expect(accepted.data).toMatchObject({ user: { role: "driver", schoolId: school.id } });
    const cookie = cookieFrom(accepted.setCookie);
    expect((await query(t.app, "driver.runs.list", undefined, { cookie })).status).toBe(200);

    const [driver] = await t.db.select().from(drivers).where(eq(drivers.email, "dana@example.com"));
    expect(driver).toMatchObject({ name: "Dana Brooks", isActive: true, mustChangePassword: false });
    const login = await mutate(t.app, "auth.login", {
      role: "driver",
      email: "dana@example.com",
      password: "a long passphrase",
    });
    expect(login.status).toBe(200);

    // Deactivated: signed out at once, and signing in is refused.
    await asAdmin.schoolAdmin.drivers.setActive({ driverId: driver!.id, active: false });
    expect((await query(t.app, "driver.runs.list", undefined, { cookie })).status).toBe(401);
    const refused = await mutate(t.app, "auth.login", {
      role: "driver",
      email: "dana@example.com",
      password: "a long passphrase",
    });
    expect(refused.status).toBe(401);
    await asAdmin.schoolAdmin.drivers.setActive({ driverId: driver!.id, active: true });
    expect((await asAdmin.schoolAdmin.drivers.list()).drivers).toEqual([
      expect.objectContaining({ id: driver!.id, isActive: true }),
    ]);
  });

  it("another school's admin cannot deactivate the driver, nor assign them", async () => {
    const driver = await createUser(t.db, "driver", { schoolId: school.id });
    const other = await createUser(t.db, "school_admin", { schoolId: (await createSchool(t.db)).id });
    const asOther = await callerFor(t, other);
    expect(await failure(asOther.schoolAdmin.drivers.setActive({ driverId: driver.id, active: false }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(
      await failure(asOther.schoolAdmin.routes.create({ route: { ...ROUTE, driverId: driver.id } })),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("a driver's runs (ADR 0057)", () => {
  it("a route's driver and name go to its runs; the driver sees today's, with stops and riders; others get NOT_FOUND", async () => {
    const driver = await createUser(t.db, "driver", { schoolId: school.id, name: "Dana Brooks" });
    const colleague = await createUser(t.db, "driver", { schoolId: school.id });
    const otherSchool = await createSchool(t.db);
    const stranger = await createUser(t.db, "driver", { schoolId: otherSchool.id });
    const asAdmin = await callerFor(t, admin);
    const route = await asAdmin.schoolAdmin.routes.create({ route: { ...ROUTE, driverId: driver.id } });
    const [saved] = await t.db.select().from(routes).where(eq(routes.id, route.id));
    expect(saved).toMatchObject({ driverId: driver.id, driverName: "Dana Brooks" });
    await asAdmin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: 0,
      stops: [
        { name: "Main St", latitude: 41.77, longitude: -88.15, time: "23:50", distanceMeters: 0 },
        { name: "School", latitude: 41.78, longitude: -88.14, time: "23:58", distanceMeters: 2100 },
      ],
    });
    const runs = await t.db.select().from(trips).where(eq(trips.routeId, route.id));
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run).toMatchObject({ driverId: driver.id, driverName: "Dana Brooks" });

    const asDriver = await callerFor(t, driver);
    const today = todayIn(school.timeZone, t.clock.now());
    const list = await asDriver.driver.runs.list();
    expect(list.date).toBe(today);
    const todays = runs.filter((run) => run.serviceDate === today);
    expect(list.runs.map((run) => run.id)).toEqual(todays.map((run) => run.id));
    const run = runs[0]!;
    const detail = await asDriver.driver.runs.get({ tripId: run.id });
    expect(detail.stops.map((stop) => stop.name)).toEqual(["Main St", "School"]);

    for (const other of [colleague, stranger]) {
      const caller = await callerFor(t, other);
      expect((await caller.driver.runs.list()).runs).toEqual([]);
      expect(await failure(caller.driver.runs.get({ tripId: run.id }))).toMatchObject({ code: "NOT_FOUND" });
    }

    // Unassigned on the route: generation takes the driver off the runs it still may change.
    await asAdmin.schoolAdmin.routes.update({ routeId: route.id, route: { ...ROUTE, driverId: null } });
    await generateRuns(t.db, { schoolId: school.id, timeZone: school.timeZone }, t.clock.now());
    const after = await t.db.select().from(trips).where(eq(trips.routeId, route.id));
    for (const each of after) expect(each).toMatchObject({ driverId: null, driverName: "Typed name" });
  });

  it("Start's bus list is the driver's own school's buses, by number, and the run says when its route has none", async () => {
    const driver = await createUser(t.db, "driver", { schoolId: school.id });
    const otherSchool = await createSchool(t.db);
    const now = t.clock.now();
    await t.db.insert(buses).values([
      { id: "bus-10", schoolId: school.id, number: "10", seats: 40, createdAt: now, updatedAt: now },
      { id: "bus-9", schoolId: school.id, number: "9", seats: 40, plate: "IL 9", createdAt: now, updatedAt: now },
      { id: "bus-x", schoolId: otherSchool.id, number: "1", seats: 40, createdAt: now, updatedAt: now },
    ]);
    const asDriver = await callerFor(t, driver);
    expect(await asDriver.driver.runs.buses()).toEqual([
      { id: "bus-9", number: "9", plate: "IL 9" },
      { id: "bus-10", number: "10", plate: null },
    ]);
    const asAdmin = await callerFor(t, admin);
    const route = await asAdmin.schoolAdmin.routes.create({ route: { ...ROUTE, driverId: driver.id } });
    await asAdmin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: 0,
      stops: [
        { name: "Main St", latitude: 41.77, longitude: -88.15, time: "23:50", distanceMeters: 0 },
        { name: "School", latitude: 41.78, longitude: -88.14, time: "23:58", distanceMeters: 2100 },
      ],
    });
    const [run] = await t.db.select().from(trips).where(eq(trips.routeId, route.id));
    const detail = await asDriver.driver.runs.get({ tripId: run!.id });
    expect(detail.run).toMatchObject({ startedAt: null, endedAt: null, routeBusId: null });
  });
});
