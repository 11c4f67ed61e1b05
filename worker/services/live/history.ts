import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { attendance, children, routeStops, trips } from "#db/schema/index.ts";
import type { AttendancePhase, AttendanceStatus } from "#shared/live-constants.ts";
import type { ParentScope } from "../_shared/scope.ts";

/** Runs per child the parent's history shows (the newest first). */
export const ATTENDANCE_HISTORY_PER_CHILD = 10;

/** One event of a ride: when, and at which stop. */
export type RideEvent = { status: AttendanceStatus; at: Date; stopName: string | null };

/** A child's ride: the run, the boarding (a pickup's boarded or absent) and the drop ("Boarded 7:42 at Oak & 5th · Dropped 8:14 at …"). */
export type Ride = {
  runId: string;
  serviceDate: string | null;
  routeName: string;
  direction: "pickup" | "dropoff";
  boarding: RideEvent | null;
  drop: RideEvent | null;
};

/**
 * My Children's ride history (issue 28): for each of the family's children, the newest runs the
 * driver recorded them on, each with its boarding (boarded, absent) and its drop, when and at which
 * stop. Only the session's own children: another family's child is never in it, whatever the ids.
 */
export async function attendanceHistory(scope: ParentScope) {
  const { db } = scope.deps;
  const family = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.parentId, scope.parentId), eq(children.schoolId, scope.schoolId)));
  const ids = family.map((child) => child.id);
  const byChild: Record<string, Ride[]> = {};
  for (const id of ids) byChild[id] = [];
  if (ids.length === 0) return { timeZone: scope.timeZone, children: byChild };
  // A family has a few children; a school year has about 360 runs each, two events a run at most:
  // the newest rows by (child, at).
  const rows = await db
    .select({
      childId: attendance.childId,
      runId: attendance.runId,
      phase: sql<AttendancePhase>`${attendance.phase}`,
      status: attendance.status,
      at: attendance.at,
      serviceDate: trips.serviceDate,
      routeName: trips.routeName,
      direction: trips.routeType,
      stopName: routeStops.name,
    })
    .from(attendance)
    .innerJoin(trips, eq(trips.id, attendance.runId))
    .leftJoin(routeStops, eq(routeStops.id, attendance.stopId))
    .where(and(inArray(attendance.childId, ids), eq(attendance.schoolId, scope.schoolId)))
    .orderBy(desc(attendance.at), desc(attendance.id))
    .limit(ATTENDANCE_HISTORY_PER_CHILD * ids.length * 2 * 4);
  // Newest first: a run's first row met is its newest event; the ride keeps its place in the list.
  const rides = new Map<string, Ride>();
  for (const { childId, phase, status, at, stopName, ...run } of rows) {
    const key = `${childId}:${run.runId}`;
    let ride = rides.get(key);
    if (!ride) {
      const list = byChild[childId]!;
      if (list.length >= ATTENDANCE_HISTORY_PER_CHILD) continue;
      ride = { ...run, boarding: null, drop: null };
      rides.set(key, ride);
      list.push(ride);
    }
    ride[phase === "drop" ? "drop" : "boarding"] = { status, at, stopName };
  }
  return { timeZone: scope.timeZone, children: byChild };
}
