import type { Client } from "@libsql/client";
import { localTime, todayIn, zonedInstant } from "#shared/school-time.ts";
import { clearOfMidnight, DEMO, e2eDatabase, SCHOOL_ZONE, unique } from "./support.ts";

/**
 * A run of today for a live journey, made in the e2e server's database (no screen makes one: run
 * generation writes them from the timetable, and the demo timetable runs Monday to Friday at fixed
 * hours). Everything is the journey's own, in the demo school and its zone: a driver and a parent
 * (the demo password), a child (its owner guardian: the database's trigger), a pickup route over real corners of the demo's North Loop whose
 * stops are scheduled from now on, the child riding every weekday from today, and today's run of
 * the route assigned to the driver. So a live journey runs on any day and at any hour, and no other
 * journey's demo rows (Dana's runs, Jamie's children) change under it.
 */

export type Corner = { name: string; latitude: number; longitude: number };

/** North Loop's corners on the pickup, the school last (worker/local/demo-routes.ts). */
export const NORTH_LOOP: readonly Corner[] = [
  { name: "Mill St & Bauer Rd", latitude: 41.79418, longitude: -88.15694 },
  { name: "Mill St & Ogden Ave", latitude: 41.78675, longitude: -88.15672 },
  { name: "Mill St & 5th Ave", latitude: 41.78016, longitude: -88.15668 },
  { name: "Columbia St & Franklin Ave", latitude: 41.77652, longitude: -88.15251 },
  { name: "Washington St & Benton Ave", latitude: 41.77461, longitude: -88.14772 },
  { name: "Maple Grove Primary (Jackson Ave & Eagle St)", latitude: 41.77125, longitude: -88.15082 },
];
/** Its last three stops: a short run. */
export const NORTH_LOOP_TAIL = NORTH_LOOP.slice(3);

export type LiveRun = {
  runId: string;
  routeId: string;
  zone: string;
  routeName: string;
  busNumber: string;
  driver: { id: string; email: string; name: string };
  parent: { id: string; email: string; name: string };
  child: { id: string; name: string };
  /** The route's stops in order, with their ids. */
  stops: (Corner & { id: string; scheduledAt: Date })[];
  /** The child's stop (an index into `stops`). */
  childStop: number;
};

/** The demo school's zone (America/Chicago): every date and time of a run is in it. */
const ZONE = SCHOOL_ZONE;
const LAST_MINUTE = 23 * 60 + 59;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const wallTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * A run cannot span midnight (its service day is the school's today when the driver starts it and
 * while the parent watches): in the last two minutes of the day, wait for the next.
 */
const RUN_CLEAR_OF_MIDNIGHT_MS = 120_000;

/** The metres between two corners (haversine), for the stops' distance along the route. */
function metres(a: Corner, b: Corner): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * Today's pickup run over `corners` (the last is the school), the child waiting at `childStop`. The
 * first stop is scheduled `leadMinutes` from now and each next one `minutesApart` later, within the
 * day (a run made late in the evening has its last stops at 23:59).
 */
export async function liveRunToday(
  options: {
    corners?: readonly Corner[];
    childStop?: number;
    childName?: string;
    allergy?: string | null;
    leadMinutes?: number;
    minutesApart?: number;
    /** False: the route and its run have no driver, so the dev-only run simulator may drive it. */
    assignDriver?: boolean;
  } = {},
): Promise<LiveRun> {
  const {
    corners = NORTH_LOOP_TAIL,
    childStop = 1,
    childName = "Mia Carter",
    allergy = null,
    leadMinutes = 2,
    minutesApart = 10,
    assignDriver = true,
  } = options;
  await clearOfMidnight(RUN_CLEAR_OF_MIDNIGHT_MS);
  const db = await e2eDatabase();
  try {
    return await makeRun(db, { corners, childStop, childName, allergy, leadMinutes, minutesApart, assignDriver });
  } finally {
    db.close();
  }
}

