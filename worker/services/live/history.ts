import { and, desc, eq, inArray } from "drizzle-orm";
import { attendance, children, routeStops, trips } from "#db/schema/index.ts";
import type { ParentScope } from "../_shared/scope.ts";

/** Taps per child the parent's history shows (the newest first). */
export const ATTENDANCE_HISTORY_PER_CHILD = 10;

/**
 * My Children's ride history (issue 28): for each of the family's children, the newest runs the
 * driver tapped them on (boarded, absent, dropped), with when, the stop and the run. Only the
 * session's own children: another family's child is never in it, whatever the ids.
 */
export async function attendanceHistory(scope: ParentScope) {
  const { db } = scope.deps;
  const family = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.parentId, scope.parentId), eq(children.schoolId, scope.schoolId)));
  const ids = family.map((child) => child.id);
  const byChild: Record<
    string,
    {
      runId: string;
      serviceDate: string | null;
      routeName: string;
      direction: "pickup" | "dropoff";
      status: "boarded" | "absent" | "dropped";
      at: Date;
      stopName: string | null;
    }[]
  > = {};
  for (const id of ids) byChild[id] = [];
  if (ids.length === 0) return { timeZone: scope.timeZone, children: byChild };
  // A family has a few children; a school year has about 360 runs each: the newest rows by (child, at).
  const rows = await db
    .select({
      childId: attendance.childId,
      runId: attendance.runId,
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
    .limit(ATTENDANCE_HISTORY_PER_CHILD * ids.length * 4);
  for (const { childId, ...row } of rows) {
    const list = byChild[childId]!;
    if (list.length < ATTENDANCE_HISTORY_PER_CHILD) list.push(row);
  }
  return { timeZone: scope.timeZone, children: byChild };
}
