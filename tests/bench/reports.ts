import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { buses, children, routeStops, routes, trips } from "#db/schema/index.ts";
import { shiftDate, weekday, zonedInstant } from "#shared/school-time.ts";
import { rebuildReportRollups } from "#worker/services/reports/rollups.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp } from "../support/harness.ts";

/**
 * `npm run bench -- --reports` (issue 31, ADR 0071; not in `npm test`): a year of a Professional
 * school, 15 buses × 4 runs a day (60 routes of 10 stops) × 180 school days = 10,800 runs, 600
 * riders, 46 riders a run, a boarding and a drop each (~1 million attendance rows), every run
 * closed the way the app closes one (its status updated: the triggers keep the rollups). Then each
 * report (a year of every route, a year of one route, a month) is asked 30 times after 5 warm-up
 * calls, through the app router in process: p50 and p95 latency and the round trips per call. Goal:
 * p95 ≤ 300 ms and ≤ 2 round trips. Also: the rebuild's time, and that it gives the same rows (the
 * per-run rollups and the monthly ones, ADR 0074).
 */
const ZONE = "America/Chicago";
const BUSES = 15;
const ROUTES = 60;
const STOPS = 10;
const DAYS = 180;
const CHILDREN = 600;
const PER_RUN = 46;
const CALLS = 30;
const GOAL_MS = 300;