async function makeRun(
  db: Client,
  options: {
    corners: readonly Corner[];
    childStop: number;
    childName: string;
    allergy: string | null;
    leadMinutes: number;
    minutesApart: number;
    assignDriver: boolean;
  },
): Promise<LiveRun> {
  const tag = unique();
  const now = new Date();
  const at = now.getTime();
  const today = todayIn(ZONE, now);
  // The demo driver's row gives the school and the demo password's hash (every demo account has it).
  const demo = await db.execute({
    sql: "select school_id, password_hash from drivers where email = ?",
    args: [DEMO.driver.email],
  });
  const { school_id: schoolId, password_hash: hash } = demo.rows[0] as unknown as {
    school_id: string;
    password_hash: string;
  };
  const school = await db.execute({ sql: "select name, time_zone from schools where id = ?", args: [schoolId] });
  if (school.rows[0]?.time_zone !== ZONE) throw new Error(`the demo school is not in ${ZONE}`);
  const bus = await db.execute({
    sql: "select id, number from buses where school_id = ? and number = '12'",
    args: [schoolId],
  });
  const busId = String(bus.rows[0]!.id);
  const busNumber = String(bus.rows[0]!.number);

  const driver = { id: crypto.randomUUID(), email: `driver-${tag}@maple.example.com`, name: `Drew Park ${tag}` };
  const parent = { id: crypto.randomUUID(), email: `parent-${tag}@maple.example.com`, name: `Casey Carter ${tag}` };
  const child = { id: crypto.randomUUID(), name: options.childName };
  const routeId = crypto.randomUUID();
  const routeName = "North Loop";
  const runId = crypto.randomUUID();
  const start = minutesOf(localTime(now, ZONE)) + options.leadMinutes;
  let distance = 0;
  const stops = options.corners.map((corner, position) => {
    if (position > 0) distance += metres(options.corners[position - 1]!, corner);
    const minutes = Math.min(LAST_MINUTE, start + position * options.minutesApart);
    return {
      ...corner,
      id: crypto.randomUUID(),
      position,
      minutes,
      distance: Math.round(distance),
      scheduledAt: zonedInstant(today, wallTime(minutes), ZONE),
    };
  });
  const childStop = stops[options.childStop]!;
  const everyDay = 127;
  const runDriver = options.assignDriver ? { id: driver.id, name: driver.name } : { id: null, name: "" };

  await db.batch(
    [
      {
        sql: `insert into drivers (id, school_id, email, name, password_hash, is_active, must_change_password, created_at, updated_at)
              values (?, ?, ?, ?, ?, 1, 0, ?, ?)`,
        args: [driver.id, schoolId, driver.email, driver.name, hash, at, at],
      },
      {
        sql: `insert into parents (id, school_id, email, name, password_hash, is_active, must_change_password, created_at, updated_at)
              values (?, ?, ?, ?, ?, 1, 0, ?, ?)`,
        args: [parent.id, schoolId, parent.email, parent.name, hash, at, at],
      },
      {
        sql: `insert into children (id, school_id, parent_id, name, age, grade, school, allergy_info, emergency_contact, created_at, updated_at)
              values (?, ?, ?, ?, 9, '4th Grade', ?, ?, 'Sam Carter, (217) 555-0199', ?, ?)`,
        args: [child.id, schoolId, parent.id, child.name, String(school.rows[0]!.name), options.allergy, at, at],
      },
      {
        sql: `insert into routes (id, school_id, name, direction, colour, bus_id, driver_id, driver_name, active_from, weekdays, created_at, updated_at)
              values (?, ?, ?, 'pickup', '#2563eb', ?, ?, ?, ?, ?, ?, ?)`,
        args: [routeId, schoolId, routeName, busId, runDriver.id, runDriver.name, today, everyDay, at, at],
      },
      ...stops.map((stop) => ({
        sql: `insert into route_stops (id, school_id, route_id, position, name, latitude, longitude, scheduled_minutes, distance_meters, created_at, updated_at)
              values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          stop.id,
          schoolId,
          routeId,
          stop.position,
          stop.name,
          stop.latitude,
          stop.longitude,
          stop.minutes,
          stop.distance,
          at,
          at,
        ],
      })),
      {
        sql: `insert into riders (id, school_id, child_id, route_id, stop_id, direction, weekdays, from_date, created_at, updated_at)
              values (?, ?, ?, ?, ?, 'pickup', ?, ?, ?, ?)`,
        args: [crypto.randomUUID(), schoolId, child.id, routeId, childStop.id, everyDay, today, at, at],
      },
      {
        sql: `insert into trips (id, school_id, route_name, route_type, bus_number, driver_name, driver_id, departure_time, arrival_time,
                students_count, stops, status, route_id, service_date, created_at, updated_at)
              values (?, ?, ?, 'pickup', ?, ?, ?, ?, ?, 1, ?, 'scheduled', ?, ?, ?, ?)`,
        args: [
          runId,
          schoolId,
          routeName,
          busNumber,
          runDriver.name,
          runDriver.id,
          stops[0]!.scheduledAt.getTime(),
          stops.at(-1)!.scheduledAt.getTime(),
          stops.length,
          routeId,
          today,
          at,
          at,
        ],
      },
    ],
    "write",
  );
  return {
    runId,
    routeId,
    zone: ZONE,
    routeName,
    busNumber,
    driver,
    parent,
    child,
    stops: stops.map(({ position: _p, minutes: _m, distance: _d, ...stop }) => stop),
    childStop: options.childStop,
  };
}

/** A driver of the demo school with no run at all (the demo password): their Today's runs is empty. */
export async function driverWithoutRuns(): Promise<{ email: string }> {
  const db = await e2eDatabase();
  try {
    const email = `driver-${unique()}@maple.example.com`;
    const at = Date.now();
    await db.execute({
      sql: `insert into drivers (id, school_id, email, name, password_hash, is_active, must_change_password, created_at, updated_at)
            select ?, school_id, ?, 'Robin Hale', password_hash, 1, 0, ?, ? from drivers where email = ?`,
      args: [crypto.randomUUID(), email, at, at, DEMO.driver.email],
    });
    return { email };
  } finally {
    db.close();
  }
}
