import type { InStatement } from "@libsql/client";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  children,
  flightTripEnrollments,
  flightTrips,
  invoices,
  notifications,
  notRiding,
  trips,
} from "#db/schema/index.ts";
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

async function childrenOf(rows: ReturnType<typeof child>[]) {
  return (await t.db.insert(children).values(rows).returning({ id: children.id })).map((row) => row.id);
}

type Api = Awaited<ReturnType<typeof callerFor>>;

/** A route running every day from before the test clock, with a stop at each time. */
async function routeOf(api: Api, name: string, direction: "pickup" | "dropoff", times: string[], busId: string | null) {
  const { id } = await api.schoolAdmin.routes.create({
    route: {
      name,
      direction,
      colour: "#1f77b4",
      busId,
      driverName: "Dana",
      activeFrom: "2026-01-05",
      activeTo: null,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    },
  });
  const stops = times.map((time, index) => ({
    name: `Stop ${index + 1}`,
    latitude: 41.77 + index / 1000,
    longitude: -88.15,
    time,
    distanceMeters: index * 800,
  }));
  const written = await api.schoolAdmin.routes.stops.set({ routeId: id, version: 0, stops });
  return { id, stopIds: written.stopIds };
}

const assign = (api: Api, childId: string, stopId: string) =>
  api.schoolAdmin.riders.assign({
    childId,
    stopId,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    fromDate: "2026-03-01",
    toDate: null,
  });

