import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { children, noServiceDays, notRiding, riders, routeStops, routes, trips } from "#db/schema/index.ts";
import { localDate, shiftDate, todayIn } from "#shared/school-time.ts";
import { DEMO_IDS, seedDemo } from "#worker/local/demo-seed.ts";
import { generateAllRuns } from "#worker/services/routes/runs.ts";
import { callerFor } from "../support/caller.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

/** ADR 0046 in the demo: Maple Grove's routes on Naperville's corners, its children riding, a day off, a child not riding. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Monday 2 March 2026, 03:00 in Chicago.
  await seedDemo(t.db, t.clock.now());
});
afterAll(() => t.close());

describe("the demo's transport model", () => {
  it("has six buses with seats, a pickup and a drop-off route per bus, on real corners near Naperville, in a dense order", async () => {
    const routeRows = await t.db.select().from(routes).where(eq(routes.schoolId, DEMO_IDS.school));
    expect(routeRows).toHaveLength(12);
    const stops = await t.db.select().from(routeStops).where(eq(routeStops.schoolId, DEMO_IDS.school));
    for (const stop of stops) {
      expect(stop.latitude).toBeGreaterThan(41.7);
      expect(stop.latitude).toBeLessThan(41.8);
      expect(stop.longitude).toBeGreaterThan(-88.2);
      expect(stop.longitude).toBeLessThan(-88.1);
    }
    for (const route of routeRows) {
      const own = stops.filter((stop) => stop.routeId === route.id).sort((a, b) => a.position - b.position);
      expect(own.map((stop) => stop.position)).toEqual(own.map((_, index) => index));
      expect(own.map((stop) => stop.distanceMeters)).toEqual(
        [...own.map((stop) => stop.distanceMeters)].sort((a, b) => a - b),
      );
    }
    const api = await callerFor(t, { id: DEMO_IDS.schoolAdmin, role: "school_admin" });
    const list = await api.schoolAdmin.routes.list({ page: 1 });
    expect(list.routes.every((route) => route.bus !== null && route.bus.seats >= 30)).toBe(true);
  });

  it("every demo child rides, a staff day is off, and one child is not riding tomorrow", async () => {
    const kids = await t.db.select({ id: children.id }).from(children).where(eq(children.schoolId, DEMO_IDS.school));
    const riding = await t.db
      .select({ childId: riders.childId, direction: riders.direction })
      .from(riders)
      .where(eq(riders.schoolId, DEMO_IDS.school));
    for (const kid of kids)
      expect(
        riding
          .filter((ride) => ride.childId === kid.id)
          .map((ride) => ride.direction)
          .sort(),
      ).toEqual(["dropoff", "pickup"]);
    expect(await t.db.$count(noServiceDays, eq(noServiceDays.schoolId, DEMO_IDS.school))).toBe(1);
    const tomorrow = shiftDate(todayIn("America/Chicago", t.clock.now()), 1);
    expect(
      await t.db.select({ date: notRiding.date }).from(notRiding).where(eq(notRiding.schoolId, DEMO_IDS.school)),
    ).toEqual([{ date: tomorrow }]);
    const parent = await callerFor(t, { id: DEMO_IDS.parent, role: "parent" });
    const lookup = await parent.parent.rides.lookup();
    expect(lookup.children.map((child) => child.rides.length)).toEqual([2, 2]);
    expect(lookup.children.find((child) => child.name === "Leo Rivera")!.notRiding).toEqual([tomorrow]);
  });

  it("the demo week's trips are the routes' runs: generation refreshes them and never doubles a bus's trip", async () => {
    const before = await t.db.$count(trips, eq(trips.schoolId, DEMO_IDS.school));
    expect(await t.db.$count(trips, and(eq(trips.schoolId, DEMO_IDS.school), isNotNull(trips.routeId)))).toBe(before);
    await generateAllRuns(t.db, t.clock.now());
    await seedDemo(t.db, t.clock.now());
    const after = await t.db.select().from(trips).where(eq(trips.schoolId, DEMO_IDS.school));
    const keys = after.map(
      (trip) => `${trip.busNumber} ${trip.routeType} ${localDate(trip.departureTime, "America/Chicago")}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
    // Tomorrow's North Loop pickup on bus 12 carries Ava; River Road's on bus 7 has Leo off.
    const tomorrow = shiftDate(todayIn("America/Chicago", t.clock.now()), 1);
    const run = (bus: string) =>
      after.find((trip) => trip.busNumber === bus && trip.routeType === "pickup" && trip.serviceDate === tomorrow)!;
    expect(run("12").studentsCount).toBe(1);
    expect(run("7").studentsCount).toBe(0);
  });
});
