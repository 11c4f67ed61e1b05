/**
 * The school admin's live board (issue 28 item 6): a day's runs, a run's replay and the attendance
 * report are the school's own (another school's run is 404, LO4 in spirit); the attendance CSV is
 * formula-safe; the dev-only run simulator is 404 in production and without a simulator.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#db/schema/index.ts";
import { punctuality, ridersOnBoard } from "#shared/live-board.ts";
import { attendanceCsv } from "../../web/src/pages/school-admin/live/attendance-csv.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";

let t: TestApp;
let runId: string;
const users: Record<string, { id: string; role: "school_admin" }> = {};
const START = new Date("2026-03-02T13:00:00Z");
const STOPS = [
  { name: "Oak & 5th", latitude: 41.77, longitude: -88.15, time: "07:10", distanceMeters: 0 },
  { name: "Maple Grove Primary", latitude: 41.79, longitude: -88.15, time: "07:30", distanceMeters: 2200 },
];

beforeAll(async () => {
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
  await admin.schoolAdmin.routes.stops.set({ routeId: route.id, version: 0, stops: STOPS });
  const [run] = await t.db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.routeId, route.id), eq(trips.serviceDate, "2026-03-02")));
  runId = run!.id;
});
afterAll(() => t.close());

describe("schoolAdmin.live", () => {
  it("lists the school's runs of the day, replays one, and reports its attendance; another school sees none of it", async () => {
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

  it("exports attendance as formula-safe CSV", () => {
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
          at: START,
          latitude: 41.77,
          longitude: -88.15,
        },
      ],
      "America/Chicago",
    );
    expect(csv.split("\r\n")[1]).toBe(
      `"2026-03-02","'=HYPERLINK(1)","Pickup","12","'+Ada","'@Oak","Boarded","7:00 AM","41.77","-88.15"`,
    );
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
