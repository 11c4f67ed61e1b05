import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  attendance,
  buses,
  drivers,
  noServiceDays,
  notRiding,
  riders,
  routeStops,
  routes,
  runStopVisits,
  schools,
  trips,
} from "#db/schema/index.ts";
import { minutesToTime, weekdayBits } from "#shared/route-texts.ts";
import { localDate, shiftDate, todayIn, weekRange, zonedInstant } from "#shared/school-time.ts";
import { hashPassword } from "../auth/password.ts";
import { DEMO_BUSES } from "./demo-week.ts";

/**
 * Maple Grove's transport model (ADR 0046): its six buses with seats, a pickup and a drop-off route
 * per bus on real street corners of Naperville, Illinois, every demo child riding, a staff day off in
 * the calendar and one child not riding tomorrow. The demo week's trips (demo-week.ts) of each bus
 * and direction are the runs of its route: they are linked to it (`route_id`, `service_date`), so run
 * generation refreshes them instead of doubling them. Idempotent: fixed ids, and only unlinked trips
 * whose day has no run yet are linked.
 */

type Corner = { name: string; latitude: number; longitude: number };

/** Maple Grove Primary, by Jackson Avenue and Eagle Street, downtown Naperville. */
const SCHOOL_STOP: Corner = {
  name: "Maple Grove Primary (Jackson Ave & Eagle St)",
  latitude: 41.77125,
  longitude: -88.15082,
};

/** Each route's corners, from its far end to the school (the pickup order; a drop-off runs it backwards). */
const CORNERS: Record<(typeof DEMO_BUSES)[number]["routeName"], Corner[]> = {
  "North Loop": [
    { name: "Mill St & Bauer Rd", latitude: 41.79418, longitude: -88.15694 },
    { name: "Mill St & Ogden Ave", latitude: 41.78675, longitude: -88.15672 },
    { name: "Mill St & 5th Ave", latitude: 41.78016, longitude: -88.15668 },
    { name: "Columbia St & Franklin Ave", latitude: 41.77652, longitude: -88.15251 },
    { name: "Washington St & Benton Ave", latitude: 41.77461, longitude: -88.14772 },
  ],
  "River Road": [
    { name: "River Rd & Royce Rd", latitude: 41.71702, longitude: -88.18301 },
    { name: "River Rd & Knoch Knolls Rd", latitude: 41.72398, longitude: -88.18152 },
    { name: "Washington St & Hobson Rd", latitude: 41.74004, longitude: -88.14781 },
    { name: "Washington St & Gartner Rd", latitude: 41.75802, longitude: -88.14775 },
    { name: "Washington St & Chicago Ave", latitude: 41.77071, longitude: -88.1477 },
  ],
  Hillside: [
    { name: "Naper Blvd & Hillside Rd", latitude: 41.76121, longitude: -88.12062 },
    { name: "Hillside Rd & Charles Ave", latitude: 41.76118, longitude: -88.13004 },
    { name: "Chicago Ave & West St", latitude: 41.77072, longitude: -88.13805 },
    { name: "Chicago Ave & Ellsworth St", latitude: 41.77069, longitude: -88.14468 },
  ],
};

const COLOURS = { "North Loop": "#2563eb", "River Road": "#059669", Hillside: "#d97706" } as const;
const SEATS: Record<string, number> = { "12": 48, "14": 48, "7": 52, "9": 36, "3": 40, "5": 30 };
const PLATES: Record<string, string> = {
  "12": "IL 4821 SB",
  "14": "IL 4822 SB",
  "7": "IL 3307 SB",
  "9": "IL 3309 SB",
  "3": "IL 1903 SB",
  "5": "IL 1905 SB",
};

/** The demo parent (demo-seed.ts), who marked Leo not riding. */
const DEMO_PARENT = "00000000-0000-4000-8000-000000000102";
const AVA = "00000000-0000-4000-8000-000000000201";
const LEO = "00000000-0000-4000-8000-000000000202";
/** Who rides what: Ava on North Loop (bus 12, Mill St & 5th Ave), Leo on River Road (bus 7, Washington St & Gartner Rd). */
const RIDES = [
  { childId: AVA, bus: "12", corner: 2 },
  { childId: LEO, bus: "7", corner: 3 },
] as const;

