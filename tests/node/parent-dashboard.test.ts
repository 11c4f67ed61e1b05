import type { InStatement } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { children, flightTripEnrollments, flightTrips, invoices, notifications, trips } from "#db/schema/index.ts";
import { RIDE_STATUS_LABELS } from "#shared/parent-dashboard.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, HOUR, type TestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";

/**
 * The parent's dashboard (issue 14 item 2): children with today's rides, the 3 newest notifications,
 * the Upcoming Payment and Recent Payments, the tiles; only the family's own rows, in one batch.
 * The test clock reads 2026-03-02 09:00 UTC: 23:00 on 2 March in Kiritimati (UTC+14).
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ countRoundTrips: true });
});
afterEach(() => t.close());

type Status = "scheduled" | "in-progress" | "completed" | "cancelled";
function trip(schoolId: string, routeName: string, departure: string, status: Status = "scheduled", busNumber = "7") {
  const departureTime = new Date(departure);
  return {
    schoolId,
    routeName,
    routeType: "pickup" as const,
    busNumber,
    driverName: "Dana",
    departureTime,
    arrivalTime: new Date(departureTime.getTime() + HOUR / 2),
    status,
  };
}

function child(schoolId: string, parentId: string, name: string, busRoute: string | null) {
  return {
    schoolId,
    parentId,
    name,
    age: 9,
    grade: "4th Grade" as const,
    school: "Maple Grove Elementary",
    busRoute,
    busNumber: busRoute ? "7" : null,
    emergencyContact: "Gran 555-0100",
  };
}

function invoice(
  schoolId: string,
  recipientId: string,
  number: string,
  status: "pending" | "paid" | "overdue" | "refunded",
  dueDate: string,
  paidAt?: string,
) {
  return {
    schoolId,
    recipientId,
    invoiceNumber: number,
    description: `Bus fees ${number}`,
    baseAmountCents: 10_000,
    amountCents: 10_500,
    issueDate: "2026-02-01",
    dueDate,
    status,
    paidAt: paidAt ? new Date(paidAt) : null,
  };
}

/** A Kiritimati school with the family under test, a neighbour family, and a second school. */
async function family() {
  const school = await createSchool(t.db, { name: "Maple Grove", timeZone: "Pacific/Kiritimati" });
  const otherSchool = await createSchool(t.db, { timeZone: "Pacific/Kiritimati" });
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
  const stranger = await createUser(t.db, "parent", { schoolId: otherSchool.id });
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  return { school, otherSchool, parent, neighbour, stranger, admin };
}

