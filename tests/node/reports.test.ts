import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  invoices,
  reportAbsences,
  reportChildMonths,
  reportRunStops,
  reportRuns,
  reportStopMonths,
  routeStops,
} from "#db/schema/index.ts";
import { REPORT_MESSAGES } from "#shared/report-texts.ts";
import { zonedInstant } from "#shared/school-time.ts";
import { splitByMonths } from "#worker/services/reports/reports.ts";
import { rebuildReportRollups } from "#worker/services/reports/rollups.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { seedEnrollment, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { addBus, addChild, addRoute, addRun, closeRun, tap, visit } from "../support/report-seed.ts";

/**
 * Issue 31, the school admin's reports: every figure below is computed by hand from the runs, stop
 * visits, taps, field trips and invoices seeded here, in America/Chicago (daylight time starts on
 * Sunday 8 March 2026 at 02:00, which becomes 03:00).
 */
const ZONE = "America/Chicago";
const local = (date: string, time: string) => zonedInstant(date, time, ZONE);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ countRoundTrips: true });
});
afterEach(() => t.close());

/**
 * Maple: North (pickup; bus 7, 40 seats; stops Oak, Elm, School) and South (drop-off; bus 9, 20
 * seats; stops School, Pine). Children Ada, Ben, Cy, Dee. Runs:
 * - N1 Fri 6 Mar, due 08:00, last stop 08:04 (4 min late: on time). Ada boarded at Oak, Ben at Elm,
 *   Cy absent at Oak; Ada and Ben dropped at School.
 * - N2 Sun 8 Mar (the DST day), due 03:30 CDT, last stop 03:34 (on time; 3:34 CDT is 08:34 UTC, the
 *   same wall clock a naive UTC-6 reading would put at 09:34). Ada boarded at Oak.
 * - N3 Mon 9 Mar, due 08:00 CDT, last stop 08:07 (7 min late). Ada and Cy boarded at Oak, Ben absent at Elm.
 * - S1 Fri 6 Mar, due 23:55, last stop 00:07 on Sat 7 Mar (12 min late, across midnight: still 6 Mar's
 *   run). Dee dropped at Pine.
 * - S2 Mon 9 Mar: cancelled (a tap before the cancel stays out of the figures of completed runs).
 * - S3 Tue 10 Mar: completed, the last stop never reached (late, listed without minutes). Dee absent at School.
 * - N4 Wed 11 Mar: still open (not in any report).
 * And another school's completed run on 9 Mar, which no figure of Maple's may include.
 */
