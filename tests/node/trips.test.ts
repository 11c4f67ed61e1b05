import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, children, emailLogs, notifications, trips } from "#db/schema/index.ts";
import { TRIP_MESSAGES } from "#shared/trips.ts";
import type { Mailer } from "#worker/email/provider.ts";
import { consumeBatch } from "#worker/queue/consumer.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

const ZONE = "America/New_York";
const form = (overrides: Record<string, unknown> = {}) => ({
  routeName: "North Loop",
  routeType: "pickup" as const,
  busNumber: "12",
  driverName: "Dana Driver",
  departureDate: "2026-03-09",
  departureTime: "07:30",
  arrivalTime: "08:15",
  stops: 4,
  studentsCount: 20,
  status: "scheduled" as const,
  ...overrides,
});

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp();
  // Monday 2 March 2026, 09:00 UTC = 04:00 in New York.
  school = await createSchool(t.db, { timeZone: ZONE, name: "Maple Test" });
  admin = await createUser(t.db, "school_admin", { schoolId: school.id });
});
afterEach(() => t.close());

async function parentOnRoute(route: string | null, schoolId = school.id, isActive = true) {
  const parent = await createUser(t.db, "parent", { schoolId, isActive });
  await t.db.insert(children).values({
    schoolId,
    parentId: parent.id,
    name: "Kid",
    age: 8,
    grade: "3rd Grade",
    school: "Maple",
    busRoute: route,
    emergencyContact: "Mum 555",
  });
  return parent;
}