describe("parent dashboard: children and today's rides", () => {
  it("lists the family's children by name; rides are today's trips in the school's zone on the child's route (case and spaces ignored), labelled for parents", async () => {
    const { school, otherSchool, parent, neighbour } = await family();
    await t.db
      .insert(children)
      .values([
        child(school.id, parent.id, "Zoe", "  north ROUTE "),
        child(school.id, parent.id, "Adam", null),
        child(school.id, parent.id, "Mia", "South"),
        child(school.id, neighbour.id, "Neighbour kid", "North Route"),
      ]);
    await t.db.insert(trips).values([
      // Today at the school runs from 2026-03-01T10:00Z to 2026-03-02T10:00Z.
      trip(school.id, "North Route", "2026-03-01T10:00:00Z", "completed"), // 00:00 local: the first minute of today
      trip(school.id, "North Route", "2026-03-01T17:30:00Z", "in-progress"), // 07:30
      trip(school.id, "north route", "2026-03-02T01:00:00Z", "cancelled"), // 15:00
      trip(school.id, "North Route", "2026-03-02T09:59:00Z", "scheduled"), // 23:59
      trip(school.id, "North Route", "2026-03-02T10:00:00Z"), // 00:00 on 3 March: tomorrow, though today in UTC
      trip(school.id, "North Route", "2026-03-01T09:59:00Z"), // 23:59 on 1 March: yesterday
      trip(school.id, "North Route 2", "2026-03-01T20:00:00Z"), // another route
      trip(otherSchool.id, "North Route", "2026-03-01T20:00:00Z"), // another school's route of the same name
    ]);
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    expect(dashboard.today).toBe("2026-03-02");
    expect(dashboard.timeZone).toBe("Pacific/Kiritimati");
    expect(dashboard.children.map((row) => row.name)).toEqual(["Adam", "Mia", "Zoe"]);
    const [adam, mia, zoe] = dashboard.children;
    expect(adam).toMatchObject({
      age: 9,
      grade: "4th Grade",
      school: "Maple Grove Elementary",
      busRoute: null,
      busNumber: null,
      todaysRides: [],
    });
    expect(mia!.todaysRides).toEqual([]);
    expect(zoe!.todaysRides.map((ride) => [ride.departs, ride.status, ride.statusLabel])).toEqual([
      ["12:00 AM", "completed", "Arrived"],
      ["7:30 AM", "in-progress", "Departed"],
      ["3:00 PM", "cancelled", "Cancelled"],
      ["11:59 PM", "scheduled", "Scheduled"],
    ]);
    expect(zoe!.todaysRides[1]).toMatchObject({ routeName: "North Route", busNumber: "7", arrives: "8:00 AM" });
    expect(dashboard.tiles.children).toBe(3);
  });

  it("a child sees only their own bus's rides on the route (issue 25: Bus 12 never shows Bus 14); without a bus number, none", async () => {
    const { school, parent } = await family();
    await t.db.insert(children).values([
      { ...child(school.id, parent.id, "Zoe", "North Route"), busNumber: " 12a " },
      { ...child(school.id, parent.id, "Mia", "North Route"), busNumber: "14" },
      { ...child(school.id, parent.id, "Leo", "North Route"), busNumber: null },
    ]);
    await t.db.insert(trips).values([
      trip(school.id, "North Route", "2026-03-01T17:30:00Z", "scheduled", "12A"), // 07:30
      trip(school.id, "North Route", "2026-03-01T17:40:00Z", "scheduled", "14"), // 07:40
      trip(school.id, "north route", "2026-03-02T01:00:00Z", "scheduled", "12a"), // 15:00
      trip(school.id, "North Route", "2026-03-02T01:10:00Z", "scheduled", "14"), // 15:10
      trip(school.id, "North Route", "2026-03-02T02:00:00Z", "scheduled", "12"), // another bus: "12" is not "12A"
      trip(school.id, "South Route", "2026-03-02T03:00:00Z", "scheduled", "12A"), // the bus on another route
    ]);
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    const rides = Object.fromEntries(
      dashboard.children.map((row) => [
        row.name,
        row.todaysRides.map((ride) => `${ride.departs} ${ride.routeName} bus ${ride.busNumber}`),
      ]),
    );
    expect(rides).toEqual({
      Zoe: ["7:30 AM North Route bus 12A", "3:00 PM north route bus 12a"],
      Mia: ["7:40 AM North Route bus 14", "3:10 PM North Route bus 14"],
      Leo: [],
    });
  });

  it("today follows the school's zone across midnight: an hour later the next day's trips show", async () => {
    const { school, parent } = await family();
    await t.db.insert(children).values(child(school.id, parent.id, "Zoe", "North"));
    await t.db
      .insert(trips)
      .values([trip(school.id, "North", "2026-03-02T09:30:00Z"), trip(school.id, "North", "2026-03-02T10:30:00Z")]);
    const before = await (await callerFor(t, parent)).parent.overview();
    expect(before.children[0]!.todaysRides.map((ride) => ride.departs)).toEqual(["11:30 PM"]);
    t.clock.advance(HOUR); // 10:00 UTC: midnight in Kiritimati
    const after = await (await callerFor(t, parent)).parent.overview();
    expect(after.today).toBe("2026-03-03");
    expect(after.children[0]!.todaysRides.map((ride) => ride.departs)).toEqual(["12:30 AM"]);
  });

  it("labels every trip status for parents", () => {
    expect(RIDE_STATUS_LABELS).toEqual({
      scheduled: "Scheduled",
      "in-progress": "Departed",
      completed: "Arrived",
      cancelled: "Cancelled",
    });
  });
});