async function seedMaple() {
  const school = await createSchool(t.db, { name: "Maple", timeZone: ZONE });
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  const s = school.id;
  const bus7 = await addBus(t.db, s, "7", 40);
  const bus9 = await addBus(t.db, s, "9", 20);
  const north = await addRoute(t.db, { schoolId: s, name: "North", busId: bus7 }, [
    ["Oak", "07:40"],
    ["Elm", "07:50"],
    ["School", "08:00"],
  ]);
  const south = await addRoute(t.db, { schoolId: s, name: "South", busId: bus9, direction: "dropoff" }, [
    ["School", "23:30"],
    ["Pine", "23:55"],
  ]);
  const [oak, elm, northSchool] = north.stopIds as [string, string, string];
  const [southSchool, pine] = south.stopIds as [string, string];
  const ada = await addChild(t.db, s, "Ada");
  const ben = await addChild(t.db, s, "Ben");
  const cy = await addChild(t.db, s, "Cy");
  const dee = await addChild(t.db, s, "Dee");
  const run = (route: typeof north, name: string, date: string, start: string, due: string, bus: string) =>
    addRun(t.db, {
      schoolId: s,
      routeId: route.routeId,
      routeName: name,
      date,
      zone: ZONE,
      start,
      due,
      busNumber: bus,
    });
  const taps = async (runId: string, rows: [string, string | null, "boarded" | "absent" | "dropped", Date][]) => {
    for (const [childId, stopId, status, at] of rows)
      await tap(t.db, { runId, schoolId: s, childId, stopId, status, at });
  };

  const n1 = await run(north, "North", "2026-03-06", "07:40", "08:00", "7");
  await taps(n1, [
    [ada, oak, "boarded", local("2026-03-06", "07:41")],
    [cy, oak, "absent", local("2026-03-06", "07:41")],
    [ben, elm, "boarded", local("2026-03-06", "07:52")],
  ]);
  await visit(t.db, n1, s, northSchool, local("2026-03-06", "08:04"));
  await taps(n1, [
    [ada, northSchool, "dropped", local("2026-03-06", "08:05")],
    [ben, northSchool, "dropped", local("2026-03-06", "08:05")],
  ]);
  await closeRun(t.db, n1, "completed", local("2026-03-06", "08:06"));

  const n2 = await run(north, "North", "2026-03-08", "03:10", "03:30", "7");
  await taps(n2, [[ada, oak, "boarded", local("2026-03-08", "03:12")]]);
  await visit(t.db, n2, s, northSchool, local("2026-03-08", "03:34"));
  await closeRun(t.db, n2, "completed", local("2026-03-08", "03:40"));

  const n3 = await run(north, "North", "2026-03-09", "07:40", "08:00", "7");
  // Closed first, then the taps arrive (a phone back online): the rollup follows.
  await visit(t.db, n3, s, northSchool, local("2026-03-09", "08:07"));
  await closeRun(t.db, n3, "completed", local("2026-03-09", "08:10"));
  await taps(n3, [
    [ada, oak, "boarded", local("2026-03-09", "07:41")],
    [cy, oak, "boarded", local("2026-03-09", "07:41")],
    [ben, elm, "boarded", local("2026-03-09", "07:51")],
    // A later tap of the same phase replaces the earlier: Ben was absent after all.
    [ben, elm, "absent", local("2026-03-09", "07:53")],
  ]);

  const s1 = await run(south, "South", "2026-03-06", "23:30", "23:55", "9");
  await taps(s1, [[dee, pine, "dropped", local("2026-03-07", "00:07")]]);
  await visit(t.db, s1, s, pine, local("2026-03-07", "00:07"));
  await closeRun(t.db, s1, "completed", local("2026-03-07", "00:10"));

  const s2 = await run(south, "South", "2026-03-09", "23:30", "23:55", "9");
  await taps(s2, [[dee, pine, "dropped", local("2026-03-09", "23:58")]]);
  await closeRun(t.db, s2, "cancelled", local("2026-03-09", "23:59"));

  const s3 = await run(south, "South", "2026-03-10", "23:30", "23:55", "9");
  await visit(t.db, s3, s, southSchool, local("2026-03-10", "23:31"));
  await taps(s3, [[dee, southSchool, "absent", local("2026-03-10", "23:31")]]);
  await closeRun(t.db, s3, "completed", local("2026-03-10", "23:59"));

  const n4 = await run(north, "North", "2026-03-11", "07:40", "08:00", "7");
  await taps(n4, [[ada, oak, "boarded", local("2026-03-11", "07:41")]]);

  // Another school, same days: never in Maple's figures.
  const other = await createSchool(t.db, { timeZone: ZONE });
  const otherBus = await addBus(t.db, other.id, "7", 50);
  const otherRoute = await addRoute(t.db, { schoolId: other.id, name: "North", busId: otherBus }, [
    ["Oak", "07:40"],
    ["School", "08:00"],
  ]);
  const otherChild = await addChild(t.db, other.id, "Zed");
  const o1 = await addRun(t.db, {
    schoolId: other.id,
    routeId: otherRoute.routeId,
    routeName: "North",
    date: "2026-03-09",
    zone: ZONE,
    start: "07:40",
    due: "08:00",
    busNumber: "7",
  });
  await tap(t.db, {
    runId: o1,
    schoolId: other.id,
    childId: otherChild,
    stopId: otherRoute.stopIds[0]!,
    status: "absent",
    at: local("2026-03-09", "07:41"),
  });
  await visit(t.db, o1, other.id, otherRoute.stopIds[1]!, local("2026-03-09", "09:00"));
  await closeRun(t.db, o1, "completed", local("2026-03-09", "09:05"));

  return { school, admin, other, north, south, ids: { ada, ben, cy, dee }, runs: { n1, n2, n3, s1, s2, s3, n4, o1 } };
}

