/**
 * The school admin's live board (issue 28 item 6): a day's runs, a run's replay and the attendance
 * report are the school's own (another school's run is 404, LO6); the attendance CSV is
 * formula-safe; the dev-only run simulator is 404 in production and without a simulator, drives only
 * its own or an untouched run, ends it when the server closes and puts the timetable back.
 */

import { i18n } from "@lingui/core";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendance, children, routeStops, runPositions, trips } from "#db/schema/index.ts";
import { punctuality, ridersOnBoard } from "#shared/live-board.ts";
import { demoRoute } from "#worker/local/demo-routes.ts";
import { DEMO_IDS, seedDemo } from "#worker/local/demo-seed.ts";
import { createRunSimulator, SIMULATED_ROUTE_ID, SIMULATOR_DRIVER } from "#worker/local/simulate-run.ts";
import { startLocale } from "../../web/src/i18n/i18n.ts";
import { attendanceCsv } from "../../web/src/pages/school-admin/live/attendance-csv.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";

let t: TestApp;
let runId: string;
let stopIds: string[];
let leoId: string;
const users: Record<string, { id: string; role: "school_admin" }> = {};
const START = new Date("2026-03-02T13:00:00Z");
const STOPS = [
  { name: "Oak & 5th", latitude: 41.77, longitude: -88.15, time: "07:10", distanceMeters: 0 },
  { name: "Maple Grove Primary", latitude: 41.79, longitude: -88.15, time: "07:30", distanceMeters: 2200 },
];

beforeAll(async () => {
  // The browser's CSV headers are Lingui messages (ADR 0078): read in English, the source language.
  i18n.activate("en");
  t = await createTestApp();
  t.clock.set(START);
  const school = await createSchool(t.db, { timeZone: "America/Chicago" });
  const other = await createSchool(t.db, { timeZone: "America/Chicago" });
  users.admin = (await createUser(t.db, "school_admin", { schoolId: school.id })) as never;
  users.otherAdmin = (await createUser(t.db, "school_admin", { schoolId: other.id })) as never;
  const admin = await callerFor(t, users.admin!);
  const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: null } });
  const route = await admin.schoolAdmin.routes.create({
    route: {
      name: "North loop",
      direction: "pickup",
      colour: "#1f77b4",
      busId: bus.id,
      driverName: "Sam Driver",
      activeFrom: "2026-01-05",
      activeTo: null,
      weekdays: [1, 2, 3, 4, 5],
    },
  });
  stopIds = (await admin.schoolAdmin.routes.stops.set({ routeId: route.id, version: 0, stops: STOPS })).stopIds;
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  const [leo] = await t.db
    .insert(children)
    .values({
      schoolId: school.id,
      parentId: parent.id,
      name: "Leo Park",
      age: 9,
      grade: "4th Grade",
      school: "Maple",
      emergencyContact: "Gran 555 0100",
    })
    .returning({ id: children.id });
  leoId = leo!.id;
  const [run] = await t.db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.routeId, route.id), eq(trips.serviceDate, "2026-03-02")));
  runId = run!.id;
});
afterAll(() => t.close());

describe("schoolAdmin.live", () => {
  it("LO6 lists the school's runs of the day, replays one, and reports its attendance; another school sees none of it", async () => {
    const admin = await callerFor(t, users.admin!);
    const board = await admin.schoolAdmin.live.runs({});
    expect(board.date).toBe("2026-03-02");
    expect(board.runs.map((run) => run.runId)).toEqual([runId]);
    expect(board.runs[0]).toMatchObject({ routeName: "North loop", busNumber: "12", open: false });
    const replay = await admin.schoolAdmin.live.replay({ runId });
    expect(replay.stops.map((stop) => stop.name)).toEqual(STOPS.map((stop) => stop.name));
    expect(replay.positions).toEqual([]);
    expect((await admin.schoolAdmin.live.attendance({ routeId: null })).rows).toEqual([]);

    const other = await callerFor(t, users.otherAdmin!);
    expect((await other.schoolAdmin.live.runs({ date: "2026-03-02" })).runs).toEqual([]);
    expect((await failure(other.schoolAdmin.live.replay({ runId }))).code).toBe("NOT_FOUND");
    expect((await other.schoolAdmin.live.attendance({ date: "2026-03-02", routeId: null })).rows).toEqual([]);
  });
});