export async function reportsBench(): Promise<void> {
  const t = await createTestApp({ countRoundTrips: true });
  const log = (line: string) => console.log(`[reports] ${line}`);
  try {
    const started = performance.now();
    const school = await createSchool(t.db, { timeZone: ZONE, plan: "professional" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const s = school.id;
    const busIds = (
      await t.db
        .insert(buses)
        .values(Array.from({ length: BUSES }, (_, n) => ({ schoolId: s, number: String(n + 1), seats: 52 })))
        .returning({ id: buses.id })
    ).map((row) => row.id);
    const routeRows = await t.db
      .insert(routes)
      .values(
        Array.from({ length: ROUTES }, (_, n) => ({
          schoolId: s,
          name: `Route ${n + 1}`,
          direction: n % 2 === 0 ? ("pickup" as const) : ("dropoff" as const),
          colour: "#1d4ed8",
          busId: busIds[n % BUSES]!,
          driverName: "Driver",
          activeFrom: "2025-08-01",
        })),
      )
      .returning({ id: routes.id, name: routes.name });
    // Runs a day: 07:00, 07:50 (pickups), 15:00, 15:50 (drop-offs); 4 minutes between stops.
    const firstMinute = (n: number) => [420, 470, 900, 950][Math.floor(n / BUSES) % 4]!;
    for (const [n, route] of routeRows.entries())
      await t.db.insert(routeStops).values(
        Array.from({ length: STOPS }, (_, position) => ({
          schoolId: s,
          routeId: route.id,
          position,
          name: `Stop ${position + 1}`,
          latitude: 41.8 + position / 100,
          longitude: -87.6,
          scheduledMinutes: firstMinute(n) + position * 4,
        })),
      );
    for (let start = 0; start < CHILDREN; start += 200)
      await t.db.insert(children).values(
        Array.from({ length: Math.min(200, CHILDREN - start) }, (_, k) => ({
          schoolId: s,
          name: `Child ${start + k + 1}`,
          age: 9,
          grade: "4th Grade" as const,
          school: "Maple",
          emergencyContact: "555 0100",
        })),
      );
    const dates: string[] = [];
    for (let date = "2025-09-01"; dates.length < DAYS; date = shiftDate(date, 1))
      if (weekday(date) !== 0 && weekday(date) !== 6) dates.push(date);
    const hhmm = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    const runRows: (typeof trips.$inferInsert)[] = [];
    for (const date of dates)
      for (const [n, route] of routeRows.entries()) {
        const first = firstMinute(n);
        runRows.push({
          schoolId: s,
          routeId: route.id,
          serviceDate: date,
          routeName: route.name,
          routeType: n % 2 === 0 ? "pickup" : "dropoff",
          busNumber: String((n % BUSES) + 1),
          driverName: "Driver",
          departureTime: zonedInstant(date, hhmm(first), ZONE),
          arrivalTime: zonedInstant(date, hhmm(first + (STOPS - 1) * 4), ZONE),
          stops: STOPS,
          status: "in-progress",
        });
      }
    for (let start = 0; start < runRows.length; start += 500)
      await t.db.insert(trips).values(runRows.slice(start, start + 500));
    log(`${runRows.length.toLocaleString("en-US")} runs written in ${seconds(started)} s`);
    // The taps and the last stop's visit, in SQL (no per-row round trip): child k of run r is child
    // (r × 7 + k) mod 600; one tap in 20 is an absence (no drop), the others a boarding and a drop.
    const sql = (text: string) => t.db.$client.execute({ sql: text, args: [s] });
    await sql(
      `create temp table bench_children as select row_number() over (order by id) - 1 as n, id from children where school_id = ?`,
    );
    await sql(
      `create temp table bench_runs as select row_number() over (order by id) - 1 as rn, id, route_id, departure_time, arrival_time from trips where school_id = ?`,
    );
    const taps = performance.now();
    await sql(`insert into attendance (id, school_id, run_id, child_id, stop_id, status, at, client_id, recorded_by, created_at)
      with recursive k(n) as (select 0 union all select n + 1 from k where n < ${PER_RUN - 1})
      select lower(hex(randomblob(16))), ?, r.id, c.id,
        (select id from route_stops where route_id = r.route_id and position = k.n % ${STOPS - 1}),
        case when (r.rn * 31 + k.n) % 20 = 0 then 'absent' else 'boarded' end,
        r.departure_time + k.n * 5000, lower(hex(randomblob(8))), 'bench', r.departure_time
      from bench_runs r, k join bench_children c on c.n = (r.rn * 7 + k.n) % ${CHILDREN}`);
    await sql(`insert into attendance (id, school_id, run_id, child_id, stop_id, status, at, client_id, recorded_by, created_at)
      select lower(hex(randomblob(16))), school_id, run_id, child_id,
        (select s.id from route_stops s join trips t on t.route_id = s.route_id where t.id = a.run_id and s.position = ${STOPS - 1}),
        'dropped', at + 1800000, lower(hex(randomblob(8))), 'bench', created_at
      from attendance a where school_id = ? and status = 'boarded'`);
    await sql(`insert into run_stop_visits (run_id, stop_id, school_id, arrived_at, source)
      select r.id, (select id from route_stops where route_id = r.route_id and position = ${STOPS - 1}), ?,
        r.arrival_time + ((r.rn * 37) % 13 - 3) * 60000, 'position'
      from bench_runs r`);
    const rows = Number((await sql("select count(*) as n from attendance where school_id = ?")).rows[0]!.n);
    log(
      `${rows.toLocaleString("en-US")} attendance rows and ${runRows.length.toLocaleString("en-US")} visits in ${seconds(taps)} s`,
    );
    // Every run closes as the app closes one: one update, the triggers roll it up.
    const closing = performance.now();
    await t.db
      .update(trips)
      .set({ status: "completed", endedAt: new Date("2026-06-30T00:00:00Z") })
      .where(eq(trips.schoolId, s));
    log(`runs closed (rollups kept by the triggers) in ${seconds(closing)} s`);
    const snapshot = async () =>
      JSON.stringify(
        (
          await t.db.$client.execute(
            "select (select group_concat(run_id || boarded || absent || dropped || riders || coalesce(late_seconds, 'n'), ',') from (select * from report_runs order by run_id)) as runs, (select count(*) from report_run_stops) as stops, (select count(*) from report_absences) as absences, (select group_concat(month || stop_id || stop_name || runs || boarded || absent || dropped, ',') from (select * from report_stop_months order by school_id, month, route_id, stop_id)) as stop_months, (select group_concat(month || child_id || absences || last_absent, ',') from (select * from report_child_months order by school_id, month, child_id)) as child_months",
          )
        ).rows,
      );
    const incremental = await snapshot();
    const rebuilding = performance.now();
    await rebuildReportRollups(t.db, s);
    log(
      `rebuilt from the raw rows in ${seconds(rebuilding)} s; same rows as kept: ${(await snapshot()) === incremental}`,
    );

    const api = await callerFor(t, admin);
    const cases = [
      { name: "a year, every route", input: { from: "2025-09-01", to: "2026-06-30", routeId: null } },
      { name: "a year, one route", input: { from: "2025-09-01", to: "2026-06-30", routeId: routeRows[0]!.id } },
      { name: "a month, every route", input: { from: "2026-03-01", to: "2026-03-31", routeId: null } },
    ];
    const misses: string[] = [];
    console.log("\nreport                    p50 ms   p95 ms   round trips");
    for (const { name, input } of cases) {
      for (let i = 0; i < 5; i++) await api.schoolAdmin.reports.get(input);
      const times: number[] = [];
      let trips = 0;
      for (let i = 0; i < CALLS; i++) {
        t.roundTrips!.reset();
        const start = performance.now();
        await api.schoolAdmin.reports.get(input);
        times.push(performance.now() - start);
        trips = Math.max(trips, t.roundTrips!.log.length);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(CALLS * 0.5)]!;
      const p95 = times[Math.ceil(CALLS * 0.95) - 1]!;
      console.log(
        `${name.padEnd(24)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)} ${String(trips).padStart(13)}`,
      );
      if (p95 > GOAL_MS) misses.push(`${name}: p95 ${p95.toFixed(0)} ms > ${GOAL_MS} ms`);
      if (trips > 2) misses.push(`${name}: ${trips} round trips > 2`);
    }
    console.log(misses.length === 0 ? "\nEvery report within its goal." : `\nMissed: ${misses.join("; ")}`);
  } finally {
    await t.close();
  }
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