describe("parent dashboard: notifications, payments and tiles", () => {
  it("shows the parent's own 3 newest notifications with read state, never another person's copy", async () => {
    const { school, otherSchool, parent, neighbour, admin } = await family();
    const at = (hoursAgo: number) => new Date(t.clock.now().getTime() - hoursAgo * HOUR);
    const base = { schoolId: school.id, recipientRole: "parent" as const, recipientId: parent.id, message: "m" };
    await t.db.insert(notifications).values([
      { ...base, title: "Oldest", createdAt: at(10) },
      { ...base, title: "Third", createdAt: at(3), read: true },
      { ...base, title: "Second", createdAt: at(2) },
      { ...base, title: "Newest", createdAt: at(1) },
      { ...base, recipientId: neighbour.id, title: "Neighbour's", createdAt: at(0) },
      { ...base, recipientRole: "school_admin", recipientId: admin.id, title: "Admin's", createdAt: at(0) },
      // A row naming this parent's id under another school (never written by the app; still not theirs here).
      { ...base, schoolId: otherSchool.id, title: "Other school's", createdAt: at(0) },
    ]);
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    expect(dashboard.recentNotifications.map((row) => [row.title, row.read, row.when])).toEqual([
      ["Newest", false, "Today at 10:00 PM"], // 08:00 UTC is 22:00 in Kiritimati
      ["Second", false, "Today at 9:00 PM"],
      ["Third", true, "Today at 8:00 PM"],
    ]);
    expect(dashboard.tiles.unreadNotifications).toBe(3);
  });

  it("Upcoming Payment is the earliest-due pending or overdue invoice of the parent; Recent Payments the 2 most recently paid", async () => {
    const { school, otherSchool, parent, neighbour, stranger } = await family();
    await t.db
      .insert(invoices)
      .values([
        invoice(school.id, parent.id, "INV-2026-001", "pending", "2026-03-20"),
        invoice(school.id, parent.id, "INV-2026-002", "overdue", "2026-02-25"),
        invoice(school.id, parent.id, "INV-2026-003", "pending", "2026-03-05"),
        invoice(school.id, parent.id, "INV-2026-004", "paid", "2026-01-10", "2026-01-09T12:00:00Z"),
        invoice(school.id, parent.id, "INV-2026-005", "paid", "2026-02-10", "2026-02-20T12:00:00Z"),
        invoice(school.id, parent.id, "INV-2026-006", "paid", "2026-02-28", "2026-02-01T12:00:00Z"),
        invoice(school.id, parent.id, "INV-2026-007", "refunded", "2026-01-01", "2026-02-27T12:00:00Z"),
        invoice(school.id, neighbour.id, "INV-2026-008", "overdue", "2026-01-01"),
        invoice(school.id, neighbour.id, "INV-2026-009", "paid", "2026-01-01", "2026-03-01T12:00:00Z"),
        invoice(otherSchool.id, stranger.id, "INV-2026-001", "overdue", "2025-12-01"),
      ]);
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    expect(dashboard.payments.upcoming).toMatchObject({
      invoiceNumber: "INV-2026-002",
      status: "overdue",
      amountCents: 10_500,
      dueDate: "2026-02-25",
    });
    expect(dashboard.payments.recent.map((row) => [row.invoiceNumber, row.paidOn])).toEqual([
      ["INV-2026-005", "2026-02-21"], // paid 12:00 UTC: the next day at the school
      ["INV-2026-006", "2026-02-02"],
    ]);
    expect(dashboard.tiles.unpaidInvoices).toBe(3);
  });

  it("counts the parent's flight-trip enrolments that hold a seat", async () => {
    const { school, parent, neighbour } = await family();
    const [kid, other, third] = await t.db
      .insert(children)
      .values([
        child(school.id, parent.id, "Zoe", null),
        child(school.id, parent.id, "Adam", null),
        child(school.id, neighbour.id, "N", null),
      ])
      .returning();
    const trip = {
      schoolId: school.id,
      departureAirport: "BOS",
      arrivalAirport: "DCA",
      departureDate: "2026-04-01",
      departureTime: "08:00",
      returnDate: "2026-04-03",
      returnTime: "18:00",
      airline: "Air",
      costPerStudentCents: 50_000,
      enrollmentDeadline: "2026-03-20",
    };
    const [first] = await t.db
      .insert(flightTrips)
      .values({ ...trip, title: "Washington" })
      .returning();
    const enrolment = {
      schoolId: school.id,
      flightTripId: first!.id,
      emergencyContact: "Gran",
      emergencyPhone: "555",
      termsAcceptedAt: t.clock.now(),
    };
    await t.db.insert(flightTripEnrollments).values([
      { ...enrolment, childId: kid!.id, parentId: parent.id, status: "confirmed" },
      { ...enrolment, childId: other!.id, parentId: parent.id, status: "opted-out" },
      { ...enrolment, childId: third!.id, parentId: neighbour.id, status: "pending" },
    ]);
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    expect(dashboard.tiles.flightTripEnrollments).toBe(1);
  });

  it("a family with nothing yet gets empty sections and zero tiles, not an error", async () => {
    const { parent } = await family();
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    expect(dashboard.school?.name).toBe("Maple Grove");
    expect(dashboard).toMatchObject({
      children: [],
      recentNotifications: [],
      payments: { upcoming: null, recent: [] },
    });
    expect(dashboard.tiles).toEqual({
      children: 0,
      unreadNotifications: 0,
      unpaidInvoices: 0,
      flightTripEnrollments: 0,
    });
  });

  it("another family's or another school's children, rides, notifications and invoices never appear", async () => {
    const { school, otherSchool, parent, neighbour, stranger } = await family();
    await t.db
      .insert(children)
      .values([
        child(school.id, neighbour.id, "Neighbour kid", "North"),
        child(otherSchool.id, stranger.id, "Stranger kid", "North"),
      ]);
    await t.db
      .insert(trips)
      .values([
        trip(school.id, "North", "2026-03-01T20:00:00Z"),
        trip(otherSchool.id, "North", "2026-03-01T20:00:00Z"),
      ]);
    await t.db.insert(notifications).values([
      { schoolId: school.id, recipientRole: "parent", recipientId: neighbour.id, title: "N", message: "m" },
      { schoolId: otherSchool.id, recipientRole: "parent", recipientId: stranger.id, title: "S", message: "m" },
    ]);
    await t.db
      .insert(invoices)
      .values([
        invoice(school.id, neighbour.id, "INV-2026-001", "pending", "2026-03-05"),
        invoice(otherSchool.id, stranger.id, "INV-2026-001", "paid", "2026-03-05", "2026-03-01T00:00:00Z"),
      ]);
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    expect(dashboard.children).toEqual([]);
    expect(dashboard.recentNotifications).toEqual([]);
    expect(dashboard.payments).toEqual({ upcoming: null, recent: [] });
    expect(dashboard.tiles).toEqual({
      children: 0,
      unreadNotifications: 0,
      unpaidInvoices: 0,
      flightTripEnrollments: 0,
    });
  });
});