describe("the attendance report", () => {
  it("keeps both events of a pickup: Leo boarded at 7:42 at Oak & 5th and was dropped at the school at 8:14 (report, CSV, replay)", async () => {
    const admin = await callerFor(t, users.admin!);
    await admin.schoolAdmin.riders.assign({
      childId: leoId,
      stopId: stopIds[0]!,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-02",
      toDate: null,
    });
    const [run] = await t.db.select({ schoolId: trips.schoolId }).from(trips).where(eq(trips.id, runId));
    const event = (status: "boarded" | "dropped", stop: number, at: string, clientId: string) => ({
      schoolId: run!.schoolId,
      runId,
      childId: leoId,
      stopId: stopIds[stop]!,
      status,
      at: new Date(at),
      latitude: STOPS[stop]!.latitude,
      longitude: STOPS[stop]!.longitude,
      clientId,
      recordedBy: "driver-1",
    });
    await t.db
      .insert(attendance)
      .values([
        event("boarded", 0, "2026-03-02T13:42:00Z", "t1"),
        event("dropped", 1, "2026-03-02T14:14:00Z", "dropped-at-school:leo"),
      ]);
    const report = await admin.schoolAdmin.live.attendance({ date: "2026-03-02", routeId: null });
    expect(report.rows).toEqual([
      {
        runId,
        routeName: "North loop",
        direction: "pickup",
        busNumber: "12",
        childName: "Leo Park",
        stopName: "Oak & 5th",
        mark: "boarded",
        boarding: {
          status: "boarded",
          at: new Date("2026-03-02T13:42:00Z"),
          stopName: "Oak & 5th",
          latitude: 41.77,
          longitude: -88.15,
        },
        drop: {
          status: "dropped",
          at: new Date("2026-03-02T14:14:00Z"),
          stopName: "Maple Grove Primary",
          latitude: 41.79,
          longitude: -88.15,
        },
      },
    ]);
    const csv = attendanceCsv("2026-03-02", report.rows, "America/Chicago").split("\r\n");
    expect(csv[0]).toBe(
      `"Date","Route","Direction","Bus","Child","Stop","Attendance","Boarded or absent at","Boarding stop","Boarding latitude","Boarding longitude","Dropped at","Drop-off stop","Drop-off latitude","Drop-off longitude"`,
    );
    expect(csv[1]).toBe(
      `"2026-03-02","North loop","Pickup","12","Leo Park","Oak & 5th","Boarded","7:42 AM","Oak & 5th","41.77","-88.15","8:14 AM","Maple Grove Primary","41.79","-88.15"`,
    );
    const replay = await admin.schoolAdmin.live.replay({ runId });
    expect(replay.taps.map((tap) => [tap.status, tap.stopName, tap.at.toISOString()])).toEqual([
      ["boarded", "Oak & 5th", "2026-03-02T13:42:00.000Z"],
      ["dropped", "Maple Grove Primary", "2026-03-02T14:14:00.000Z"],
    ]);
  });
});

describe("the board's summaries", () => {
  it("says on time within a minute, late or early by whole minutes", () => {
    expect(punctuality(null)).toBeNull();
    expect(punctuality(59)).toEqual({ late: false, label: "On time" });
    expect(punctuality(250)).toEqual({ late: true, label: "Late 4 min" });
    expect(punctuality(-120)).toEqual({ late: false, label: "Early 2 min" });
  });

  it("counts riders on board: boarded on a pickup, not yet dropped on a drop-off, none before the start or after the end", () => {
    const riders = [
      { notRiding: false, attendance: { status: "boarded" as const } },
      { notRiding: false, attendance: { status: "dropped" as const } },
      { notRiding: true, attendance: null },
      { notRiding: false, attendance: null },
    ];
    expect(ridersOnBoard({ direction: "pickup", startedAt: "x", endedAt: null }, riders)).toBe(1);
    expect(ridersOnBoard({ direction: "dropoff", startedAt: "x", endedAt: null }, riders)).toBe(2);
    expect(ridersOnBoard({ direction: "pickup", startedAt: null, endedAt: null }, riders)).toBe(0);
    expect(ridersOnBoard({ direction: "pickup", startedAt: "x", endedAt: "y" }, riders)).toBe(0);
  });

  it("LO6 exports attendance as formula-safe CSV", () => {
    const csv = attendanceCsv(
      "2026-03-02",
      [
        {
          runId,
          routeName: "=HYPERLINK(1)",
          direction: "pickup",
          busNumber: "12",
          childName: "+Ada",
          stopName: "@Oak",
          mark: "boarded",
          boarding: { status: "boarded", at: START, stopName: "-Oak", latitude: 41.77, longitude: -88.15 },
          drop: null,
        },
      ],
      "America/Chicago",
    );
    expect(csv.split("\r\n")[1]).toBe(
      `"2026-03-02","'=HYPERLINK(1)","Pickup","12","'+Ada","'@Oak","Boarded","7:00 AM","'-Oak","41.77","-88.15","","","",""`,
    );
  });

  it("exports attendance in the reader's language: the header and the direction and mark words (issue 30)", async () => {
    const row = {
      runId,
      routeName: "North loop",
      direction: "pickup" as const,
      busNumber: "12",
      childName: "Leo Park",
      stopName: "Oak & 5th",
      mark: "absent" as const,
      boarding: null,
      drop: null,
    };
    await startLocale("es", ["frame", "shared", "school", "school-live"]);
    try {
      const [header, line] = attendanceCsv("2026-03-02", [row], "America/Chicago").split("\r\n");
      expect(header?.startsWith(`"Fecha",`)).toBe(true);
      expect(i18n._("Pickup")).not.toBe("Pickup");
      expect(i18n._("Absent")).not.toBe("Absent");
      expect(
        line?.startsWith(
          `"2026-03-02","North loop","${i18n._("Pickup")}","12","Leo Park","Oak & 5th","${i18n._("Absent")}",`,
        ),
      ).toBe(true);
    } finally {
      await startLocale("en", ["frame", "shared", "school", "school-live"]);
    }
  });
});

