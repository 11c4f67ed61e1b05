import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { children, routeStops, trips } from "#db/schema/index.ts";
import { RIDE_MESSAGES } from "#shared/riders.ts";
import { ROUTE_MESSAGES } from "#shared/routes.ts";
import { localDate, localTime } from "#shared/school-time.ts";
import { CRON_JOBS, routeRunsJob, runScheduled } from "#worker/cron/scheduled.ts";
import { text } from "#worker/i18n/texts.ts";
import { ROUTE_REFUSALS } from "#worker/services/refusal-texts.ts";
import { generateRuns } from "#worker/services/routes/runs.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

/**
 * ADR 0046: routes, stops and riders. Runs generated in the school's zone (across DST, skipping
 * holidays, idempotent, leaving started runs and hand-made trips alone), the "not riding" cut-off,
 * seats bound under concurrency, a dense stop order, and tenancy.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];

async function schoolWith(timeZone: string) {
  const school = await createSchool(t.db, { timeZone });
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  return {
    school,
    admin: await callerFor(t, admin as never),
    parent: await callerFor(t, parent as never),
    parentId: parent.id,
  };
}

async function childOf(schoolId: string, parentId: string, name: string) {
  const [row] = await t.db
    .insert(children)
    .values({ ...CHILD, name, schoolId, parentId })
    .returning({ id: children.id });
  return row!.id;
}

type Api = Awaited<ReturnType<typeof callerFor>>;

/** Another admin of the school (the settings are the school's, whoever saves them). */
async function schoolAdminOf(schoolId: string) {
  return callerFor(t, (await createUser(t.db, "school_admin", { schoolId })) as never);
}

async function routeWith(
  api: Api,
  options: {
    times: string[];
    weekdays?: number[];
    busId?: string | null;
    direction?: "pickup" | "dropoff";
    activeFrom?: string;
  },
) {
  const { id } = await api.schoolAdmin.routes.create({
    route: {
      name: `Route ${Math.random().toString(36).slice(2, 7)}`,
      direction: options.direction ?? "pickup",
      colour: "#1f77b4",
      busId: options.busId ?? null,
      driverName: "Dana",
      activeFrom: options.activeFrom ?? "2026-01-05",
      activeTo: null,
      weekdays: options.weekdays ?? ALL_WEEK,
    },
  });
  const stops = options.times.map((time, index) => ({
    name: `Stop ${index + 1}`,
    latitude: 41.77 + index / 1000,
    longitude: -88.15,
    time,
    distanceMeters: index * 800,
  }));
  const written = await api.schoolAdmin.routes.stops.set({ routeId: id, version: 0, stops });
  return { id, stopIds: written.stopIds };
}

const runsOf = (routeId: string) =>
  t.db.select().from(trips).where(eq(trips.routeId, routeId)).orderBy(asc(trips.serviceDate));

