import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { invoices, notifications, riders, trips } from "#db/schema/index.ts";
import { zonedInstant } from "#shared/school-time.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, HOUR, type TestApp } from "../support/harness.ts";
import { addBus, addChild, addRoute, addRun, closeRun, visit } from "../support/report-seed.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ countRoundTrips: true });
});
afterEach(() => t.close());

describe("school admin dashboard", () => {
  it("computes the cards, upcoming trips, alerts and unpaid invoices of the admin's school only, in one round trip", async () => {
    const school = await createSchool(t.db, { name: "Maple Grove", timeZone: "Pacific/Kiritimati" });
    const other = await createSchool(t.db);
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const now = t.clock.now().getTime();
    const trip = (
      schoolId: string,
      routeName: string,
      status: "scheduled" | "in-progress" | "completed" | "cancelled",
      hoursFromNow: number,
      studentsCount: number,
    ) => ({
      schoolId,
      routeName,
      routeType: "pickup" as const,
      busNumber: "1",
      driverName: "D",
      departureTime: new Date(now + hoursFromNow * HOUR),
      arrivalTime: new Date(now + hoursFromNow * HOUR + HOUR / 2),
      status,
      studentsCount,
    });
    await t.db.insert(trips).values([
      trip(school.id, "North", "completed", -48, 10),
      trip(school.id, "North", "completed", -24, 10),
      trip(school.id, "South", "in-progress", -0.2, 5),
      trip(school.id, "East", "scheduled", 30, 7),
      trip(school.id, "South", "scheduled", 3, 8),
      trip(school.id, "North", "scheduled", 5, 9),
      trip(school.id, "West", "scheduled", 80, 1),
      trip(school.id, "Old", "scheduled", -5, 0), // scheduled but in the past: not upcoming
      trip(other.id, "Elsewhere", "in-progress", 1, 100),
    ]);
    for (let i = 0; i < 4; i++) {
      await t.db.insert(notifications).values({
        schoolId: school.id,
        recipientRole: "school_admin",
        recipientId: admin.id,
        title: `Alert ${i}`,
        message: "m",
        createdAt: new Date(now - i * HOUR),
      });
    }
    const invoice = (number: string, status: "pending" | "paid" | "overdue", dueDate: string) => ({
      schoolId: school.id,
      invoiceNumber: number,
      recipientId: parent.id,
      description: "Transport",
      baseAmountCents: 10_000,
      amountCents: 10_500,
      issueDate: "2026-03-01",
      dueDate,
      status,
    });
    await t.db
      .insert(invoices)
      .values([
        invoice("INV-2026-001", "paid", "2026-03-02"),
        invoice("INV-2026-002", "pending", "2026-03-20"),
        invoice("INV-2026-003", "overdue", "2026-03-01"),
        invoice("INV-2026-004", "pending", "2026-03-25"),
      ]);
    const api = await callerFor(t, admin);
    t.roundTrips!.reset();
    const dashboard = await api.schoolAdmin.dashboard();
    // The session (until it rides in one query) and the dashboard's one batch.
    expect(t.roundTrips!.log.filter((line) => line.startsWith("batch"))).toHaveLength(1);
    expect(dashboard.school.name).toBe("Maple Grove");
    expect(dashboard.today).toBe("2026-03-02"); // 09:00 UTC is 23:00 on 2 March in Kiritimati
    // Hand-made trips only, no fleet, no route, no rider: the cards count none of them (issue 31).
    expect(dashboard.cards).toEqual({
      activeBuses: { inProgress: 0, total: 0 },
      onTimeRate: null,
      activeRoutes: 0,
      totalStudents: 0,
    });
    expect(dashboard.upcomingTrips.map((row) => row.routeName)).toEqual(["South", "North", "East"]);
    expect(dashboard.alerts.map((row) => row.title)).toEqual(["Alert 0", "Alert 1", "Alert 2"]);
    expect(dashboard.unpaidInvoices.map((row) => row.invoiceNumber)).toEqual(["INV-2026-003", "INV-2026-002"]);
  });

  it("an empty school shows zeros, not an error", async () => {
    const admin = await createUser(t.db, "school_admin");
    const dashboard = await (await callerFor(t, admin)).schoolAdmin.dashboard();
    expect(dashboard.cards).toEqual({
      activeBuses: { inProgress: 0, total: 0 },
      onTimeRate: null,
      activeRoutes: 0,
      totalStudents: 0,
    });
    expect(dashboard.upcomingTrips).toEqual([]);
  });

  /**
   * Issue 31: the cards true under the spec's labels. Kiritimati (UTC+14): the clock's 09:00 UTC is
   * 23:00 on Monday 2 March; the week is Sunday 1 to Saturday 7 March.
   */
  it("cards: fleet buses on an open run, on time by the last stop, routes run this week, riders assigned", async () => {
    const zone = "Pacific/Kiritimati";
    const school = await createSchool(t.db, { timeZone: zone });
    const s = school.id;
    const admin = await createUser(t.db, "school_admin", { schoolId: s });
    const [bus1, bus2] = [await addBus(t.db, s, "1", 40), await addBus(t.db, s, "2", 40)];
    await addBus(t.db, s, "3", 40);
    const north = await addRoute(t.db, { schoolId: s, name: "North", busId: bus2 }, [
      ["Oak", "07:40"],
      ["School", "08:00"],
    ]);
    const east = await addRoute(t.db, { schoolId: s, name: "East", busId: bus1 }, [
      ["Elm", "07:40"],
      ["School", "08:00"],
    ]);
    const west = await addRoute(t.db, { schoolId: s, name: "West", busId: null }, [
      ["Ash", "07:40"],
      ["School", "08:00"],
    ]);
    const run = (route: typeof north, name: string, date: string, status?: "scheduled" | "in-progress") =>
      addRun(t.db, {
        schoolId: s,
        routeId: route.routeId,
        routeName: name,
        date,
        zone,
        start: "07:40",
        due: "08:00",
        busNumber: "—",
        status,
      });
    const reached = async (route: typeof north, runId: string, date: string, time: string) => {
      await visit(t.db, runId, s, route.stopIds[1]!, zonedInstant(date, time, zone));
      await closeRun(t.db, runId, "completed", zonedInstant(date, time, zone));
    };
    // Completed: on time (4 and 5 minutes late), late (6 minutes), never reached the last stop (late).
    await reached(north, await run(north, "North", "2026-02-26"), "2026-02-26", "08:04");
    await reached(north, await run(north, "North", "2026-02-27"), "2026-02-27", "08:05");
    await reached(north, await run(north, "North", "2026-03-01"), "2026-03-01", "08:06");
    await closeRun(t.db, await run(east, "East", "2026-02-27"), "completed", new Date("2026-02-26T20:00:00Z"));
    // Cancelled: not a completed run.
    await closeRun(t.db, await run(west, "West", "2026-03-03"), "cancelled", new Date("2026-03-01T20:00:00Z"));
    // Open now: North's run today (bus 2); a hand-made trip in progress on bus "1"; East's run of
    // next week is scheduled (not this week's, not open).
    await run(north, "North", "2026-03-02", "in-progress");
    await run(east, "East", "2026-03-09", "scheduled");
    const now = t.clock.now().getTime();
    await t.db.insert(trips).values({
      schoolId: s,
      routeName: "Field day",
      routeType: "pickup",
      busNumber: "1",
      driverName: "D",
      departureTime: new Date(now - HOUR),
      arrivalTime: new Date(now + HOUR),
      status: "in-progress",
    });
    // Riders: Ada both ways (once), Ben until yesterday (not any more), Cy from next week (assigned).
    const [ada, ben, cy] = [
      await addChild(t.db, s, "Ada"),
      await addChild(t.db, s, "Ben"),
      await addChild(t.db, s, "Cy"),
    ];
    const rider = (childId: string, direction: "pickup" | "dropoff", fromDate: string, toDate: string | null) => ({
      schoolId: s,
      childId,
      routeId: north.routeId,
      stopId: north.stopIds[0]!,
      direction,
      weekdays: 62,
      fromDate,
      toDate,
    });
    await t.db
      .insert(riders)
      .values([
        rider(ada, "pickup", "2026-02-01", null),
        rider(ada, "dropoff", "2026-02-01", null),
        rider(ben, "pickup", "2026-02-01", "2026-03-01"),
        rider(cy, "pickup", "2026-03-09", null),
      ]);
    const dashboard = await (await callerFor(t, admin)).schoolAdmin.dashboard();
    expect(dashboard.cards).toEqual({
      // Bus 2 (North's open run) and bus 1 (the hand-made trip, by number) of a fleet of 3.
      activeBuses: { inProgress: 2, total: 3 },
      // 2 of 4 completed runs within 5 minutes.
      onTimeRate: 50,
      // North ran on 1 and 2 March; West's only run this week was cancelled; East's is next week.
      activeRoutes: 1,
      totalStudents: 2,
    });
    // The school's threshold moves the rate: within 6 minutes, 3 of 4.
    await (await callerFor(t, admin)).schoolAdmin.routes.settings.update({ rideCutoffMinutes: 60, onTimeMinutes: 6 });
    expect((await (await callerFor(t, admin)).schoolAdmin.dashboard()).cards.onTimeRate).toBe(75);
  });
});
