import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { invoices, notifications, trips } from "#db/schema/index.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, HOUR, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ countRoundTrips: true });
});
afterEach(() => t.close());

describe("school admin dashboard (spec)", () => {
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
    expect(dashboard.cards).toEqual({
      activeBuses: { inProgress: 1, total: 8 },
      onTimeRate: 25,
      activeRoutes: 5,
      totalStudents: 50,
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
      onTimeRate: 0,
      activeRoutes: 0,
      totalStudents: 0,
    });
    expect(dashboard.upcomingTrips).toEqual([]);
  });
});