describe("trip form rules", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["route name", { routeName: "  " }, TRIP_MESSAGES.routeName],
    ["bus number", { busNumber: "" }, TRIP_MESSAGES.busNumber],
    ["driver name", { driverName: "" }, TRIP_MESSAGES.driverName],
    ["departure date", { departureDate: "2026-02-30x" }, TRIP_MESSAGES.departureDate],
    // Not a day of the calendar: refused, never rolled over into March.
    ["departure date that does not exist", { departureDate: "2026-02-30" }, TRIP_MESSAGES.departureDate],
    ["departure date out of the planned years", { departureDate: "0001-01-01" }, TRIP_MESSAGES.departureDate],
    ["departure time", { departureTime: "7:30" }, TRIP_MESSAGES.time],
    ["stops ≥ 1", { stops: 0 }, TRIP_MESSAGES.stops],
    [
      "stops a whole number (2.5 said what is allowed, in words)",
      { stops: 2.5 },
      "Enter a whole number of stops, 1 or more",
    ],
    ["students a whole number", { studentsCount: 1.5 }, "Enter a whole number of students, 0 or more"],
    ["route name of bounded length", { routeName: "x".repeat(121) }, "Use at most 120 characters"],
    ["students ≥ 0", { studentsCount: -1 }, TRIP_MESSAGES.students],
    ["arrival after departure", { arrivalTime: "07:30" }, TRIP_MESSAGES.arrivalAfterDeparture],
  ];
  it.each(cases)("%s", async (_rule, change, message) => {
    const api = await callerFor(t, admin);
    const error = await failure(api.schoolAdmin.trips.create({ trip: form(change) }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(message);
    expect(await t.db.select().from(trips)).toHaveLength(0);
  });

  it("refuses an unknown status or route type, and a repeat longer than a school year or ending before the departure", async () => {
    const api = await callerFor(t, admin);
    expect((await failure(api.schoolAdmin.trips.create({ trip: form({ status: "lost" }) }))).code).toBe("BAD_REQUEST");
    expect((await failure(api.schoolAdmin.trips.create({ trip: form({ routeType: "both" }) }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(
      (await failure(api.schoolAdmin.trips.create({ trip: form(), repeat: { weekdays: [1], until: "2027-03-10" } })))
        .message,
    ).toContain(TRIP_MESSAGES.repeatTooLong);
    expect(
      (await failure(api.schoolAdmin.trips.create({ trip: form(), repeat: { weekdays: [1], until: "2026-03-08" } })))
        .message,
    ).toContain(TRIP_MESSAGES.repeatUntil);
    expect(
      (await failure(api.schoolAdmin.trips.create({ trip: form(), repeat: { weekdays: [], until: "2026-03-20" } })))
        .message,
    ).toContain(TRIP_MESSAGES.repeatDays);
    // Saturday only, from a Monday to the Friday after: no day matches.
    expect(
      (await failure(api.schoolAdmin.trips.create({ trip: form(), repeat: { weekdays: [6], until: "2026-03-13" } })))
        .message,
    ).toContain(TRIP_MESSAGES.repeatDays);
    expect(await t.db.select().from(trips)).toHaveLength(0);
    expect((await failure(api.schoolAdmin.trips.list({ view: "week", date: "2026-02-31" }))).code).toBe("BAD_REQUEST");
  });
});

describe("trips in the school's time zone", () => {
  it("stores the wall-clock time of the school's zone and lists the Sunday-to-Saturday week", async () => {
    const api = await callerFor(t, admin);
    await api.schoolAdmin.trips.create({
      trip: form({ departureDate: "2026-03-07", departureTime: "23:00", arrivalTime: "23:45" }),
    }); // Saturday
    await api.schoolAdmin.trips.create({
      trip: form({ departureDate: "2026-03-08", departureTime: "00:30", arrivalTime: "01:00" }),
    }); // Sunday: next week
    const [saturday] = await t.db
      .select()
      .from(trips)
      .where(eq(trips.departureTime, new Date("2026-03-08T04:00:00.000Z")));
    expect(saturday).toBeDefined();
    const week = await api.schoolAdmin.trips.list({ view: "week", date: "2026-03-04" });
    expect(week).toMatchObject({ from: "2026-03-01", to: "2026-03-07", timeZone: ZONE, today: "2026-03-02" });
    expect(week.trips.map((trip) => trip.date)).toEqual(["2026-03-07"]);
    const next = await api.schoolAdmin.trips.list({ view: "week", date: "2026-03-08" });
    expect(next.trips.map((trip) => trip.date)).toEqual(["2026-03-08"]);
    const day = await api.schoolAdmin.trips.list({ view: "day", date: "2026-03-08" });
    expect(day.trips).toHaveLength(1);
  });

  it("Repeat creates one trip per chosen weekday, across the DST change, at the same wall-clock time", async () => {
    const api = await callerFor(t, admin);
    const result = await api.schoolAdmin.trips.create({
      trip: form({ departureDate: "2026-03-02" }),
      repeat: { weekdays: [1, 3, 5], until: "2026-03-13" },
    });
    expect(result.created).toBe(6);
    const rows = await t.db.select({ at: trips.departureTime }).from(trips).orderBy(trips.departureTime);
    expect(rows.map((row) => row.at.toISOString())).toEqual([
      "2026-03-02T12:30:00.000Z",
      "2026-03-04T12:30:00.000Z",
      "2026-03-06T12:30:00.000Z",
      "2026-03-09T11:30:00.000Z",
      "2026-03-11T11:30:00.000Z",
      "2026-03-13T11:30:00.000Z",
    ]);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "trip.created"));
    expect(audit?.metadata).toMatchObject({ count: 6 });
  });

  it("searches by route, bus or driver, and filters by status and route type", async () => {
    const api = await callerFor(t, admin);
    await api.schoolAdmin.trips.create({
      trip: form({ routeName: "North Loop", busNumber: "12", driverName: "Dana" }),
    });
    await api.schoolAdmin.trips.create({
      trip: form({
        routeName: "South 100%",
        busNumber: "7",
        driverName: "Lee",
        routeType: "dropoff",
        status: "completed",
      }),
    });
    const names = async (input: Record<string, unknown>) =>
      (await api.schoolAdmin.trips.list({ view: "week", date: "2026-03-09", ...input })).trips.map(
        (trip) => trip.routeName,
      );
    expect(await names({ search: "north" })).toEqual(["North Loop"]);
    expect(await names({ search: "lee" })).toEqual(["South 100%"]);
    expect(await names({ search: "7" })).toEqual(["South 100%"]);
    expect(await names({ search: "%" })).toEqual(["South 100%"]);
    expect(await names({ status: "completed" })).toEqual(["South 100%"]);
    expect(await names({ routeType: "pickup" })).toEqual(["North Loop"]);
    await parentOnRoute("north loop");
    await parentOnRoute("Hillside");
    expect((await api.schoolAdmin.trips.routes()).routes).toEqual(["Hillside", "North Loop", "South 100%"]);
  });
});

describe("trip updates reach the parents on the route", () => {
  it("a run's change reaches the parents of the children the school assigned to its route (no route typed), not another route's", async () => {
    t.clock.set(new Date("2026-03-02T09:00:00Z")); // 04:00 in New York: today's 07:30 run is still to come
    const api = await callerFor(t, admin);
    const rider = await parentOnRoute(null);
    const elsewhere = await parentOnRoute(null);
    const [riderChild, otherChild] = await t.db
      .select({ id: children.id, parentId: children.parentId })
      .from(children)
      .where(eq(children.schoolId, school.id));
    const childOf = (parentId: string) => [riderChild, otherChild].find((row) => row!.parentId === parentId)!.id;
    const routeOf = async (name: string) => {
      const { id } = await api.schoolAdmin.routes.create({
        route: {
          name,
          direction: "pickup",
          colour: "#1f77b4",
          busId: null,
          driverName: "Dana",
          activeFrom: "2026-03-01",
          activeTo: null,
          weekdays: [0, 1, 2, 3, 4, 5, 6],
        },
      });
      const stops = [{ name: "Corner", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 }];
      const { stopIds } = await api.schoolAdmin.routes.stops.set({ routeId: id, version: 0, stops });
      return { id, stopId: stopIds[0]! };
    };
    const north = await routeOf("North Loop");
    const south = await routeOf("South Loop");
    const assign = (childId: string, stopId: string) =>
      api.schoolAdmin.riders.assign({ childId, stopId, weekdays: [1], fromDate: "2026-03-02", toDate: null });
    await assign(childOf(rider.id), north.stopId);
    await assign(childOf(elsewhere.id), south.stopId);
    const [run] = await t.db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.routeId, north.id), eq(trips.serviceDate, "2026-03-02")));
    expect((await api.schoolAdmin.trips.setStatus({ tripId: run!.id, status: "in-progress" })).notified).toBe(true);
    const rows = await t.db.select().from(notifications).where(eq(notifications.category, "trip"));
    expect(rows.map((row) => [row.recipientId, row.title])).toEqual([[rider.id, "Bus departed"]]);
  });

  it("departed, arrived and cancelled notify exactly the route's active parents, once each, by list and e-mail", async () => {
    const onRoute = await parentOnRoute("north loop ");
    const inactive = await parentOnRoute("North Loop", school.id, false);
    const otherRoute = await parentOnRoute("South");
    const otherSchool = await createSchool(t.db);
    const foreign = await parentOnRoute("North Loop", otherSchool.id);
    const api = await callerFor(t, admin);
    const { ids } = await api.schoolAdmin.trips.create({ trip: form() });
    const tripId = ids[0]!;
    // A double click: both requests, one change, one notification.
    const results = await Promise.all([
      api.schoolAdmin.trips.setStatus({ tripId, status: "in-progress" }),
      api.schoolAdmin.trips.setStatus({ tripId, status: "in-progress" }),
    ]);
    expect(results.filter((result) => result.notified)).toHaveLength(1);
    await api.schoolAdmin.trips.setStatus({ tripId, status: "completed" });
    const rows = await t.db.select().from(notifications).where(eq(notifications.category, "trip"));
    expect(rows.map((row) => [row.recipientId, row.title]).sort()).toEqual(
      [
        [onRoute.id, "Bus arrived"],
        [onRoute.id, "Bus departed"],
      ].sort(),
    );
    for (const other of [inactive, otherRoute, foreign])
      expect(rows.some((row) => row.recipientId === other.id)).toBe(false);
    const mails = await t.db
      .select()
      .from(emailLogs)
      .where(and(eq(emailLogs.recipientEmail, onRoute.email), eq(emailLogs.emailType, "notification")));
    expect(mails).toHaveLength(2);
    expect(
      t.queued.filter((message) => message.kind === "email" && mails.some((mail) => mail.id === message.emailLogId)),
    ).toHaveLength(2);
  });

  it("a cancellation notifies the route's parents once, even when each queue message is delivered twice", async () => {
    const parents = [await parentOnRoute("North Loop"), await parentOnRoute("North Loop")];
    const api = await callerFor(t, admin);
    const { ids } = await api.schoolAdmin.trips.create({ trip: form() });
    await api.schoolAdmin.trips.setStatus({ tripId: ids[0]!, status: "cancelled" });
    const sent: string[] = [];
    const mailer: Mailer = {
      name: "local",
      send: async (mail) => {
        sent.push(mail.to);
        return { providerMessageId: `msg_${sent.length}` };
      },
    };
    const deliver = () =>
      consumeBatch(
        { db: t.db, now: t.clock.now, logger: t.logger, mailer },
        {
          queue: "schoolride-email",
          messages: t.queued.map((body, i) => ({ id: `m${i}`, body, attempts: 1, ack: () => {}, retry: () => {} })),
        },
      );
    await deliver();
    await deliver();
    expect(sent.sort()).toEqual(parents.map((parent) => parent.email).sort());
    const rows = await t.db.select().from(notifications).where(eq(notifications.title, "Trip cancelled"));
    expect(rows.map((row) => row.recipientId).sort()).toEqual(parents.map((parent) => parent.id).sort());
  });

  it("moving a trip by more than ten minutes notifies; by ten minutes or less, or changing the driver, does not", async () => {
    const parent = await parentOnRoute("North Loop");
    const api = await callerFor(t, admin);
    const { ids } = await api.schoolAdmin.trips.create({ trip: form() });
    const tripId = ids[0]!;
    expect(
      (await api.schoolAdmin.trips.update({ tripId, trip: form({ departureTime: "07:40", driverName: "Sam" }) }))
        .notified,
    ).toBe(false);
    expect((await api.schoolAdmin.trips.update({ tripId, trip: form({ departureTime: "07:55" }) })).notified).toBe(
      true,
    );
    const rows = await t.db.select().from(notifications).where(eq(notifications.recipientId, parent.id));
    expect(rows.map((row) => row.title)).toEqual(["Trip time changed"]);
    expect(rows[0]?.message).toContain("7:55 AM");
    expect(rows[0]?.message).toContain("was Mon, Mar 9 at 7:40 AM");
  });

  it("another school's admin can neither see, change, set the status of nor delete the trip", async () => {
    const api = await callerFor(t, admin);
    const { ids } = await api.schoolAdmin.trips.create({ trip: form() });
    const tripId = ids[0]!;
    const other = await callerFor(
      t,
      await createUser(t.db, "school_admin", { schoolId: (await createSchool(t.db)).id }),
    );
    expect((await other.schoolAdmin.trips.list({ view: "week", date: "2026-03-09" })).trips).toHaveLength(0);
    expect(
      (await failure(other.schoolAdmin.trips.update({ tripId, trip: form({ routeName: "Hijacked" }) }))).code,
    ).toBe("NOT_FOUND");
    expect((await failure(other.schoolAdmin.trips.setStatus({ tripId, status: "cancelled" }))).code).toBe("NOT_FOUND");
    expect((await failure(other.schoolAdmin.trips.delete({ tripId }))).code).toBe("NOT_FOUND");
    const [row] = await t.db.select().from(trips).where(eq(trips.id, tripId));
    expect(row).toMatchObject({ routeName: "North Loop", status: "scheduled" });
  });

  it("delete removes the trip and audits it; a second delete is NOT_FOUND", async () => {
    const api = await callerFor(t, admin);
    const { ids } = await api.schoolAdmin.trips.create({ trip: form() });
    await api.schoolAdmin.trips.delete({ tripId: ids[0]! });
    expect(await t.db.select().from(trips)).toHaveLength(0);
    expect((await failure(api.schoolAdmin.trips.delete({ tripId: ids[0]! }))).code).toBe("NOT_FOUND");
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "trip.deleted"))).toHaveLength(1);
  });

  it("two deletes at once (a double click): one deletes and is audited, the other is NOT_FOUND", async () => {
    const api = await callerFor(t, admin);
    const { ids } = await api.schoolAdmin.trips.create({ trip: form() });
    const results = await Promise.allSettled([
      api.schoolAdmin.trips.delete({ tripId: ids[0]! }),
      api.schoolAdmin.trips.delete({ tripId: ids[0]! }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "NOT_FOUND" });
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "trip.deleted"))).toHaveLength(1);
  });
});