describe("reports (issue 31)", () => {
  it("every figure of a week equals the hand count: on time, ridership, absences, seats", async () => {
    const { admin, north, south, ids, runs } = await seedMaple();
    const api = await callerFor(t, admin);
    t.roundTrips!.reset();
    const report = await api.schoolAdmin.reports.get({ from: "2026-03-02", to: "2026-03-13", routeId: null });
    // At most two round trips: the session's read and the report's one batch.
    expect(t.roundTrips!.log.filter((line) => line.startsWith("batch"))).toHaveLength(1);
    expect(t.roundTrips!.log.length).toBeLessThanOrEqual(2);
    expect(report.onTimeMinutes).toBe(5);
    expect(report.perRoute).toEqual([
      { routeId: north.routeId, routeName: "North", completed: 3, onTime: 2, cancelled: 0, riders: 5, absent: 2 },
      { routeId: south.routeId, routeName: "South", completed: 2, onTime: 0, cancelled: 1, riders: 1, absent: 1 },
    ]);
    expect(report.perDay).toEqual([
      { date: "2026-03-06", completed: 2, onTime: 1, cancelled: 0, riders: 3, absent: 1 },
      { date: "2026-03-08", completed: 1, onTime: 1, cancelled: 0, riders: 1, absent: 0 },
      { date: "2026-03-09", completed: 1, onTime: 0, cancelled: 1, riders: 2, absent: 1 },
      { date: "2026-03-10", completed: 1, onTime: 0, cancelled: 0, riders: 0, absent: 1 },
    ]);
    expect(
      report.lateRuns.map((run) => [run.runId, run.routeName, run.date, run.lateSeconds, run.reachedAt?.toISOString()]),
    ).toEqual([
      [runs.s3, "South", "2026-03-10", null, undefined],
      [runs.s1, "South", "2026-03-06", 12 * 60, "2026-03-07T06:07:00.000Z"],
      [runs.n3, "North", "2026-03-09", 7 * 60, "2026-03-09T13:07:00.000Z"],
    ]);
    expect(report.lateRuns[1]!.dueAt.toISOString()).toBe("2026-03-07T05:55:00.000Z");
    const stops = Object.fromEntries(
      report.perStop.map((stop) => [`${stop.stopName} ${stop.routeId === north.routeId ? "N" : "S"}`, stop]),
    );
    expect(Object.keys(stops).sort()).toEqual(["Elm N", "Oak N", "Pine S", "School N", "School S"]);
    expect(stops["Oak N"]).toMatchObject({ runs: 3, boarded: 4, absent: 1, dropped: 0 });
    expect(stops["Elm N"]).toMatchObject({ runs: 2, boarded: 1, absent: 1, dropped: 0 });
    expect(stops["School N"]).toMatchObject({ runs: 1, boarded: 0, absent: 0, dropped: 2 });
    // S2 was cancelled: its tap at Pine counts nowhere; S1's drop is the one.
    expect(stops["Pine S"]).toMatchObject({ runs: 1, boarded: 0, absent: 0, dropped: 1 });
    expect(stops["School S"]).toMatchObject({ runs: 1, boarded: 0, absent: 1, dropped: 0 });
    expect(report.perChild).toEqual([
      { childId: ids.ben, childName: "Ben", absences: 1, lastAbsent: "2026-03-09" },
      { childId: ids.cy, childName: "Cy", absences: 1, lastAbsent: "2026-03-06" },
      { childId: ids.dee, childName: "Dee", absences: 1, lastAbsent: "2026-03-10" },
    ]);
    expect(report.perBus).toEqual([
      { busNumber: "7", seats: 40, runs: 3, riders: 5, most: 2 },
      { busNumber: "9", seats: 20, runs: 2, riders: 1, most: 1 },
    ]);
    expect(report.routes.map((route) => route.name)).toEqual(["North", "South"]);
    // The same runs read through the monthly rollups (ADR 0074): all of March, and March with days
    // of February and April at the edges, give the same figures.
    const sections = ({ from, to, ...rest }: typeof report) => rest;
    for (const [from, to] of [
      ["2026-03-01", "2026-03-31"],
      ["2026-02-14", "2026-04-03"],
    ] as const)
      expect(sections(await api.schoolAdmin.reports.get({ from, to, routeId: null }))).toEqual(sections(report));
  });

  it("a range of whole months and edge days: each run once, from the monthly rollups or its own rows", async () => {
    const { school, admin, north, south, ids } = await seedMaple();
    const [oak, elm] = north.stopIds as [string, string, string];
    const [, pine] = south.stopIds as [string, string];
    const s = school.id;
    const run = async (route: typeof north, name: string, date: string, start: string, due: string) =>
      addRun(t.db, {
        schoolId: s,
        routeId: route.routeId,
        routeName: name,
        date,
        zone: ZONE,
        start,
        due,
        busNumber: "7",
      });
    // Fri 27 Feb: Ada absent and Ben boarded at Oak. Wed 1 Apr: Cy absent at Elm. Tue 31 Mar, South:
    // due 23:55, Dee dropped at Pine at 00:03 on 1 April (March's run, in March's month row).
    const february = await run(north, "North", "2026-02-27", "07:40", "08:00");
    await tap(t.db, {
      runId: february,
      schoolId: s,
      childId: ids.ada,
      stopId: oak,
      status: "absent",
      at: local("2026-02-27", "07:41"),
    });
    await tap(t.db, {
      runId: february,
      schoolId: s,
      childId: ids.ben,
      stopId: oak,
      status: "boarded",
      at: local("2026-02-27", "07:41"),
    });
    await closeRun(t.db, february, "completed", local("2026-02-27", "08:05"));
    const april = await run(north, "North", "2026-04-01", "07:40", "08:00");
    await tap(t.db, {
      runId: april,
      schoolId: s,
      childId: ids.cy,
      stopId: elm,
      status: "absent",
      at: local("2026-04-01", "07:50"),
    });
    await closeRun(t.db, april, "completed", local("2026-04-01", "08:05"));
    const lastNight = await run(south, "South", "2026-03-31", "23:30", "23:55");
    await tap(t.db, {
      runId: lastNight,
      schoolId: s,
      childId: ids.dee,
      stopId: pine,
      status: "dropped",
      at: local("2026-04-01", "00:03"),
    });
    await visit(t.db, lastNight, s, pine, local("2026-04-01", "00:03"));
    await closeRun(t.db, lastNight, "completed", local("2026-04-01", "00:05"));
    const api = await callerFor(t, admin);
    const stopsOf = (report: Awaited<ReturnType<typeof api.schoolAdmin.reports.get>>) =>
      Object.fromEntries(
        report.perStop.map((stop) => [
          `${stop.stopName} ${stop.routeId === north.routeId ? "N" : "S"}`,
          [stop.runs, stop.boarded, stop.absent, stop.dropped],
        ]),
      );
    // 27 Feb – 1 Apr: March from its month rows, 27–28 Feb and 1 Apr from the runs' rows.
    const wide = await api.schoolAdmin.reports.get({ from: "2026-02-27", to: "2026-04-01", routeId: null });
    expect(stopsOf(wide)).toEqual({
      "Oak N": [4, 5, 2, 0],
      "Elm N": [3, 1, 2, 0],
      "School N": [1, 0, 0, 2],
      "Pine S": [2, 0, 0, 2],
      "School S": [1, 0, 1, 0],
    });
    expect(wide.perChild).toEqual([
      { childId: ids.cy, childName: "Cy", absences: 2, lastAbsent: "2026-04-01" },
      { childId: ids.ada, childName: "Ada", absences: 1, lastAbsent: "2026-02-27" },
      { childId: ids.ben, childName: "Ben", absences: 1, lastAbsent: "2026-03-09" },
      { childId: ids.dee, childName: "Dee", absences: 1, lastAbsent: "2026-03-10" },
    ]);
    expect(wide.perDay.map((day) => [day.date, day.completed])).toEqual([
      ["2026-02-27", 1],
      ["2026-03-06", 2],
      ["2026-03-08", 1],
      ["2026-03-09", 1],
      ["2026-03-10", 1],
      ["2026-03-31", 1],
      ["2026-04-01", 1],
    ]);
    // One route: its stops from the month rows, its children's absences from its runs' rows.
    const northOnly = await api.schoolAdmin.reports.get({
      from: "2026-02-27",
      to: "2026-04-01",
      routeId: north.routeId,
    });
    expect(stopsOf(northOnly)).toEqual({ "Oak N": [4, 5, 2, 0], "Elm N": [3, 1, 2, 0], "School N": [1, 0, 0, 2] });
    expect(northOnly.perChild.map((child) => [child.childName, child.absences, child.lastAbsent])).toEqual([
      ["Cy", 2, "2026-04-01"],
      ["Ada", 1, "2026-02-27"],
      ["Ben", 1, "2026-03-09"],
    ]);
    // All of March: the run of 31 March that ended on 1 April is in it; February's and April's are not.
    const march = await api.schoolAdmin.reports.get({ from: "2026-03-01", to: "2026-03-31", routeId: null });
    expect(stopsOf(march)["Pine S"]).toEqual([2, 0, 0, 2]);
    expect(stopsOf(march)["Oak N"]).toEqual([3, 4, 1, 0]);
    expect(march.perChild.map((child) => [child.childName, child.absences])).toEqual([
      ["Ben", 1],
      ["Cy", 1],
      ["Dee", 1],
    ]);
  });

  it("splits a range into its whole months and the days at its edges", () => {
    expect(splitByMonths("2025-09-01", "2026-06-30")).toEqual({ months: ["2025-09", "2026-06"], days: [] });
    expect(splitByMonths("2026-03-01", "2026-03-31")).toEqual({ months: ["2026-03", "2026-03"], days: [] });
    expect(splitByMonths("2026-02-14", "2026-04-03")).toEqual({
      months: ["2026-03", "2026-03"],
      days: [
        ["2026-02-14", "2026-02-28"],
        ["2026-04-01", "2026-04-03"],
      ],
    });
    expect(splitByMonths("2025-12-15", "2026-01-31")).toEqual({
      months: ["2026-01", "2026-01"],
      days: [["2025-12-15", "2025-12-31"]],
    });
    expect(splitByMonths("2024-02-01", "2024-02-29")).toEqual({ months: ["2024-02", "2024-02"], days: [] });
    expect(splitByMonths("2026-03-02", "2026-03-31")).toEqual({ months: null, days: [["2026-03-02", "2026-03-31"]] });
    expect(splitByMonths("2026-03-01", "2026-03-30")).toEqual({ months: null, days: [["2026-03-01", "2026-03-30"]] });
    expect(splitByMonths("2026-02-20", "2026-03-10")).toEqual({ months: null, days: [["2026-02-20", "2026-03-10"]] });
  });

  it("one route, a narrower range, and the school's threshold: only what they cover", async () => {
    const { admin, north } = await seedMaple();
    const api = await callerFor(t, admin);
    const northOnly = await api.schoolAdmin.reports.get({
      from: "2026-03-02",
      to: "2026-03-13",
      routeId: north.routeId,
    });
    expect(northOnly.routeId).toBe(north.routeId);
    expect(northOnly.perRoute.map((route) => route.routeName)).toEqual(["North"]);
    expect(northOnly.perBus.map((bus) => bus.busNumber)).toEqual(["7"]);
    expect(northOnly.perChild.map((child) => child.childName)).toEqual(["Ben", "Cy"]);
    const weekend = await api.schoolAdmin.reports.get({ from: "2026-03-07", to: "2026-03-08", routeId: null });
    expect(weekend.perDay.map((day) => day.date)).toEqual(["2026-03-08"]);
    // On time within 10 minutes: N3 (7 min) becomes on time, S1 (12 min) stays late.
    await api.schoolAdmin.routes.settings.update({ rideCutoffMinutes: 60, onTimeMinutes: 10 });
    const lenient = await api.schoolAdmin.reports.get({ from: "2026-03-02", to: "2026-03-13", routeId: null });
    expect(lenient.onTimeMinutes).toBe(10);
    expect(lenient.perRoute.map((route) => [route.routeName, route.onTime, route.completed])).toEqual([
      ["North", 3, 3],
      ["South", 0, 2],
    ]);
    // Another school's route id filters to nothing of Maple's, and is not echoed back.
    const [otherRoute] = await t.db.$client
      .execute("select id from routes where school_id != (select school_id from routes where name = 'South')")
      .then((result) => result.rows);
    const foreign = await api.schoolAdmin.reports.get({
      from: "2026-03-02",
      to: "2026-03-13",
      routeId: String(otherRoute!.id),
    });
    expect(foreign.routeId).toBeNull();
    expect([
      foreign.perRoute,
      foreign.perDay,
      foreign.lateRuns,
      foreign.perStop,
      foreign.perChild,
      foreign.perBus,
    ]).toEqual([[], [], [], [], [], []]);
  });

  it("field trips: enrolment and revenue net of refunds; invoices per month by status, refunds apart, void left out", async () => {
    const { school, admin } = await seedMaple();
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const museum = await seedFlightTrip(t.db, {
      schoolId: school.id,
      title: "Museum",
      departureDate: "2026-03-12",
      capacity: 30,
    });
    await seedFlightTrip(t.db, { schoolId: school.id, title: "Later", departureDate: "2026-05-01" });
    const enrol = async (values: Partial<Parameters<typeof seedEnrollment>[1]>) =>
      seedEnrollment(t.db, {
        schoolId: school.id,
        flightTripId: museum.id,
        childId: await addChild(t.db, school.id, "Eve"),
        parentId: parent.id,
        ...values,
      });
    await enrol({ status: "confirmed", paymentStatus: "paid", amountPaidCents: 45_000 });
    // Paid, then refunded 10,000 (the amount paid is kept net of refunds).
    await enrol({
      status: "confirmed",
      paymentStatus: "partial",
      amountPaidCents: 35_000,
      amountRefundedCents: 10_000,
    });
    await enrol({ status: "opted-out", amountPaidCents: 0, amountRefundedCents: 10_000 });
    await enrol({ status: "pending" });
    const invoice = (
      number: string,
      issueDate: string,
      status: "pending" | "paid" | "overdue" | "refunded" | "void",
      cents: number,
    ) => ({
      schoolId: school.id,
      invoiceNumber: number,
      recipientId: parent.id,
      description: "Transport",
      baseAmountCents: cents,
      amountCents: cents,
      issueDate,
      dueDate: issueDate,
      status,
    });
    await t.db
      .insert(invoices)
      .values([
        invoice("INV-1", "2026-02-27", "paid", 10_000),
        invoice("INV-2", "2026-03-02", "paid", 20_000),
        invoice("INV-3", "2026-03-03", "refunded", 5_000),
        invoice("INV-4", "2026-03-04", "pending", 7_000),
        invoice("INV-5", "2026-03-05", "overdue", 3_000),
        invoice("INV-6", "2026-03-06", "void", 99_000),
        invoice("INV-7", "2026-04-01", "pending", 1_000),
      ]);
    const api = await callerFor(t, admin);
    const report = await api.schoolAdmin.reports.get({ from: "2026-02-01", to: "2026-03-31", routeId: null });
    expect(report.fieldTrips).toEqual([
      {
        id: museum.id,
        title: "Museum",
        date: "2026-03-12",
        status: "scheduled",
        capacity: 30,
        enrolled: 3,
        confirmed: 2,
        paidCents: 80_000,
        refundedCents: 20_000,
      },
    ]);
    expect(report.invoiceMonths).toEqual([
      {
        month: "2026-02",
        issued: 1,
        issuedCents: 10_000,
        paid: 1,
        paidCents: 10_000,
        pending: 0,
        pendingCents: 0,
        overdue: 0,
        overdueCents: 0,
        refunded: 0,
        refundedCents: 0,
      },
      {
        month: "2026-03",
        issued: 4,
        issuedCents: 35_000,
        paid: 1,
        paidCents: 20_000,
        pending: 1,
        pendingCents: 7_000,
        overdue: 1,
        overdueCents: 3_000,
        refunded: 1,
        refundedCents: 5_000,
      },
    ]);
  });

  it("the rollups rebuilt from the raw rows equal the ones kept as the runs closed", async () => {
    const { school, other, north, south, ids, runs } = await seedMaple();
    const { db } = t;
    const [oak] = north.stopIds as [string, string, string];
    const [, pine] = south.stopIds as [string, string];
    const run = (route: typeof north, date: string, start: string, due: string) =>
      addRun(db, {
        schoolId: school.id,
        routeId: route.routeId,
        routeName: "R",
        date,
        zone: ZONE,
        start,
        due,
        busNumber: "7",
      });
    // Across midnight at a month's end (31 March's run, its taps on 1 April) and on the last day of
    // February; both closed, then corrected.
    const lastNight = await run(south, "2026-03-31", "23:30", "23:55");
    await tap(db, {
      runId: lastNight,
      schoolId: school.id,
      childId: ids.dee,
      stopId: pine,
      status: "absent",
      at: local("2026-04-01", "00:02"),
    });
    await tap(db, {
      runId: lastNight,
      schoolId: school.id,
      childId: ids.ada,
      stopId: pine,
      status: "dropped",
      at: local("2026-04-01", "00:03"),
    });
    await closeRun(db, lastNight, "completed", local("2026-04-01", "00:05"));
    const february = await run(north, "2026-02-28", "07:40", "08:00");
    await tap(db, {
      runId: february,
      schoolId: school.id,
      childId: ids.cy,
      stopId: oak,
      status: "absent",
      at: local("2026-02-28", "07:41"),
    });
    await closeRun(db, february, "completed", local("2026-02-28", "08:05"));
    // More changes after closing: a run reopened and closed again, a tap deleted, a run cancelled
    // then reopened, a correction of an absence (Dee rode after all: her month's last absence goes
    // back to 10 March), a run deleted.
    const reclose = async (runId: string, at: Date) => {
      await db.$client.execute({ sql: "update trips set status = 'in-progress' where id = ?", args: [runId] });
      await closeRun(db, runId, "completed", at);
    };
    await reclose(runs.n2, local("2026-03-08", "04:00"));
    await db.$client.execute({
      sql: "delete from attendance where run_id = ? and status = 'dropped'",
      args: [runs.n1],
    });
    await db.$client.execute({ sql: "update trips set status = 'scheduled' where id = ?", args: [runs.s2] });
    await tap(db, {
      runId: lastNight,
      schoolId: school.id,
      childId: ids.dee,
      stopId: pine,
      status: "boarded",
      at: local("2026-03-31", "23:40"),
    });
    await db.$client.execute({ sql: "delete from trips where id = ?", args: [runs.s1] });
    // Oak renamed Acorn: a run closed again takes the new name; March's row keeps the greatest of
    // its runs' names until the last run named Oak is closed again.
    const oakMarch = async () =>
      (
        await db
          .select({ name: reportStopMonths.stopName })
          .from(reportStopMonths)
          .where(and(eq(reportStopMonths.stopId, oak), eq(reportStopMonths.month, "2026-03")))
      )[0]?.name;
    await db.update(routeStops).set({ name: "Acorn" }).where(eq(routeStops.id, oak));
    await reclose(runs.n3, local("2026-03-09", "09:00"));
    expect(await oakMarch()).toBe("Oak");
    await reclose(runs.n1, local("2026-03-06", "09:00"));
    await reclose(runs.n2, local("2026-03-08", "05:00"));
    expect(await oakMarch()).toBe("Acorn");
    // A run moved to another day of another month.
    await db.$client.execute({ sql: "update trips set service_date = '2026-04-02' where id = ?", args: [february] });
    const snapshot = async () => ({
      runs: await db.select().from(reportRuns).orderBy(reportRuns.runId),
      stops: await db.select().from(reportRunStops).orderBy(reportRunStops.runId, reportRunStops.stopId),
      absences: await db.select().from(reportAbsences).orderBy(reportAbsences.runId, reportAbsences.childId),
      stopMonths: await db
        .select()
        .from(reportStopMonths)
        .orderBy(reportStopMonths.schoolId, reportStopMonths.month, reportStopMonths.routeId, reportStopMonths.stopId),
      childMonths: await db
        .select()
        .from(reportChildMonths)
        .orderBy(reportChildMonths.schoolId, reportChildMonths.month, reportChildMonths.childId),
    });
    const incremental = await snapshot();
    // 7 of Maple's runs closed (S1 deleted, S2 reopened and N4 open are out); the other school's 1.
    expect(incremental.runs.map((row) => row.runId).sort()).toEqual(
      [runs.n1, runs.n2, runs.n3, runs.s3, lastNight, february, runs.o1].sort(),
    );
    expect(incremental.runs.find((row) => row.runId === runs.n1)).toMatchObject({ riders: 2, boarded: 2, dropped: 0 });
    // The month rows are the runs' rows summed per month (a month row leaves with its last run).
    const monthsOf = (stops: typeof incremental.stops, absences: typeof incremental.absences) => {
      const stopMonths = new Map<string, (typeof incremental.stopMonths)[number]>();
      for (const row of stops) {
        const month = row.serviceDate.slice(0, 7);
        const key = [row.schoolId, month, row.routeId, row.stopId].join(" ");
        const sum = stopMonths.get(key);
        stopMonths.set(key, {
          schoolId: row.schoolId,
          month,
          routeId: row.routeId,
          stopId: row.stopId,
          stopName: sum && sum.stopName > row.stopName ? sum.stopName : row.stopName,
          runs: (sum?.runs ?? 0) + 1,
          boarded: (sum?.boarded ?? 0) + row.boarded,
          absent: (sum?.absent ?? 0) + row.absent,
          dropped: (sum?.dropped ?? 0) + row.dropped,
        });
      }
      const childMonths = new Map<string, (typeof incremental.childMonths)[number]>();
      for (const row of absences) {
        const month = row.serviceDate.slice(0, 7);
        const key = [row.schoolId, month, row.childId].join(" ");
        const sum = childMonths.get(key);
        childMonths.set(key, {
          schoolId: row.schoolId,
          month,
          childId: row.childId,
          absences: (sum?.absences ?? 0) + 1,
          lastAbsent: sum && sum.lastAbsent > row.serviceDate ? sum.lastAbsent : row.serviceDate,
        });
      }
      const sorted = <T>(map: Map<string, T>) =>
        [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
      return { stopMonths: sorted(stopMonths), childMonths: sorted(childMonths) };
    };
    expect({ stopMonths: incremental.stopMonths, childMonths: incremental.childMonths }).toEqual(
      monthsOf(incremental.stops, incremental.absences),
    );
    // Hand-checked: Dee's March ends on 10 March again; Cy's February absence moved to April (and
    // February's rows left); 31 March's run, its taps on 1 April, counts in March.
    const maple = <T extends { schoolId: string }>(rows: T[]) => rows.filter((row) => row.schoolId === school.id);
    expect(
      maple(incremental.stopMonths).map((row) => [
        row.month,
        row.stopName,
        row.runs,
        row.boarded,
        row.absent,
        row.dropped,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["2026-03", "Acorn", 3, 4, 1, 0],
        ["2026-03", "Pine", 1, 1, 0, 1],
        ["2026-04", "Acorn", 1, 0, 1, 0],
      ]),
    );
    expect(
      maple(incremental.childMonths)
        .map((row) => [row.month, row.childId, row.absences, row.lastAbsent])
        .sort(),
    ).toEqual(
      [
        ["2026-03", ids.ben, 1, "2026-03-09"],
        ["2026-03", ids.cy, 1, "2026-03-06"],
        ["2026-03", ids.dee, 1, "2026-03-10"],
        ["2026-04", ids.cy, 1, "2026-04-02"],
      ].sort(),
    );
    await rebuildReportRollups(db, school.id);
    await rebuildReportRollups(db, other.id);
    expect(await snapshot()).toEqual(incremental);
    // And from nothing: emptied by hand, rebuilt the same.
    await db.delete(reportRuns);
    await db.delete(reportStopMonths);
    await db.delete(reportChildMonths);
    await rebuildReportRollups(db, school.id);
    await rebuildReportRollups(db, other.id);
    expect(await snapshot()).toEqual(incremental);
  });

  it("refuses a range backwards or longer than a year, and a date that is not one", async () => {
    const { admin } = await seedMaple();
    const api = await callerFor(t, admin);
    expect(
      await failure(api.schoolAdmin.reports.get({ from: "2026-03-10", to: "2026-03-09", routeId: null })),
    ).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(REPORT_MESSAGES.order),
    });
    expect(
      await failure(api.schoolAdmin.reports.get({ from: "2025-03-01", to: "2026-03-02", routeId: null })),
    ).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(REPORT_MESSAGES.tooLong),
    });
    expect(await api.schoolAdmin.reports.get({ from: "2025-03-02", to: "2026-03-02", routeId: null })).toMatchObject({
      from: "2025-03-02",
    });
    expect(await failure(api.schoolAdmin.reports.get({ from: "2026-02-30", routeId: null }))).toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
