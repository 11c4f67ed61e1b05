import { and, eq, gte, inArray, lte, max, min, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { buses, drivers, noServiceDays, routeStops, routes, schools, trips } from "#db/schema/index.ts";
import { minutesToTime, ROUTE_LIMITS } from "#shared/route-texts.ts";
import { shiftDate, todayIn, weekday, zonedInstant } from "#shared/school-time.ts";

/**
 * A route's runs are rows of `trips` (ADR 0046): one per route and service day, made here for the
 * days from the school's today to `horizonDays` ahead. A day is a service day when the route runs
 * on its weekday, is active then, has a stop, and the school has not marked it a no-service day.
 * A run's times are its first and last stops' wall-clock times on that day in the school's zone
 * (so 07:30 stays 07:30 across a DST change); its students are the riders assigned on that weekday
 * and date less those marked not riding, counted by the statement itself. A run takes its route's
 * driver (`driver_id`), and the driver's name from their account while one is assigned (ADR 0057).
 *
 * Idempotent: one statement inserts the runs that are missing and refreshes those that changed
 * (unique key `route_id, service_date`), one removes the runs of days that stopped being service
 * days. Neither touches a run that has started (not `scheduled`, or its departure passed), and
 * neither ever sees a trip made by hand (its `route_id` is null).
 */

export type RunsReport = { written: number; removed: number };

/** Students of run (`route`, `date`, weekday `wd`): riders that day, less those not riding. */
function studentsOf(routeId: SQL, date: SQL, wd: SQL) {
  return sql`(select count(*) from riders x where x.route_id = ${routeId} and ((x.weekdays >> ${wd}) & 1) = 1
    and x.from_date <= ${date} and (x.to_date is null or x.to_date >= ${date})
    and not exists (select 1 from not_riding n where n.child_id = x.child_id and n.date = ${date}))`;
}

/** Generate (or refresh) one school's runs; `routeIds` limits it to those routes (a change of one route). */
export async function generateRuns(
  db: Db,
  school: { schoolId: string; timeZone: string },
  now: Date,
  routeIds?: readonly string[],
): Promise<RunsReport> {
  const zone = school.timeZone;
  const today = todayIn(zone, now);
  const last = shiftDate(today, ROUTE_LIMITS.horizonDays - 1);
  if (routeIds && routeIds.length === 0) return { written: 0, removed: 0 };
  const mine = routeIds
    ? and(eq(routes.schoolId, school.schoolId), inArray(routes.id, [...routeIds]))
    : eq(routes.schoolId, school.schoolId);
  const [routeRows, stopRows, closedRows] = await db.batch([
    db
      .select({ id: routes.id, weekdays: routes.weekdays, activeFrom: routes.activeFrom, activeTo: routes.activeTo })
      .from(routes)
      .where(mine),
    db
      .select({
        routeId: routeStops.routeId,
        first: min(routeStops.scheduledMinutes),
        last: max(routeStops.scheduledMinutes),
        stops: sql<number>`count(*)`,
      })
      .from(routeStops)
      .innerJoin(routes, eq(routes.id, routeStops.routeId))
      .where(mine)
      .groupBy(routeStops.routeId),
    db
      .select({ date: noServiceDays.date })
      .from(noServiceDays)
      .where(
        and(eq(noServiceDays.schoolId, school.schoolId), gte(noServiceDays.date, today), lte(noServiceDays.date, last)),
      ),
  ]);
  const closed = new Set(closedRows.map((row) => row.date));
  const stopsOf = new Map(stopRows.map((row) => [row.routeId, row]));
  const runs: { id: string; r: string; d: string; wd: number; dep: number; arr: number; stops: number }[] = [];
  for (const route of routeRows) {
    const stops = stopsOf.get(route.id);
    if (!stops || stops.first === null || stops.last === null) continue;
    for (let date = today; date <= last; date = shiftDate(date, 1)) {
      const wd = weekday(date);
      if (
        !((route.weekdays >> wd) & 1) ||
        date < route.activeFrom ||
        (route.activeTo !== null && date > route.activeTo) ||
        closed.has(date)
      )
        continue;
      const departure = zonedInstant(date, minutesToTime(stops.first), zone).getTime();
      // A run is never made for a time already past (what ran, ran; an existing row is left as it is).
      if (departure <= now.getTime()) continue;
      const arrival = zonedInstant(date, minutesToTime(stops.last), zone).getTime();
      runs.push({
        id: crypto.randomUUID(),
        r: route.id,
        d: date,
        wd,
        dep: departure,
        arr: Math.max(arrival, departure),
        stops: Number(stops.stops),
      });
    }
  }
  const at = now.getTime();
  const j = (path: string) => sql.raw(`json_extract(j.value, '$.${path}')`);
  const upsert = sql`insert into ${trips} (id, school_id, route_id, service_date, route_name, route_type, bus_number, driver_name,
      driver_id, departure_time, arrival_time, students_count, stops, status, created_at, updated_at)
    select ${j("id")}, r.school_id, r.id, ${j("d")}, r.name, r.direction, coalesce(b.number, '—'), coalesce(d.name, r.driver_name),
      r.driver_id, ${j("dep")}, ${j("arr")}, ${studentsOf(sql`r.id`, j("d"), j("wd"))}, ${j("stops")}, 'scheduled', ${at}, ${at}
    from json_each(${JSON.stringify(runs)}) j
    join ${routes} r on r.id = ${j("r")} and r.school_id = ${school.schoolId}
    left join ${buses} b on b.id = r.bus_id
    left join ${drivers} d on d.id = r.driver_id
    where true
    on conflict (route_id, service_date) do update set
      route_name = excluded.route_name, route_type = excluded.route_type, bus_number = excluded.bus_number,
      driver_name = excluded.driver_name, driver_id = excluded.driver_id, departure_time = excluded.departure_time, arrival_time = excluded.arrival_time,
      students_count = excluded.students_count, stops = excluded.stops, updated_at = excluded.updated_at
    where trips.status = 'scheduled' and trips.departure_time > ${at} and trips.school_id = ${school.schoolId}
      and (trips.route_name is not excluded.route_name or trips.route_type is not excluded.route_type
        or trips.bus_number is not excluded.bus_number or trips.driver_name is not excluded.driver_name
        or trips.driver_id is not excluded.driver_id
        or trips.departure_time is not excluded.departure_time or trips.arrival_time is not excluded.arrival_time
        or trips.students_count is not excluded.students_count or trips.stops is not excluded.stops)`;
  const keys = JSON.stringify(runs.map((run) => `${run.r}|${run.d}`));
  const considered = JSON.stringify(routeRows.map((route) => route.id));
  const remove = sql`delete from ${trips} where ${trips.schoolId} = ${school.schoolId}
    and ${trips.routeId} in (select value from json_each(${considered}))
    and ${trips.serviceDate} between ${today} and ${last}
    and ${trips.status} = 'scheduled' and ${trips.departureTime} > ${at}
    and (${trips.routeId} || '|' || ${trips.serviceDate}) not in (select value from json_each(${keys}))`;
  const [written, removed] = await db.batch([db.run(upsert), db.run(remove)]);
  return { written: written.rowsAffected, removed: removed.rowsAffected };
}

/** The hourly job: every school with routes, each in its own zone (a skipped hour is caught up by the next). */
export async function generateAllRuns(db: Db, now: Date): Promise<Record<string, number>> {
  const withRoutes = await db
    .select({ schoolId: schools.id, timeZone: schools.timeZone })
    .from(schools)
    .where(sql`exists (select 1 from ${routes} r where r.school_id = "schools"."id")`);
  const report = { schools: withRoutes.length, written: 0, removed: 0 };
  for (const school of withRoutes) {
    const { written, removed } = await generateRuns(db, school, now);
    report.written += written;
    report.removed += removed;
  }
  return report;
}

/** What a change to riders or "not riding" recounts: the runs of these routes. */
export function recount(
  db: Db,
  school: { schoolId: string; timeZone: string },
  now: Date,
  routeIds: readonly string[],
) {
  return generateRuns(db, school, now, [...new Set(routeIds)]);
}