describe("Simulate a run (dev only)", () => {
  it("is 404 in production and where the entry gives no simulator", async () => {
    const production = await createTestApp({ env: PRODUCTION_ENV });
    const cookie = (await sessionCookieFor(t.db, t.deps.config, users.admin!, t.clock.now())).cookie;
    const headers = { "content-type": "application/json", cookie };
    expect(
      (await production.app.request("https://app.schoolride.example/dev/live/simulate", { method: "POST", headers }))
        .status,
    ).toBe(404);
    expect((await production.app.request("https://app.schoolride.example/dev/live/simulate")).status).toBe(404);
    production.close();
    expect((await t.app.request("http://localhost:8787/dev/live/simulate", { method: "POST", headers })).status).toBe(
      404,
    );
  });
});

describe("the run simulator (dev only, ADR 0060)", () => {
  let demo: TestApp;
  const route = SIMULATED_ROUTE_ID;
  const timetable = async () =>
    (
      await demo.db
        .select({ minutes: routeStops.scheduledMinutes })
        .from(routeStops)
        .where(eq(routeStops.routeId, route))
        .orderBy(asc(routeStops.position))
    ).map((stop) => stop.minutes);
  const todaysRun = async () => {
    const [run] = await demo.db
      .select()
      .from(trips)
      .where(and(eq(trips.routeId, route), eq(trips.serviceDate, "2026-03-02")));
    return run!;
  };
  beforeAll(async () => {
    demo = await createTestApp();
    // Monday 2 March 2026, 03:00 in Chicago; an admin has moved River Road's pickup times.
    await seedDemo(demo.db, demo.clock.now());
    for (const [position, minutes] of [421, 426, 431, 436, 441, 446].entries())
      await demo.db
        .update(routeStops)
        .set({ scheduledMinutes: minutes })
        .where(and(eq(routeStops.routeId, route), eq(routeStops.position, position)));
  });
  afterAll(() => demo.close());

  it("drives today's run as its own driver, ends it when the server closes, and puts the admin's timetable back", async () => {
    const edited = await timetable();
    const simulator = createRunSimulator(() => demo.deps, { stepMs: 60_000 });
    const started = await simulator.start(DEMO_IDS.school);
    expect(started).toEqual({ runId: (await todaysRun()).id });
    expect(await todaysRun()).toMatchObject({ driverId: SIMULATOR_DRIVER.id, status: "in-progress", endedAt: null });
    expect(await timetable()).not.toEqual(edited);
    await simulator.close();
    expect(simulator.current()).toBeNull();
    const run = await todaysRun();
    expect(run.status).toBe("completed");
    expect(run.endedAt).not.toBeNull();
    expect(await timetable()).toEqual(edited);
    // Closed for good: nothing starts again.
    expect(await simulator.start(DEMO_IDS.school)).toHaveProperty("error");
    expect((await todaysRun()).endedAt).toEqual(run.endedAt);
  });

  it("after a crash mid-run, the next start ends the run left open and puts the seeded timetable back", async () => {
    const run = await todaysRun();
    await demo.db
      .update(trips)
      .set({ status: "in-progress", startedAt: demo.clock.now(), endedAt: null })
      .where(eq(trips.id, run.id));
    await demo.db.update(routeStops).set({ scheduledMinutes: 200 }).where(eq(routeStops.routeId, route));
    const simulator = createRunSimulator(() => demo.deps);
    await simulator.recover();
    expect(await todaysRun()).toMatchObject({ status: "completed" });
    expect(await timetable()).toEqual(demoRoute(route)!.timetable);
    await simulator.close();
  });

  it("drives two routes at once: stopping one leaves the other, another school's admin stops neither, another school's route is refused", async () => {
    const dropoff = "demo-route-7-dropoff";
    const simulator = createRunSimulator(() => demo.deps, { stepMs: 60_000 });
    const pickupRun = await simulator.start(DEMO_IDS.school);
    const dropoffRun = await simulator.start(DEMO_IDS.school, false, dropoff);
    expect(pickupRun).toHaveProperty("runId");
    expect(dropoffRun).toHaveProperty("runId");
    expect(simulator.current()).toBe((pickupRun as { runId: string }).runId);
    expect(simulator.current(dropoff)).toBe((dropoffRun as { runId: string }).runId);
    // Another school cannot stop them, nor drive this school's route.
    const other = await createSchool(demo.db, { timeZone: "America/Chicago" });
    await simulator.stop(other.id, dropoff);
    expect(simulator.current(dropoff)).not.toBeNull();
    expect(await simulator.start(other.id, false, dropoff)).toEqual({ error: "No such route in this school." });
    expect(simulator.current(dropoff)).toBe((dropoffRun as { runId: string }).runId);
    // Stopping the drop-off ends its run; River Road's pickup drives on.
    await simulator.stop(DEMO_IDS.school, dropoff);
    expect(simulator.current(dropoff)).toBeNull();
    expect(simulator.current()).not.toBeNull();
    const [ended] = await demo.db
      .select({ status: trips.status })
      .from(trips)
      .where(eq(trips.id, (dropoffRun as { runId: string }).runId));
    expect(ended?.status).toBe("completed");
    await simulator.close();
    expect(simulator.current()).toBeNull();
  });

  it("takes today's run the demo week seeded Arrived by the clock (no driver, never started); leaves a cancelled one", async () => {
    const run = await todaysRun();
    const simulator = createRunSimulator(() => demo.deps, { stepMs: 60_000 });
    await demo.db
      .update(trips)
      .set({ driverId: null, status: "completed", startedAt: null, endedAt: null })
      .where(eq(trips.id, run.id));
    expect(await simulator.start(DEMO_IDS.school)).not.toHaveProperty("error");
    expect(await todaysRun()).toMatchObject({ id: run.id, driverId: SIMULATOR_DRIVER.id, status: "in-progress" });
    await simulator.close();
    await demo.db
      .update(trips)
      .set({ driverId: null, status: "cancelled", startedAt: null, endedAt: null })
      .where(eq(trips.id, run.id));
    const again = createRunSimulator(() => demo.deps, { stepMs: 60_000 });
    expect(await again.start(DEMO_IDS.school)).toHaveProperty("error");
    expect(await todaysRun()).toMatchObject({ id: run.id, driverId: null, status: "cancelled" });
    await again.close();
  });

  it("leaves a run that is a real driver's alone: assigned, started or ended, it is not taken or emptied", async () => {
    const run = await todaysRun();
    const simulator = createRunSimulator(() => demo.deps, { stepMs: 60_000 });
    // Assigned to the demo driver, not started yet.
    await demo.db
      .update(trips)
      .set({ driverId: DEMO_IDS.driver, status: "scheduled", startedAt: null, endedAt: null })
      .where(eq(trips.id, run.id));
    const before = await timetable();
    expect(await simulator.start(DEMO_IDS.school)).toHaveProperty("error");
    expect(await todaysRun()).toMatchObject({ driverId: DEMO_IDS.driver, status: "scheduled", startedAt: null });
    // Started by that driver, with the positions the simulator had sent before.
    const positions = await demo.db.$count(runPositions, eq(runPositions.runId, run.id));
    const startedAt = demo.clock.now();
    await demo.db.update(trips).set({ status: "in-progress", startedAt }).where(eq(trips.id, run.id));
    expect(await simulator.start(DEMO_IDS.school)).toHaveProperty("error");
    expect(await todaysRun()).toMatchObject({ driverId: DEMO_IDS.driver, status: "in-progress", startedAt });
    expect(await demo.db.$count(runPositions, eq(runPositions.runId, run.id))).toBe(positions);
    expect(await timetable()).toEqual(before);
    // The demo loop logs a refusal once and tries again later; no run is driven meanwhile.
    const looping = createRunSimulator(() => demo.deps, { loopAfterMs: 60_000 });
    expect(await looping.start(DEMO_IDS.school, true)).toHaveProperty("error");
    expect(looping.current()).toBeNull();
    expect(demo.logger.lines.filter((line) => line.includes("simulated run skipped"))).toHaveLength(1);
    await Promise.all([simulator.close(), looping.close()]);
  });
});
