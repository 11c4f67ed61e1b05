import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { children, riders, routeStops } from "#db/schema/index.ts";
import { weekday } from "#shared/school-time.ts";

/**
 * A route's run on one day, as the driver's run (ADR 0057) and the route sheet read it: the route's
 * stops in order, and the children who ride that day — assigned on its weekday, within their dates,
 * as run generation counts them — with whether they ride (a child marked not riding that day does not). Two statements, for the
 * caller's batch; only the given school's rows.
 */
export function runStopsAndRidersQueries(db: Db, schoolId: string, routeId: string, date: string) {
  return [
    db
      .select({
        id: routeStops.id,
        position: routeStops.position,
        name: routeStops.name,
        minutes: routeStops.scheduledMinutes,
        latitude: routeStops.latitude,
        longitude: routeStops.longitude,
      })
      .from(routeStops)
      .where(and(eq(routeStops.routeId, routeId), eq(routeStops.schoolId, schoolId)))
      .orderBy(asc(routeStops.position)),
    db
      .select({
        stopId: riders.stopId,
        childId: children.id,
        name: children.name,
        grade: children.grade,
        specialNeeds: children.specialNeeds,
        allergyInfo: children.allergyInfo,
        riding:
          sql<boolean>`not exists (select 1 from not_riding n where n.child_id = ${riders.childId} and n.date = ${date})`.mapWith(
            Boolean,
          ),
      })
      .from(riders)
      .innerJoin(children, eq(children.id, riders.childId))
      .where(
        and(
          eq(riders.routeId, routeId),
          eq(riders.schoolId, schoolId),
          sql`((${riders.weekdays} >> ${weekday(date)}) & 1) = 1`,
          sql`${riders.fromDate} <= ${date} and (${riders.toDate} is null or ${riders.toDate} >= ${date})`,
        ),
      )
      .orderBy(asc(children.name), asc(children.id)),
  ] as const;
}

/** Each stop's rows (by the stop's id, in the rows' order), as `pick` shows them. */
export function byStop<Row extends { stopId: string }, Shown>(
  rows: readonly Row[],
  pick: (row: Row) => Shown,
): Map<string, Shown[]> {
  const grouped = new Map<string, Shown[]>();
  for (const row of rows) grouped.set(row.stopId, [...(grouped.get(row.stopId) ?? []), pick(row)]);
  return grouped;
}
