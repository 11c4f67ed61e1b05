/**
 * The transport model's part of the bench (ADR 0046): the home school has one route (10 stops and a
 * bus of 200 seats each) per 100 rows of the scale, and at least a full page of the routes list, each
 * with 100 riders (children of one family of 100 per route): 50 routes and 5,000 riders at 1k rows,
 * 1,000 routes and 100,000 riders at 100k. So the routes list, one route with its stops and riders,
 * and the parent's ride lookup have their growth from that small school to the large one measured
 * (`LISTS`), every page alike full. The bench parent's own two children ride the first two routes,
 * whose runs are generated. Every table is one `insert … select` over a counter (one batch).
 */
import type { Db } from "#db/client.ts";
import { ROUTE_LIMITS } from "#shared/route-texts.ts";
import { generateRuns } from "#worker/services/routes/runs.ts";

const STOPS_PER_ROUTE = 10;
const RIDERS_PER_ROUTE = 100;
/** Routes at a scale: one per 100 rows, never fewer than a page of the list. */
export const benchRoutes = (rows: number) => Math.max(ROUTE_LIMITS.pageSize, Math.floor(rows / 100));
/** The route the bench opens (its riders are one hundredth of the school's). */
export const BENCH_ROUTE_ID = "bench-route-0";

/** The parent's families' password: nobody signs in as them. */
const NO_PASSWORD = "$scrypt$ln=14,r=8,p=5$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const SINCE = Date.UTC(2024, 0, 1);
const generate = (count: number, insert: string) =>
  `with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${count}) ${insert} from n`;

export async function seedRoutesFor(db: Db, home: { schoolId: string; parentId: string }, rows: number): Promise<void> {
  const school = `'${home.schoolId}'`;
  const routeCount = benchRoutes(rows);
  const families = routeCount;
  const riderCount = routeCount * RIDERS_PER_ROUTE;
  await db.$client.batch(
    [
      generate(
        routeCount,
        `insert into buses (id, school_id, number, seats, plate, created_at, updated_at)
         select 'bench-bus-' || i, ${school}, 'B' || i, 200, 'IL ' || (10000 + i), ${SINCE}, ${SINCE}`,
      ),
      generate(
        routeCount,
        `insert into routes (id, school_id, name, direction, colour, bus_id, driver_name, active_from, weekdays, created_at, updated_at)
         select 'bench-route-' || i, ${school}, 'Route ' || printf('%04d', i), case when i % 2 = 0 then 'pickup' else 'dropoff' end,
           '#1f77b4', 'bench-bus-' || i, 'Driver ' || i, '2024-01-01', 62, ${SINCE}, ${SINCE}`,
      ),
      generate(
        routeCount * STOPS_PER_ROUTE,
        `insert into route_stops (id, school_id, route_id, position, name, latitude, longitude, scheduled_minutes, distance_meters, created_at, updated_at)
         select 'bench-stop-' || i, ${school}, 'bench-route-' || (i / ${STOPS_PER_ROUTE}), i % ${STOPS_PER_ROUTE}, 'Stop ' || i,
           41.75 + (i % 97) / 1000.0, -88.15 + (i % 89) / 1000.0,
           case when (i / ${STOPS_PER_ROUTE}) % 2 = 0 then 420 else 900 end + (i % ${STOPS_PER_ROUTE}) * 4, (i % ${STOPS_PER_ROUTE}) * 700, ${SINCE}, ${SINCE}`,
      ),
      generate(
        families,
        `insert into parents (id, school_id, email, name, password_hash, created_at, updated_at)
         select 'bench-family-' || i, ${school}, 'family' || i || '@routes.bench.example', 'Family ' || i, '${NO_PASSWORD}', ${SINCE}, ${SINCE}`,
      ),
      generate(
        riderCount,
        `insert into children (id, school_id, parent_id, name, age, grade, school, emergency_contact, created_at, updated_at)
         select 'bench-rider-child-' || i, ${school}, 'bench-family-' || (i % ${families}), 'Rider ' || i, 8, '3rd Grade', 'Bench Home School', 'Family 555 0100', ${SINCE}, ${SINCE}`,
      ),
      // Rider i rides route i % routes at one of its stops: 100 riders a route, half of a bus's 200 seats.
      generate(
        riderCount,
        `insert into riders (id, school_id, child_id, route_id, stop_id, direction, weekdays, from_date, created_at, updated_at)
         select 'bench-rider-' || i, ${school}, 'bench-rider-child-' || i, 'bench-route-' || (i % ${routeCount}),
           'bench-stop-' || ((i % ${routeCount}) * ${STOPS_PER_ROUTE} + (i / ${routeCount}) % ${STOPS_PER_ROUTE}),
           case when (i % ${routeCount}) % 2 = 0 then 'pickup' else 'dropoff' end, 62, '2024-01-01', ${SINCE}, ${SINCE}`,
      ),
      // The bench parent's first two children ride route 0 (a pickup) and route 1 (a drop-off), every day.
      `insert into riders (id, school_id, child_id, route_id, stop_id, direction, weekdays, from_date, created_at, updated_at)
       select 'bench-own-' || c.rn, ${school}, c.id, 'bench-route-' || (c.rn - 1), 'bench-stop-' || ((c.rn - 1) * ${STOPS_PER_ROUTE} + 3),
         case when c.rn = 1 then 'pickup' else 'dropoff' end, 127, '2024-01-01', ${SINCE}, ${SINCE}
       from (select id, row_number() over (order by name) as rn from children where parent_id = '${home.parentId}') c where c.rn <= 2`,
      `update routes set weekdays = 127 where id in ('bench-route-0', 'bench-route-1')`,
    ],
    "write",
  );
  await generateRuns(db, { schoolId: home.schoolId, timeZone: "UTC" }, new Date(), ["bench-route-0", "bench-route-1"]);
}
