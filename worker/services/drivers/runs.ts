import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { z } from "zod";
import { buses, routes, trips } from "#db/schema/index.ts";
import { DRIVER_MESSAGES, type driverRunInput } from "#shared/drivers.ts";
import { dayRange, localDate, todayIn } from "#shared/school-time.ts";
import type { DriverScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { byStop, runStopsAndRidersQueries } from "../routes/run-riders.ts";

/**
 * The driver's side of the transport model (ADR 0057): the runs assigned to them (`trips.driver_id`,
 * copied from the route by run generation), their stops in order and their riders. Only the
 * session's school and driver: another driver's run, or another school's, is not found.
 */

const mine = (scope: DriverScope) => and(eq(trips.schoolId, scope.schoolId), eq(trips.driverId, scope.driverId));

const RUN_COLUMNS = {
  id: trips.id,
  routeId: trips.routeId,
  routeName: trips.routeName,
  routeType: trips.routeType,
  busNumber: trips.busNumber,
  status: trips.status,
  departureTime: trips.departureTime,
  arrivalTime: trips.arrivalTime,
  serviceDate: trips.serviceDate,
  studentsCount: trips.studentsCount,
  stops: trips.stops,
  colour: routes.colour,
  /** The live run (ADR 0055): started and ended by the driver. */
  startedAt: trips.startedAt,
  endedAt: trips.endedAt,
  /** The route has no bus: Start asks which one the driver takes (`driver.runs.buses`). */
  routeBusId: routes.busId,
};

/** Today's runs of the signed-in driver, in the school's zone, by departure. */
export async function listDriverRuns(scope: DriverScope) {
  const { start, end, from } = dayRange(todayIn(scope.timeZone, scope.now), scope.timeZone);
  const rows = await scope.deps.db
    .select(RUN_COLUMNS)
    .from(trips)
    .leftJoin(routes, eq(routes.id, trips.routeId))
    .where(and(mine(scope), gte(trips.departureTime, start), lt(trips.departureTime, end)))
    .orderBy(asc(trips.departureTime), asc(trips.id))
    .limit(100);
  return { date: from, runs: rows };
}

/**
 * One run of the signed-in driver: its stops in order, each with its riders that day (name, special
 * needs, allergies, and whether they ride: a child marked not riding is listed as such). A trip made
 * by hand has no route, so no stops.
 */
export async function getDriverRun(scope: DriverScope, input: z.infer<typeof driverRunInput>) {
  const { db } = scope.deps;
  const [run] = await db
    .select(RUN_COLUMNS)
    .from(trips)
    .leftJoin(routes, eq(routes.id, trips.routeId))
    .where(and(eq(trips.id, input.tripId), mine(scope)))
    .limit(1);
  if (!run) throw new AppError("NOT_FOUND", DRIVER_MESSAGES.runNotFound);
  if (!run.routeId) return { run, stops: [] };
  const date = run.serviceDate ?? localDate(run.departureTime, scope.timeZone);
  const [stopRows, riderRows] = await db.batch(runStopsAndRidersQueries(db, scope.schoolId, run.routeId, date));
  const ridersAt = byStop(riderRows, (row) => ({
    childId: row.childId,
    name: row.name,
    specialNeeds: row.specialNeeds || null,
    allergyInfo: row.allergyInfo || null,
    riding: row.riding,
  }));
  return { run, stops: stopRows.map((stop) => ({ ...stop, riders: ridersAt.get(stop.id) ?? [] })) };
}

/** The school's buses, by number: what a driver picks on Start when the run's route has none. */
export async function listDriverBuses(scope: DriverScope) {
  const rows = await scope.deps.db
    .select({ id: buses.id, number: buses.number, plate: buses.plate })
    .from(buses)
    .where(eq(buses.schoolId, scope.schoolId))
    .limit(500);
  return rows.sort((a, b) => a.number.localeCompare(b.number, "en", { numeric: true }));
}