describe("parent dashboard: children and today's rides", () => {
  it("lists the family's children by name; rides are today's runs of the child's assigned routes in the school's zone, labelled for parents", async () => {
    t.clock.set(new Date("2026-03-01T16:00:00Z")); // 06:00 on 2 March at the school: today's runs are still to come
    const { school, parent, neighbour, admin } = await family();
    const [zoe, adam, mia, other] = await childrenOf([
      child(school.id, parent.id, "Zoe", null),
      child(school.id, parent.id, "Adam", "North Route"), // a route typed by the parent is not an assignment
      child(school.id, parent.id, "Mia", null),
      child(school.id, neighbour.id, "Neighbour kid", null),
    ]);
    const api = await callerFor(t, admin);
    const bus = await api.schoolAdmin.buses.create({ bus: { number: "12A", seats: 40, plate: null } });
    const pickup = await routeOf(api, "North Route", "pickup", ["07:30", "08:00"], bus.id);
    const dropoff = await routeOf(api, "North Home", "dropoff", ["15:00", "15:30"], bus.id);
    const south = await routeOf(api, "South Route", "pickup", ["07:40"], bus.id); // the same bus, another route
    for (const [childId, stopId] of [
      [zoe, pickup.stopIds[1]],
      [zoe, dropoff.stopIds[0]],
      [mia, south.stopIds[0]],
      [other, pickup.stopIds[0]],
    ] as const)
      await assign(api, childId!, stopId!);
    // Hand-made trips of the same route name never show: the assignment says which bus a child takes.
    await t.db.insert(trips).values(trip(school.id, "North Route", "2026-03-01T20:00:00Z"));
    await t.db.update(trips).set({ status: "in-progress" }).where(eq(trips.routeId, pickup.id));
    await t.db.insert(notRiding).values({ schoolId: school.id, childId: mia!, date: "2026-03-02" });
    const dashboard = await (await callerFor(t, parent)).parent.overview();
    expect(dashboard.today).toBe("2026-03-02");
    expect(dashboard.timeZone).toBe("Pacific/Kiritimati");
    expect(dashboard.children.map((row) => row.name)).toEqual(["Adam", "Mia", "Zoe"]);
    const [adamRow, miaRow, zoeRow] = dashboard.children;
    expect(adamRow).toMatchObject({ id: adam, age: 9, grade: "4th Grade", rides: [], todaysRides: [] });
    // Not riding today: no run today, the assignment and the day still listed.
    expect(miaRow).toMatchObject({ todaysRides: [], notRiding: ["2026-03-02"], rides: [expect.anything()] });
    expect(zoeRow!.rides).toEqual([
      expect.objectContaining({
        direction: "dropoff",
        bus: { number: "12A" },
        stop: expect.objectContaining({ name: "Stop 1", time: "15:00" }),
      }),
      expect.objectContaining({
        direction: "pickup",
        bus: { number: "12A" },
        stop: expect.objectContaining({ name: "Stop 2", time: "08:00" }),
      }),
    ]);
    expect(zoeRow!.todaysRides.map((ride) => [ride.departs, ride.arrives, ride.routeName, ride.statusLabel])).toEqual([
      ["7:30 AM", "8:00 AM", "North Route", "Departed"],
      ["3:00 PM", "3:30 PM", "North Home", "Scheduled"],
    ]);
    expect(zoeRow!.todaysRides[0]).toMatchObject({ routeType: "pickup", busNumber: "12A", status: "in-progress" });
    expect(dashboard.tiles.children).toBe(3);
  });

  it("today follows the school's zone across midnight: an hour later the next day's run shows", async () => {
    const { school, parent, admin } = await family();
    const [zoe] = await childrenOf([child(school.id, parent.id, "Zoe", null)]);
    const api = await callerFor(t, admin);
    const route = await routeOf(api, "North", "pickup", ["23:30"], null);
    await assign(api, zoe!, route.stopIds[0]!);
    const before = await (await callerFor(t, parent)).parent.overview();
    expect(before.children[0]!.todaysRides.map((ride) => ride.departureTime.toISOString())).toEqual([
      "2026-03-02T09:30:00.000Z",
    ]);
    t.clock.advance(HOUR); // 10:00 UTC: midnight in Kiritimati
    const after = await (await callerFor(t, parent)).parent.overview();
    expect(after.today).toBe("2026-03-03");
    expect(after.children[0]!.todaysRides.map((ride) => ride.departureTime.toISOString())).toEqual([
      "2026-03-03T09:30:00.000Z",
    ]);
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
    const enrollment = {
      schoolId: school.id,
      flightTripId: first!.id,
      emergencyContact: "Gran",
      emergencyPhone: "555",
      termsAcceptedAt: t.clock.now(),
    };
    await t.db.insert(flightTripEnrollments).values([
      { ...enrollment, childId: kid!.id, parentId: parent.id, status: "confirmed" },
      { ...enrollment, childId: other!.id, parentId: parent.id, status: "opted-out" },
      { ...enrollment, childId: third!.id, parentId: neighbour.id, status: "pending" },
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

describe("parent rides: a family sees only its own children's stops", () => {
  it("parent.rides.lookup and the dashboard hold the family's own stops, never a neighbour's on the same route or another school's", async () => {
    t.clock.set(new Date("2026-03-01T16:00:00Z")); // 06:00 on 2 March at the school: today's runs are still to come
    const { school, otherSchool, parent, neighbour, stranger, admin } = await family();
    const otherAdmin = await createUser(t.db, "school_admin", { schoolId: otherSchool.id });
    const [own, next, far] = await childrenOf([
      child(school.id, parent.id, "Zoe", null),
      child(school.id, neighbour.id, "Neighbour kid", null),
      child(otherSchool.id, stranger.id, "Stranger kid", null),
    ]);
    const api = await callerFor(t, admin);
    const otherApi = await callerFor(t, otherAdmin);
    const route = await routeOf(api, "North", "pickup", ["07:30", "07:40"], null);
    const foreign = await routeOf(otherApi, "North", "pickup", ["07:30"], null);
    await assign(api, own!, route.stopIds[0]!);
    await assign(api, next!, route.stopIds[1]!); // the neighbour's stop, on the same route
    await assign(otherApi, far!, foreign.stopIds[0]!);
    await t.db.insert(notRiding).values([
      { schoolId: school.id, childId: next!, date: "2026-03-03" },
      { schoolId: otherSchool.id, childId: far!, date: "2026-03-03" },
    ]);
    const asParent = await callerFor(t, parent);
    const lookup = await asParent.parent.rides.lookup();
    expect(lookup.children.map((kid) => [kid.id, kid.notRiding])).toEqual([[own, []]]);
    expect(lookup.children.flatMap((kid) => kid.rides.map((ride) => ride.stop.id))).toEqual([route.stopIds[0]]);
    expect(lookup.runsToday.map((run) => run.routeId)).toEqual([route.id]);
    const dashboard = await asParent.parent.overview();
    expect(dashboard.children.map((kid) => kid.id)).toEqual([own]);
    expect(dashboard.children.flatMap((kid) => kid.rides.map((ride) => ride.stop.id))).toEqual([route.stopIds[0]]);
    expect(dashboard.children.flatMap((kid) => kid.notRiding)).toEqual([]);
    // Nothing of the neighbour's or the stranger's anywhere in the answers.
    const text = JSON.stringify([lookup, dashboard]);
    for (const secret of [
      next!,
      far!,
      route.stopIds[1]!,
      foreign.stopIds[0]!,
      foreign.id,
      "Neighbour kid",
      "Stranger kid",
    ])
      expect(text).not.toContain(secret);
    // The neighbour sees their own child's stop only.
    const theirs = await (await callerFor(t, neighbour)).parent.rides.lookup();
    expect(theirs.children.flatMap((kid) => kid.rides.map((ride) => ride.stop.id))).toEqual([route.stopIds[1]]);
  });
});

describe("parent dashboard: cost", () => {
  it("is one request of at most 2 round trips (the session, then one batch), whatever the family's size", async () => {
    t.clock.set(new Date("2026-03-01T16:00:00Z")); // 06:00 on 2 March at the school: today's runs are still to come
    const { school, parent, admin } = await family();
    const kids = await childrenOf(Array.from({ length: 5 }, (_, i) => child(school.id, parent.id, `Kid ${i}`, null)));
    const api = await callerFor(t, admin);
    for (const [i, kid] of kids.entries()) {
      const pickup = await routeOf(api, `Route ${i}`, "pickup", [`07:${10 + i}`], null);
      const dropoff = await routeOf(api, `Home ${i}`, "dropoff", [`15:${10 + i}`], null);
      await assign(api, kid, pickup.stopIds[0]!);
      await assign(api, kid, dropoff.stopIds[0]!);
    }
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