const busId = (number: string) => `demo-bus-${number}`;
const routeId = (number: string, direction: "pickup" | "dropoff") => `demo-route-${number}-${direction}`;
const stopId = (route: string, position: number) => `${route}-stop-${position}`;

/** Metres between two corners (haversine). */
function metres(a: Corner, b: Corner): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A seeded route's stops, in order, and their seeded times (minutes after midnight); null for any other route. */
export function demoRoute(id: string): { corners: Corner[]; timetable: number[] } | null {
  for (const bus of DEMO_BUSES)
    for (const direction of ["pickup", "dropoff"] as const) {
      if (routeId(bus.busNumber, direction) !== id) continue;
      const corners =
        direction === "pickup"
          ? [...CORNERS[bus.routeName], SCHOOL_STOP]
          : [SCHOOL_STOP, ...CORNERS[bus.routeName].toReversed()];
      const [from, to] = bus[direction].map(minutes) as [number, number];
      const timetable = corners.map((_, position) =>
        Math.round(from + ((to - from) * position) / (corners.length - 1)),
      );
      return { corners, timetable };
    }
  return null;
}

export async function seedDemoRoutes(db: Db, schoolId: string, now: Date): Promise<void> {
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  if (!school) return;
  const zone = school.timeZone;
  const today = todayIn(zone, now);
  const week = weekRange(today, zone);
  const busRows = DEMO_BUSES.map((bus) => ({
    id: busId(bus.busNumber),
    schoolId,
    number: bus.busNumber,
    seats: SEATS[bus.busNumber]!,
    plate: PLATES[bus.busNumber]!,
  }));
  const routeRows: (typeof routes.$inferInsert)[] = [];
  const stopRows: (typeof routeStops.$inferInsert)[] = [];
  for (const bus of DEMO_BUSES) {
    for (const direction of ["pickup", "dropoff"] as const) {
      const id = routeId(bus.busNumber, direction);
      const { corners, timetable } = demoRoute(id)!;
      routeRows.push({
        id,
        schoolId,
        name: bus.routeName,
        direction,
        colour: COLOURS[bus.routeName],
        busId: busId(bus.busNumber),
        driverName: bus.driverName,
        activeFrom: shiftDate(week.from, -28),
        weekdays: weekdayBits([1, 2, 3, 4, 5]),
        createdAt: now,
        updatedAt: now,
      });
      let distance = 0;
      corners.forEach((corner, position) => {
        if (position > 0) distance += metres(corners[position - 1]!, corner);
        stopRows.push({
          id: stopId(id, position),
          schoolId,
          routeId: id,
          position,
          ...corner,
          scheduledMinutes: timetable[position]!,
          distanceMeters: Math.round(distance),
          createdAt: now,
          updatedAt: now,
        });
      });
    }
  }
  const riderRows = RIDES.flatMap((ride) =>
    (["pickup", "dropoff"] as const).map((direction) => {
      const route = routeId(ride.bus, direction);
      const corners = CORNERS[DEMO_BUSES.find((bus) => bus.busNumber === ride.bus)!.routeName].length;
      // The child's corner: counted from the far end on a pickup, from the school on a drop-off.
      const position = direction === "pickup" ? ride.corner : corners - ride.corner;
      return {
        id: `${route}-rider-${ride.childId.slice(-3)}`,
        schoolId,
        childId: ride.childId,
        routeId: route,
        stopId: stopId(route, position),
        direction,
        weekdays: weekdayBits([1, 2, 3, 4, 5]),
        fromDate: shiftDate(week.from, -28),
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  await db.batch([
    db.insert(buses).values(busRows).onConflictDoNothing(),
    db.insert(routes).values(routeRows).onConflictDoNothing(),
    db.insert(routeStops).values(stopRows).onConflictDoNothing(),
    db.insert(riders).values(riderRows).onConflictDoNothing(),
    // A staff development day two weeks on (after the demo fortnight of trips): no buses that Monday.
    db
      .insert(noServiceDays)
      .values({
        id: "demo-no-service-1",
        schoolId,
        date: shiftDate(week.from, 15),
        reason: "Staff development day",
        createdAt: now,
      })
      .onConflictDoNothing(),
    // Leo stays home tomorrow: his parent said so in the app.
    db
      .insert(notRiding)
      .values({
        id: "demo-not-riding-1",
        schoolId,
        childId: LEO,
        date: shiftDate(today, 1),
        createdBy: DEMO_PARENT,
        createdAt: now,
      })
      .onConflictDoNothing(),
  ]);
  await linkDemoTrips(db, schoolId, zone);
  await seedDemoHistory(db, schoolId, zone, shiftDate(week.from, -28), week.from, now);
}

/** Minutes late at the last stop, by run, in turn: mostly on time, some late, one early (the reports' demo). */
const DEMO_DELAYS = [2, -1, 4, 1, 7, 3, 0, 12, 2, 5, 1, 9, 3, 6, 0, 4];

/**
 * The reports' history (issue 31): the weekday runs of every route from `from` up to `until`,
 * completed, and for every completed run of the demo routes a visit of its last stop (late by
 * DEMO_DELAYS) and the riders' taps (Leo absent on Fridays). Fixed ids and conflicts ignored: a
 * second start adds only what is missing. The rollups follow by their triggers.
 */
async function seedDemoHistory(db: Db, schoolId: string, zone: string, from: string, until: string, now: Date) {
  const runRows: (typeof trips.$inferInsert)[] = [];
  for (let date = from; date < until; date = shiftDate(date, 1)) {
    const day = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (day === 0 || day === 6) continue;
    for (const bus of DEMO_BUSES)
      for (const direction of ["pickup", "dropoff"] as const) {
        const route = routeId(bus.busNumber, direction);
        const { timetable } = demoRoute(route)!;
        const at = (minutes: number) => zonedInstant(date, minutesToTime(minutes), zone);
        runRows.push({
          id: `${route}-run-${date}`,
          schoolId,
          routeId: route,
          serviceDate: date,
          routeName: bus.routeName,
          routeType: direction,
          busNumber: bus.busNumber,
          driverName: bus.driverName,
          departureTime: at(timetable[0]!),
          arrivalTime: at(timetable.at(-1)!),
          stops: timetable.length,
          status: "completed",
          startedAt: at(timetable[0]!),
          endedAt: at(timetable.at(-1)! + 10),
          createdAt: now,
          updatedAt: now,
        });
      }
  }
  for (let start = 0; start < runRows.length; start += 50)
    await db
      .insert(trips)
      .values(runRows.slice(start, start + 50))
      .onConflictDoNothing();
  const ids = DEMO_BUSES.flatMap((bus) => [routeId(bus.busNumber, "pickup"), routeId(bus.busNumber, "dropoff")]);
  const completed = await db
    .select({ id: trips.id, routeId: trips.routeId, serviceDate: trips.serviceDate, arrivalTime: trips.arrivalTime })
    .from(trips)
    .where(and(eq(trips.schoolId, schoolId), inArray(trips.routeId, ids), eq(trips.status, "completed")))
    .orderBy(trips.serviceDate, trips.routeId);
  const visits: (typeof runStopVisits.$inferInsert)[] = [];
  const taps: (typeof attendance.$inferInsert)[] = [];
  completed.forEach((run, index) => {
    const route = run.routeId!;
    const { timetable } = demoRoute(route)!;
    const last = timetable.length - 1;
    const reached = new Date(run.arrivalTime.getTime() + DEMO_DELAYS[index % DEMO_DELAYS.length]! * 60_000);
    visits.push({ runId: run.id, stopId: stopId(route, last), schoolId, arrivedAt: reached, source: "position" });
    for (const ride of RIDES) {
      if (route !== routeId(ride.bus, "pickup") && route !== routeId(ride.bus, "dropoff")) continue;
      const pickup = route.endsWith("pickup");
      const corners = CORNERS[DEMO_BUSES.find((bus) => bus.busNumber === ride.bus)!.routeName].length;
      const position = pickup ? ride.corner : corners - ride.corner;
      const friday = new Date(`${run.serviceDate}T12:00:00Z`).getUTCDay() === 5;
      const status = pickup ? (ride.childId === LEO && friday ? "absent" : "boarded") : "dropped";
      if (!pickup && ride.childId === LEO && friday) continue;
      taps.push({
        id: `${run.id}-${ride.childId.slice(-3)}`,
        schoolId,
        runId: run.id,
        childId: ride.childId,
        stopId: stopId(route, position),
        status,
        at: new Date(run.arrivalTime.getTime() - (last - position) * 4 * 60_000),
        clientId: `demo-${run.id}-${ride.childId.slice(-3)}`,
        recordedBy: "demo",
      });
    }
  });
  for (let start = 0; start < visits.length; start += 100)
    await db
      .insert(runStopVisits)
      .values(visits.slice(start, start + 100))
      .onConflictDoNothing();
  for (let start = 0; start < taps.length; start += 100)
    await db
      .insert(attendance)
      .values(taps.slice(start, start + 100))
      .onConflictDoNothing();
}

/** The demo week's trips of each bus and direction become the runs of its route (those not linked yet, one per day). */
async function linkDemoTrips(db: Db, schoolId: string, zone: string) {
  const ids = DEMO_BUSES.flatMap((bus) => [routeId(bus.busNumber, "pickup"), routeId(bus.busNumber, "dropoff")]);
  const linked = await db
    .select({ routeId: trips.routeId, serviceDate: trips.serviceDate })
    .from(trips)
    .where(and(eq(trips.schoolId, schoolId), inArray(trips.routeId, ids)));
  const taken = new Set(linked.map((run) => `${run.routeId}|${run.serviceDate}`));
  const loose = await db
    .select({
      id: trips.id,
      busNumber: trips.busNumber,
      routeName: trips.routeName,
      routeType: trips.routeType,
      departureTime: trips.departureTime,
    })
    .from(trips)
    .where(and(eq(trips.schoolId, schoolId), isNull(trips.routeId), isNull(trips.createdBy)));
  const updates = [];
  for (const trip of loose) {
    const bus = DEMO_BUSES.find(
      (candidate) => candidate.busNumber === trip.busNumber && candidate.routeName === trip.routeName,
    );
    if (!bus) continue;
    const route = routeId(bus.busNumber, trip.routeType);
    const key = `${route}|${localDate(trip.departureTime, zone)}`;
    if (taken.has(key)) continue;
    taken.add(key);
    updates.push(
      db
        .update(trips)
        .set({ routeId: route, serviceDate: localDate(trip.departureTime, zone) })
        .where(eq(trips.id, trip.id)),
    );
  }
  for (let start = 0; start < updates.length; start += 100) {
    const chunk = updates.slice(start, start + 100);
    await db.batch(chunk as [(typeof chunk)[number], ...typeof chunk]);
  }
}

/** The demo driver (ADR 0057): bus 12's driver, on North Loop's pickup and drop-off routes (Ava rides them). */
const DEMO_DRIVER = { id: "00000000-0000-4000-8000-000000000103", email: "driver@maple.example.com", bus: "12" };

/**
 * Seeds the demo driver's account once; the first time, gives them bus 12's two routes. Then (every
 * start) the runs of routes with a driver and none of their own take the route's, as generation
 * does for the runs it writes, so the demo week's trips show on the driver's Today's runs.
 */
export async function seedDemoDriver(db: Db, schoolId: string, now: Date, password: string): Promise<void> {
  const bus = DEMO_BUSES.find((candidate) => candidate.busNumber === DEMO_DRIVER.bus)!;
  const inserted = await db
    .insert(drivers)
    .values({
      id: DEMO_DRIVER.id,
      schoolId,
      email: DEMO_DRIVER.email,
      name: bus.driverName,
      passwordHash: await hashPassword(password),
      phone: "+12175550177",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const ids = [routeId(bus.busNumber, "pickup"), routeId(bus.busNumber, "dropoff")];
  if (inserted.rowsAffected === 1)
    await db
      .update(routes)
      .set({ driverId: DEMO_DRIVER.id, driverName: bus.driverName })
      .where(and(eq(routes.schoolId, schoolId), inArray(routes.id, ids), isNull(routes.driverId)));
  await db
    .update(trips)
    .set({
      driverId: sql`(select r.driver_id from ${routes} r where r.id = ${trips.routeId})`,
    })
    .where(
      and(
        eq(trips.schoolId, schoolId),
        isNull(trips.driverId),
        sql`exists (select 1 from ${routes} r where r.id = ${trips.routeId} and r.driver_id is not null)`,
      ),
    );
}
