import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { attendance, buses, children, routeStops, routes, runStopVisits, trips } from "#db/schema/index.ts";
import { type IsoDate, type WallTime, zonedInstant } from "#shared/school-time.ts";

/**
 * The raw rows the reports are computed from, written straight into the database (buses, routes
 * and stops, children, runs, stop visits, taps), so a test can state exactly what happened and
 * hand-compute every figure. The triggers keep the rollups whatever wrote the rows.
 */

export async function addBus(db: Db, schoolId: string, number: string, seats: number) {
  const [row] = await db.insert(buses).values({ schoolId, number, seats }).returning({ id: buses.id });
  return row!.id;
}

/** A route and its stops (name and scheduled local time, in order). */
export async function addRoute(
  db: Db,
  values: { schoolId: string; name: string; busId: string | null; direction?: "pickup" | "dropoff" },
  stops: readonly (readonly [string, WallTime])[],
) {
  const [route] = await db
    .insert(routes)
    .values({
      schoolId: values.schoolId,
      name: values.name,
      direction: values.direction ?? "pickup",
      colour: "#1d4ed8",
      busId: values.busId,
      driverName: "Dana",
      activeFrom: "2025-01-01",
    })
    .returning({ id: routes.id });
  const stopIds: string[] = [];
  for (const [position, [name, time]] of stops.entries()) {
    const [hours, minutes] = time.split(":").map(Number) as [number, number];
    const [stop] = await db
      .insert(routeStops)
      .values({
        schoolId: values.schoolId,
        routeId: route!.id,
        position,
        name,
        latitude: 41.8 + position / 100,
        longitude: -87.6,
        scheduledMinutes: hours * 60 + minutes,
      })
      .returning({ id: routeStops.id });
    stopIds.push(stop!.id);
  }
  return { routeId: route!.id, stopIds };
}

export async function addChild(db: Db, schoolId: string, name: string) {
  const [row] = await db
    .insert(children)
    .values({ schoolId, name, age: 9, grade: "4th Grade", school: "Maple", emergencyContact: "Mum 555 0100" })
    .returning({ id: children.id });
  return row!.id;
}

/**
 * An open run of a route on a school-local day: it left at `start` and was due at its last stop at
 * `due` (local wall times of that day, in `zone`; the run as generation writes it).
 */
export async function addRun(
  db: Db,
  values: {
    schoolId: string;
    routeId: string;
    routeName: string;
    date: IsoDate;
    zone: string;
    start: WallTime;
    due: WallTime;
    busNumber: string;
    status?: "in-progress" | "completed" | "cancelled" | "scheduled";
  },
) {
  const departure = zonedInstant(values.date, values.start, values.zone);
  const [row] = await db
    .insert(trips)
    .values({
      schoolId: values.schoolId,
      routeId: values.routeId,
      serviceDate: values.date,
      routeName: values.routeName,
      routeType: "pickup",
      busNumber: values.busNumber,
      driverName: "Dana",
      departureTime: departure,
      arrivalTime: zonedInstant(values.date, values.due, values.zone),
      status: values.status ?? "in-progress",
      startedAt: values.status === "scheduled" ? null : departure,
    })
    .returning({ id: trips.id });
  return row!.id;
}

export async function visit(db: Db, runId: string, schoolId: string, stopId: string, arrivedAt: Date) {
  await db
    .insert(runStopVisits)
    .values({ runId, schoolId, stopId, arrivedAt, source: "position" })
    .onConflictDoUpdate({ target: [runStopVisits.runId, runStopVisits.stopId], set: { arrivedAt } });
}

/** A driver's tap: a later tap of the same phase replaces the earlier (as the ingest does). */
export async function tap(
  db: Db,
  values: {
    runId: string;
    schoolId: string;
    childId: string;
    stopId: string | null;
    status: "boarded" | "absent" | "dropped";
    at: Date;
  },
) {
  await db
    .insert(attendance)
    .values({ ...values, clientId: crypto.randomUUID(), recordedBy: "driver" })
    .onConflictDoUpdate({
      target: [attendance.runId, attendance.childId, attendance.phase],
      set: { status: values.status, at: values.at, stopId: values.stopId },
    });
}

/** The run ends: completed (the driver's end) or cancelled (the admin's), as the services write it. */
export async function closeRun(db: Db, runId: string, status: "completed" | "cancelled", at: Date) {
  await db.update(trips).set({ status, endedAt: at, updatedAt: at }).where(eq(trips.id, runId));
}