describe("parent dashboard: cost", () => {
  it("is one request of at most 2 round trips (the session, then one batch), whatever the family's size", async () => {
    const { school, parent } = await family();
    await t.db
      .insert(children)
      .values(Array.from({ length: 5 }, (_, i) => child(school.id, parent.id, `Kid ${i}`, `Route ${i}`)));
    await t.db
      .insert(trips)
      .values(Array.from({ length: 10 }, (_, i) => trip(school.id, `Route ${i % 5}`, `2026-03-01T${10 + i}:00:00Z`)));
    await t.db.insert(notifications).values(
      Array.from({ length: 8 }, (_, i) => ({
        schoolId: school.id,
        recipientRole: "parent" as const,
        recipientId: parent.id,
        title: `N${i}`,
        message: "m",
      })),
    );
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    t.roundTrips!.reset();
    const response = await query(t.app, "parent.overview", undefined, { cookie });
    expect(response.status).toBe(200);
    expect(t.roundTrips!.count).toBeLessThanOrEqual(2);
    expect(t.roundTrips!.log.filter((line) => line.startsWith("batch"))).toHaveLength(1);
    const data = response.data as { children: { todaysRides: unknown[] }[] };
    expect(data.children.flatMap((row) => row.todaysRides)).toHaveLength(10);
  });

  it("reads trips through the school-day index and the family's rows through their owner's index, never a full scan (EXPLAIN QUERY PLAN)", async () => {
    const { parent } = await family();
    const statements: InStatement[] = [];
    const client = t.db.$client;
    const batch = client.batch.bind(client);
    client.batch = ((list: InStatement[], mode?: Parameters<typeof client.batch>[1]) => {
      statements.push(...list);
      return batch(list, mode);
    }) as typeof client.batch;
    await (await callerFor(t, parent)).parent.overview();
    client.batch = batch;
    expect(statements.length).toBeGreaterThanOrEqual(6);
    const scans: string[] = [];
    for (const statement of statements) {
      const { sql, args } = typeof statement === "string" ? { sql: statement, args: [] } : statement;
      const plan = await client.execute({ sql: `explain query plan ${sql}`, args: args as never });
      for (const row of plan.rows) {
        const detail = String(row.detail);
        if (
          /^SCAN (trips|notifications|invoices|children|flight_trip_enrollments)\b/.test(detail) &&
          !/USING (COVERING )?INDEX/.test(detail)
        )
          scans.push(`${detail}\n  ${sql}`);
        // A family's rows are found by their owner, never by walking the whole school's.
        if (/^SEARCH (notifications|invoices|children|flight_trip_enrollments) .*\(school_id=\?/.test(detail))
          scans.push(`${detail}\n  ${sql}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