describe("run generation (ADR 0046)", () => {
  it("America/Chicago: a 07:30 run stays 07:30 across the spring-forward weekend, and a 02:30 stop moves to 03:30 on the day it does not exist", async () => {
    t.clock.set(new Date("2026-03-06T12:00:00Z")); // Friday 06:00 CST
    const { admin } = await schoolWith("America/Chicago");
    const route = await routeWith(admin, { times: ["07:30", "08:10"] });
    const runs = await runsOf(route.id);
    expect(runs.map((run) => run.serviceDate)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-03-${String(6 + i).padStart(2, "0")}`),
    );
    const byDate = new Map(runs.map((run) => [run.serviceDate, run]));
    expect(byDate.get("2026-03-07")!.departureTime.toISOString()).toBe("2026-03-07T13:30:00.000Z"); // CST
    expect(byDate.get("2026-03-08")!.departureTime.toISOString()).toBe("2026-03-08T12:30:00.000Z"); // CDT from 02:00 that day
    expect(byDate.get("2026-03-09")!.arrivalTime.toISOString()).toBe("2026-03-09T13:10:00.000Z");
    for (const run of runs) {
      expect(localTime(run.departureTime, "America/Chicago")).toBe("07:30");
      expect(localDate(run.departureTime, "America/Chicago")).toBe(run.serviceDate);
      expect(run).toMatchObject({
        status: "scheduled",
        stops: 2,
        studentsCount: 0,
        routeType: "pickup",
        createdBy: null,
      });
    }
    const night = await routeWith(admin, { times: ["02:30"] });
    const nightRuns = new Map(
      (await runsOf(night.id)).map((run) => [run.serviceDate, run.departureTime.toISOString()]),
    );
    expect(nightRuns.get("2026-03-07")).toBe("2026-03-07T08:30:00.000Z");
    expect(nightRuns.get("2026-03-08")).toBe("2026-03-08T08:30:00.000Z"); // 02:30 never happens: 03:30 CDT
    expect(nightRuns.get("2026-03-09")).toBe("2026-03-09T07:30:00.000Z");
  });

  it("America/Chicago fall back: 01:30 happens twice and the run is at its first occurrence", async () => {
    t.clock.set(new Date("2026-10-30T12:00:00Z"));
    const { admin } = await schoolWith("America/Chicago");
    const route = await routeWith(admin, { times: ["01:30", "07:00"] });
    const runs = new Map((await runsOf(route.id)).map((run) => [run.serviceDate, run]));
    expect(runs.get("2026-11-01")!.departureTime.toISOString()).toBe("2026-11-01T06:30:00.000Z"); // 01:30 CDT
    expect(runs.get("2026-11-01")!.arrivalTime.toISOString()).toBe("2026-11-01T13:00:00.000Z"); // 07:00 CST
    expect(runs.get("2026-11-02")!.departureTime.toISOString()).toBe("2026-11-02T07:30:00.000Z");
  });

  it("Pacific/Auckland: today is Auckland's, and 07:30 stays 07:30 when daylight time ends", async () => {
    t.clock.set(new Date("2026-04-02T20:00:00Z")); // Friday 3 April, 09:00 NZDT: today's 07:30 has gone
    const { admin } = await schoolWith("Pacific/Auckland");
    const route = await routeWith(admin, { times: ["07:30", "08:00"] });
    const runs = await runsOf(route.id);
    expect(runs[0]!.serviceDate).toBe("2026-04-04");
    expect(runs.at(-1)!.serviceDate).toBe("2026-04-16");
    const byDate = new Map(runs.map((run) => [run.serviceDate, run.departureTime.toISOString()]));
    expect(byDate.get("2026-04-04")).toBe("2026-04-03T18:30:00.000Z"); // NZDT +13
    expect(byDate.get("2026-04-05")).toBe("2026-04-04T19:30:00.000Z"); // NZST +12 from 03:00 that day
    expect(byDate.get("2026-04-06")).toBe("2026-04-05T19:30:00.000Z");
  });

  it("skips weekdays it does not run and no-service days; a holiday removed brings its run back", async () => {
    t.clock.set(new Date("2026-11-20T12:00:00Z")); // Friday
    const { admin } = await schoolWith("America/Chicago");
    const route = await routeWith(admin, { times: ["07:30", "08:00"], weekdays: [1, 2, 3, 4, 5] });
    const thanksgiving = await admin.schoolAdmin.routes.noServiceDays.add({
      date: "2026-11-26",
      reason: "Thanksgiving",
    });
    const dates = (await runsOf(route.id)).map((run) => run.serviceDate);
    expect(dates).toEqual([
      "2026-11-20",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-27",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);
    expect(await failure(admin.schoolAdmin.routes.noServiceDays.add({ date: "2026-11-26", reason: "Again" }))).toEqual({
      code: "CONFLICT",
      message: ROUTE_MESSAGES.noServiceDuplicate,
    });
    expect((await admin.schoolAdmin.routes.noServiceDays.list({})).days).toEqual([
      { id: thanksgiving.id, date: "2026-11-26", reason: "Thanksgiving" },
    ]);
    await admin.schoolAdmin.routes.noServiceDays.remove({ noServiceDayId: thanksgiving.id });
    expect((await runsOf(route.id)).map((run) => run.serviceDate)).toContain("2026-11-26");
    // The calendar: Mondays only.
    await admin.schoolAdmin.routes.setCalendar({ routeId: route.id, weekdays: [1] });
    expect((await runsOf(route.id)).map((run) => run.serviceDate)).toEqual(["2026-11-23", "2026-11-30"]);
  });

  it("is idempotent, and never touches a run that has started or a trip made by hand", async () => {
    t.clock.set(new Date("2026-03-02T12:00:00Z")); // Monday 06:00 CST
    const { admin, school } = await schoolWith("America/Chicago");
    const route = await routeWith(admin, { times: ["07:30", "08:00"] });
    const hand = await admin.schoolAdmin.trips.create({
      trip: {
        routeName: "Field day",
        routeType: "pickup",
        busNumber: "9",
        driverName: "Sam",
        departureDate: "2026-03-03",
        departureTime: "07:30",
        arrivalTime: "08:00",
        stops: 1,
        studentsCount: 3,
        status: "scheduled",
      },
    });
    const before = await runsOf(route.id);
    const again = await generateRuns(t.db, { schoolId: school.id, timeZone: "America/Chicago" }, t.clock.now());
    expect(again).toEqual({ written: 0, removed: 0 });
    expect(await runsOf(route.id)).toEqual(before);
    // The cron job runs it for every school with routes, hourly.
    expect(CRON_JOBS).toContain(routeRunsJob);
    const deps = { db: t.db, logger: t.logger } as never;
    await runScheduled(deps, t.clock.now(), [routeRunsJob]); // other tests' schools catch up to today
    expect(await runScheduled(deps, t.clock.now(), [routeRunsJob])).toEqual({ "route-runs": "skipped" });
    expect(await routeRunsJob.run(deps, t.clock.now())).toMatchObject({ written: 0, removed: 0 });
    expect(await runsOf(route.id)).toEqual(before);

    // Today's run departs and another is cancelled; then the route's times change and Tuesday becomes a holiday.
    const [today, tuesday, wednesday] = before;
    await admin.schoolAdmin.trips.setStatus({ tripId: today!.id, status: "in-progress" });
    await admin.schoolAdmin.trips.setStatus({ tripId: wednesday!.id, status: "cancelled" });
    const startedRow = (await runsOf(route.id))[0]!;
    const cancelledRow = (await runsOf(route.id))[2]!;
    const { route: current } = await admin.schoolAdmin.routes.get({ routeId: route.id });
    await admin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: current.stopsVersion,
      stops: [
        { name: "Stop 1", latitude: 41.77, longitude: -88.15, time: "07:00", distanceMeters: 0 },
        { name: "Stop 2", latitude: 41.78, longitude: -88.15, time: "07:40", distanceMeters: 900 },
      ],
    });
    await admin.schoolAdmin.routes.noServiceDays.add({ date: "2026-03-03", reason: "Snow day" });
    const after = await runsOf(route.id);
    expect(after.find((run) => run.id === today!.id)).toEqual(startedRow);
    expect(after.find((run) => run.id === wednesday!.id)).toEqual(cancelledRow);
    expect(after.find((run) => run.id === tuesday!.id)).toBeUndefined();
    expect(localTime(after.find((run) => run.serviceDate === "2026-03-05")!.departureTime, "America/Chicago")).toBe(
      "07:00",
    );
    const [handRow] = await t.db.select().from(trips).where(eq(trips.id, hand.ids[0]!));
    expect(handRow).toMatchObject({ routeName: "Field day", studentsCount: 3, routeId: null, serviceDate: null });
    expect(await t.db.$count(trips, and(eq(trips.schoolId, school.id), isNull(trips.routeId)))).toBe(1);
    // Deleting the route removes its runs that have not started; the one that started stays as a trip.
    await admin.schoolAdmin.routes.delete({ routeId: route.id });
    const left = await t.db
      .select({ id: trips.id, routeId: trips.routeId })
      .from(trips)
      .where(eq(trips.schoolId, school.id))
      .orderBy(asc(trips.id));
    expect(left).toEqual(
      [
        { id: today!.id, routeId: null },
        { id: wednesday!.id, routeId: null },
        { id: hand.ids[0]!, routeId: null },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("counts a run's students: riders that weekday and date, less those not riding", async () => {
    t.clock.set(new Date("2026-03-02T12:00:00Z")); // Monday
    const { admin, parent, parentId, school } = await schoolWith("America/Chicago");
    const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: "IL 1234" } });
    const route = await routeWith(admin, { times: ["07:30", "08:00"], weekdays: [1, 2, 3, 4, 5], busId: bus.id });
    const ada = await childOf(school.id, parentId, "Ada");
    const ben = await childOf(school.id, parentId, "Ben");
    await admin.schoolAdmin.riders.assign({
      childId: ada,
      stopId: route.stopIds[0]!,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-01",
      toDate: null,
    });
    await admin.schoolAdmin.riders.assign({
      childId: ben,
      stopId: route.stopIds[1]!,
      weekdays: [2],
      fromDate: "2026-03-01",
      toDate: "2026-03-05",
    });
    await parent.parent.rides.notRiding.set({ childId: ada, from: "2026-03-04" });
    const counts = Object.fromEntries((await runsOf(route.id)).map((run) => [run.serviceDate, run.studentsCount]));
    expect(counts).toMatchObject({
      "2026-03-02": 1,
      "2026-03-03": 2,
      "2026-03-04": 0,
      "2026-03-05": 1,
      "2026-03-10": 1,
    });
    expect((await runsOf(route.id))[0]!.busNumber).toBe("12");
    await parent.parent.rides.notRiding.clear({ childId: ada, from: "2026-03-04" });
    expect((await runsOf(route.id)).find((run) => run.serviceDate === "2026-03-04")!.studentsCount).toBe(1);
    // The routes list: bus, direction, stops, riders and seats used (the busiest weekday).
    const list = await admin.schoolAdmin.routes.list({ page: 1 });
    expect(list.routes).toEqual([
      expect.objectContaining({
        id: route.id,
        direction: "pickup",
        bus: { id: bus.id, number: "12", seats: 40 },
        stops: 2,
        riders: 2,
        seatsUsed: 2,
      }),
    ]);
    const one = await admin.schoolAdmin.routes.get({ routeId: route.id });
    expect(one.riders.map((rider) => rider.childName)).toEqual(["Ada", "Ben"]);
    expect(one.stops.map((stop) => [stop.position, stop.time])).toEqual([
      [0, "07:30"],
      [1, "08:00"],
    ]);
  });
});

describe('"not riding" cut-off (ADR 0046)', () => {
  async function family(timeZone: string, time: string) {
    t.clock.set(new Date("2026-03-02T12:00:00Z"));
    const setup = await schoolWith(timeZone);
    const route = await routeWith(setup.admin, { times: [time, "09:00"], weekdays: [1, 2, 3, 4, 5] });
    const child = await childOf(setup.school.id, setup.parentId, "Ada");
    await setup.admin.schoolAdmin.riders.assign({
      childId: child,
      stopId: route.stopIds[0]!,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-01",
      toDate: null,
    });
    return { ...setup, child };
  }

  it("America/Chicago, the Monday after DST starts: open until 06:30 CDT for a 07:30 stop, then call the school", async () => {
    const { parent, child } = await family("America/Chicago", "07:30");
    t.clock.set(new Date("2026-03-09T11:29:59Z")); // 06:29:59 CDT
    expect(await parent.parent.rides.notRiding.set({ childId: child, from: "2026-03-09" })).toEqual({
      childId: child,
      dates: ["2026-03-09"],
    });
    t.clock.set(new Date("2026-03-09T11:30:00Z")); // 06:30 CDT: the cut-off
    expect(await failure(parent.parent.rides.notRiding.clear({ childId: child, from: "2026-03-09" }))).toEqual({
      code: "PRECONDITION_FAILED",
      message: text("en", ROUTE_REFUSALS.pastCutoff(60)),
    });
    expect(
      await failure(parent.parent.rides.notRiding.set({ childId: child, from: "2026-03-09", to: "2026-03-10" })),
    ).toMatchObject({
      code: "PRECONDITION_FAILED",
    });
    expect(text("en", ROUTE_REFUSALS.pastCutoff(60))).toContain("call the school");
    // Tomorrow is still open; a weekend has no ride.
    expect(
      (await parent.parent.rides.notRiding.set({ childId: child, from: "2026-03-10", to: "2026-03-15" })).dates,
    ).toEqual(["2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]);
    expect(
      await failure(parent.parent.rides.notRiding.set({ childId: child, from: "2026-03-14", to: "2026-03-15" })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: RIDE_MESSAGES.noRides,
    });
  });

  it("Pacific/Auckland, the Monday after daylight time ends, with a 30-minute school setting", async () => {
    const { parent, child, school } = await family("Pacific/Auckland", "07:30");
    const asAdmin = (await schoolAdminOf(school.id)).schoolAdmin.routes.settings;
    expect(await asAdmin.get()).toEqual({ rideCutoffMinutes: 60, onTimeMinutes: 5 });
    await asAdmin.update({ rideCutoffMinutes: 30 });
    expect(await asAdmin.get()).toEqual({ rideCutoffMinutes: 30, onTimeMinutes: 5 });
    // The on-time threshold (reports, dashboard): saved when given, kept when left out.
    await asAdmin.update({ rideCutoffMinutes: 45, onTimeMinutes: 8 });
    expect(await asAdmin.get()).toEqual({ rideCutoffMinutes: 45, onTimeMinutes: 8 });
    await asAdmin.update({ rideCutoffMinutes: 30 });
    expect(await asAdmin.get()).toEqual({ rideCutoffMinutes: 30, onTimeMinutes: 8 });
    t.clock.set(new Date("2026-04-05T18:59:59Z")); // Monday 6 April 06:59:59 NZST
    expect((await parent.parent.rides.notRiding.set({ childId: child, from: "2026-04-06" })).dates).toEqual([
      "2026-04-06",
    ]);
    t.clock.set(new Date("2026-04-05T19:00:00Z")); // 07:00 NZST
    expect(await failure(parent.parent.rides.notRiding.clear({ childId: child, from: "2026-04-06" }))).toEqual({
      code: "PRECONDITION_FAILED",
      message: text("en", ROUTE_REFUSALS.pastCutoff(30)),
    });
    const lookup = await parent.parent.rides.lookup();
    expect(lookup.today).toBe("2026-04-06");
    expect(lookup.children).toEqual([expect.objectContaining({ id: child, notRiding: ["2026-04-06"] })]);
  });

  /**
   * A child on a route that runs every day, with a stop at `time`, assigned from `since`; then, for
   * `date` (marked not riding beforehand), whether marking and clearing are taken at each instant (the cut-off is the stop's instant
   * less 60 real minutes, so across a DST change it is not the wall clock less an hour).
   */
  async function edges(timeZone: string, since: string, time: string) {
    t.clock.set(new Date(`${since}T12:00:00Z`));
    const { admin, parent, school, parentId } = await schoolWith(timeZone);
    const route = await routeWith(admin, { times: [time, "09:00"], weekdays: ALL_WEEK, activeFrom: since });
    const child = await childOf(school.id, parentId, "Ada");
    await admin.schoolAdmin.riders.assign({
      childId: child,
      stopId: route.stopIds[0]!,
      weekdays: ALL_WEEK,
      fromDate: since,
      toDate: null,
    });
    return async (date: string, instants: string[]) => {
      const answers: string[] = [];
      for (const at of instants) {
        // The day is marked, well before its cut-off; then, at `at`, marked again and cleared.
        t.clock.set(new Date(Date.parse(`${date}T00:00:00Z`) - 2 * 86_400_000));
        await parent.parent.rides.notRiding.set({ childId: child, from: date });
        t.clock.set(new Date(at));
        const set = await parent.parent.rides.notRiding.set({ childId: child, from: date }).then(
          () => "set",
          (error: { code?: string }) => `set refused ${error.code}`,
        );
        const clear = await parent.parent.rides.notRiding.clear({ childId: child, from: date }).then(
          (done) => (done.dates.includes(date) ? "cleared" : "nothing to clear"),
          (error: { code?: string }) => `clear refused ${error.code}`,
        );
        answers.push(`${set}, ${clear}`);
      }
      return answers;
    };
  }
  const OPEN = "set, cleared";
  const SHUT = "set refused PRECONDITION_FAILED, clear refused PRECONDITION_FAILED";

  it("America/Chicago spring forward: a 03:30 stop on the Sunday the clocks skip 02:00–03:00 closes at 01:30 CST, one real hour before; a minute either side", async () => {
    const at = await edges("America/Chicago", "2026-03-02", "03:30");
    // 03:30 CDT is 08:30Z; the cut-off is 07:30Z (01:30 CST), not 02:30 (which does not exist that day).
    expect(
      await at("2026-03-08", [
        "2026-03-08T07:29:00Z",
        "2026-03-08T07:30:00Z",
        "2026-03-08T07:31:00Z",
        "2026-03-08T07:59:00Z",
      ]),
    ).toEqual([OPEN, SHUT, SHUT, SHUT]);
    // The Monday after: the same stop, now an hour of CDT before it.
    expect(await at("2026-03-09", ["2026-03-09T07:29:00Z", "2026-03-09T07:30:00Z", "2026-03-09T07:31:00Z"])).toEqual([
      OPEN,
      SHUT,
      SHUT,
    ]);
  });

  it("America/Chicago fall back: a 01:30 stop on the Sunday 01:00–02:00 happens twice is at its first occurrence, so the cut-off is 00:30 CDT; a minute either side", async () => {
    const at = await edges("America/Chicago", "2026-10-26", "01:30");
    // 01:30 CDT is 06:30Z; the cut-off 05:30Z.
    expect(await at("2026-11-01", ["2026-11-01T05:29:00Z", "2026-11-01T05:30:00Z", "2026-11-01T05:31:00Z"])).toEqual([
      OPEN,
      SHUT,
      SHUT,
    ]);
    // The Saturday before (CDT, 06:30Z) and the Monday after (CST, 07:30Z): an hour apart in UTC.
    expect(await at("2026-10-31", ["2026-10-31T05:29:00Z", "2026-10-31T05:30:00Z"])).toEqual([OPEN, SHUT]);
    expect(await at("2026-11-02", ["2026-11-02T06:29:00Z", "2026-11-02T06:30:00Z", "2026-11-02T06:31:00Z"])).toEqual([
      OPEN,
      SHUT,
      SHUT,
    ]);
  });

  it("Pacific/Auckland daylight time ends: a 03:30 NZST stop closes at 02:30 NZST, the second 02:30 of that night; a minute either side", async () => {
    const at = await edges("Pacific/Auckland", "2026-03-30", "03:30");
    // 03:30 NZST (+12) on 5 April is 15:30Z on the 4th; the cut-off 14:30Z, an hour after the first 02:30 (13:30Z).
    expect(
      await at("2026-04-05", [
        "2026-04-04T13:31:00Z",
        "2026-04-04T14:29:00Z",
        "2026-04-04T14:30:00Z",
        "2026-04-04T14:31:00Z",
      ]),
    ).toEqual([OPEN, OPEN, SHUT, SHUT]);
  });

  it("Pacific/Auckland daylight time starts: a 03:15 NZDT stop closes at 01:15 NZST, one real hour before; a minute either side", async () => {
    const at = await edges("Pacific/Auckland", "2026-09-21", "03:15");
    // 03:15 NZDT (+13) on 27 September is 14:15Z on the 26th; the cut-off 13:15Z (01:15 NZST).
    expect(await at("2026-09-27", ["2026-09-26T13:14:00Z", "2026-09-26T13:15:00Z", "2026-09-26T13:16:00Z"])).toEqual([
      OPEN,
      SHUT,
      SHUT,
    ]);
  });
});

describe("seats (ADR 0046)", () => {
  it("20 concurrent assignments to a bus with 5 free seats: exactly 5 hold, the others are told the numbers", async () => {
    t.clock.set(new Date("2026-03-02T12:00:00Z"));
    const { admin, school, parentId } = await schoolWith("America/Chicago");
    const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 8, plate: null } });
    const route = await routeWith(admin, { times: ["07:30", "08:00"], weekdays: [1, 2, 3, 4, 5], busId: bus.id });
    const assign = (childId: string) =>
      admin.schoolAdmin.riders.assign({
        childId,
        stopId: route.stopIds[0]!,
        weekdays: [1, 3],
        fromDate: "2026-03-02",
        toDate: null,
      });
    for (let i = 0; i < 3; i++) await assign(await childOf(school.id, parentId, `Early ${i}`));
    const kids = await Promise.all(Array.from({ length: 20 }, (_, i) => childOf(school.id, parentId, `Child ${i}`)));
    const results = await Promise.allSettled(kids.map(assign));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const messages = new Set(
      results.flatMap((result) => (result.status === "rejected" ? [(result.reason as Error).message] : [])),
    );
    expect(messages).toEqual(new Set([text("en", ROUTE_REFUSALS.riderFull("12", 8, 8, "Monday"))]));
    expect(text("en", ROUTE_REFUSALS.riderFull("12", 40, 40, "Monday"))).toBe(
      "Bus 12 has 40 seats and 40 riders on Mondays",
    );
    expect(text("es", ROUTE_REFUSALS.riderFull("12", 40, 40, "Monday"))).toBe(
      "El autobús 12 tiene 40 plazas y 40 pasajeros los lunes",
    );
    expect((await admin.schoolAdmin.riders.list({ routeId: route.id })).riders).toHaveLength(8);
    // A smaller bus is refused with the numbers too.
    const small = await admin.schoolAdmin.buses.create({ bus: { number: "3", seats: 6, plate: null } });
    const { route: current } = await admin.schoolAdmin.routes.get({ routeId: route.id });
    expect(
      await failure(
        admin.schoolAdmin.routes.update({
          routeId: route.id,
          route: {
            name: current.name,
            direction: current.direction,
            colour: current.colour,
            busId: small.id,
            driverName: current.driverName,
            activeFrom: current.activeFrom,
            activeTo: current.activeTo,
            weekdays: current.weekdays,
          },
        }),
      ),
    ).toEqual({ code: "CONFLICT", message: text("en", ROUTE_REFUSALS.busTooSmall("3", 6, 8, "Monday")) });
  });
});

describe("stop order (ADR 0046)", () => {
  const stop = (name: string, time: string, id?: string) => ({
    ...(id ? { id } : {}),
    name,
    latitude: 41.8,
    longitude: -87.8,
    time,
    distanceMeters: 0,
  });
  const positions = async (routeId: string) =>
    (
      await t.db
        .select({ name: routeStops.name, position: routeStops.position })
        .from(routeStops)
        .where(eq(routeStops.routeId, routeId))
        .orderBy(asc(routeStops.position))
    ).map((row) => `${row.position}:${row.name}`);

  it("reorder, insert and remove keep the order dense (0..n-1); a stale or concurrent edit is refused", async () => {
    t.clock.set(new Date("2026-03-02T12:00:00Z"));
    const { admin, school, parentId } = await schoolWith("America/Chicago");
    const route = await admin.schoolAdmin.routes.create({
      route: {
        name: "Oak",
        direction: "pickup",
        colour: "#ff7f0e",
        busId: null,
        driverName: "Lee",
        activeFrom: "2026-03-01",
        activeTo: null,
        weekdays: [1],
      },
    });
    const a = await admin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: 0,
      stops: [stop("A", "07:00"), stop("B", "07:10"), stop("C", "07:20")],
    });
    const [idA, idB, idC] = a.stopIds as [string, string, string];
    await admin.schoolAdmin.routes.stops.reorder({ routeId: route.id, version: 1, stopIds: [idC, idA, idB] });
    expect(await positions(route.id)).toEqual(["0:C", "1:A", "2:B"]);
    await admin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: 2,
      stops: [stop("C", "07:00", idC), stop("D", "07:05"), stop("A", "07:10", idA), stop("B", "07:20", idB)],
    });
    expect(await positions(route.id)).toEqual(["0:C", "1:D", "2:A", "3:B"]);
    await admin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: 3,
      stops: [stop("C", "07:00", idC), stop("B", "07:20", idB)],
    });
    expect(await positions(route.id)).toEqual(["0:C", "1:B"]);
    // Stale: the version read before the last edit.
    expect(
      await failure(admin.schoolAdmin.routes.stops.reorder({ routeId: route.id, version: 3, stopIds: [idB, idC] })),
    ).toEqual({
      code: "CONFLICT",
      message: ROUTE_MESSAGES.stopsStale,
    });
    // Two editors at once from the same version: one wins, the order stays dense.
    const results = await Promise.allSettled([
      admin.schoolAdmin.routes.stops.reorder({ routeId: route.id, version: 4, stopIds: [idB, idC] }),
      admin.schoolAdmin.routes.stops.set({
        routeId: route.id,
        version: 4,
        stops: [stop("C", "07:00", idC), stop("B", "07:20", idB), stop("E", "07:30")],
      }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const after = await positions(route.id);
    expect(after.map((entry) => Number(entry.split(":")[0]))).toEqual(after.map((_, index) => index));
    // A stop with riders is not removed.
    const child = await childOf(school.id, parentId, "Kim");
    await admin.schoolAdmin.riders.assign({
      childId: child,
      stopId: idC,
      weekdays: [1],
      fromDate: "2026-03-02",
      toDate: null,
    });
    const { route: current } = await admin.schoolAdmin.routes.get({ routeId: route.id });
    expect(
      await failure(
        admin.schoolAdmin.routes.stops.set({
          routeId: route.id,
          version: current.stopsVersion,
          stops: [stop("B", "07:20", idB)],
        }),
      ),
    ).toEqual({
      code: "CONFLICT",
      message: text("en", ROUTE_REFUSALS.stopHasRiders("C", 1)),
    });
  });
});

describe("tenancy (AZ2)", () => {
  it("another school's ids are refused, and a parent reaches only their own children", async () => {
    t.clock.set(new Date("2026-03-02T12:00:00Z"));
    const own = await schoolWith("America/Chicago");
    const other = await schoolWith("America/Chicago");
    const bus = await own.admin.schoolAdmin.buses.create({ bus: { number: "7", seats: 20, plate: null } });
    const route = await routeWith(own.admin, { times: ["07:30"], weekdays: [1, 2, 3, 4, 5], busId: bus.id });
    const child = await childOf(own.school.id, own.parentId, "Ada");
    const rider = await own.admin.schoolAdmin.riders.assign({
      childId: child,
      stopId: route.stopIds[0]!,
      weekdays: [1],
      fromDate: "2026-03-02",
      toDate: null,
    });
    const foreignChild = await childOf(other.school.id, other.parentId, "Zed");
    const api = other.admin.schoolAdmin;
    for (const call of [
      () => api.routes.get({ routeId: route.id }),
      () => api.routes.delete({ routeId: route.id }),
      () => api.routes.setCalendar({ routeId: route.id, weekdays: [1] }),
      () =>
        api.routes.stops.set({
          routeId: route.id,
          version: 1,
          stops: [{ name: "X", latitude: 1, longitude: 1, time: "07:00", distanceMeters: 0 }],
        }),
      () => api.routes.stops.reorder({ routeId: route.id, version: 1, stopIds: route.stopIds }),
      () => api.riders.list({ routeId: route.id }),
      () => api.riders.unassign({ riderId: rider.id }),
      () =>
        api.riders.assign({
          childId: foreignChild,
          stopId: route.stopIds[0]!,
          weekdays: [1],
          fromDate: "2026-03-02",
          toDate: null,
        }),
      () =>
        api.riders.assign({
          childId: child,
          stopId: route.stopIds[0]!,
          weekdays: [1],
          fromDate: "2026-03-02",
          toDate: null,
        }),
      () => api.buses.update({ busId: bus.id, bus: { number: "7", seats: 1, plate: null } }),
      () => api.buses.delete({ busId: bus.id }),
      () =>
        own.admin.schoolAdmin.riders.assign({
          childId: foreignChild,
          stopId: route.stopIds[0]!,
          weekdays: [1],
          fromDate: "2026-03-02",
          toDate: null,
        }),
    ]) {
      expect((await failure(call())).code).toBe("NOT_FOUND");
    }
    expect((await api.routes.list({ page: 1 })).routes).toEqual([]);
    expect((await api.buses.list()).buses).toEqual([]);
    // Parents: another family's child (same school or not) is not found; the lookup holds only the family's own.
    const neighbour = await createUser(t.db, "parent", { schoolId: own.school.id });
    const asNeighbour = await callerFor(t, neighbour as never);
    for (const childId of [child, foreignChild]) {
      expect((await failure(asNeighbour.parent.rides.notRiding.set({ childId, from: "2026-03-09" }))).code).toBe(
        "NOT_FOUND",
      );
      expect((await failure(asNeighbour.parent.rides.notRiding.clear({ childId, from: "2026-03-09" }))).code).toBe(
        "NOT_FOUND",
      );
    }
    expect((await asNeighbour.parent.rides.lookup()).children).toEqual([]);
    const lookup = await own.parent.parent.rides.lookup();
    expect(lookup.children).toEqual([
      expect.objectContaining({
        id: child,
        rides: [
          expect.objectContaining({
            direction: "pickup",
            bus: { number: "7" },
            stop: expect.objectContaining({ name: "Stop 1", time: "07:30", latitude: 41.77, longitude: -88.15 }),
            today: expect.objectContaining({ routeId: route.id, status: "scheduled" }),
          }),
        ],
      }),
    ]);
    expect(lookup.runsToday.map((run) => run.routeId)).toEqual([route.id]);
  });
});
