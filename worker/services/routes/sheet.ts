import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { buses, noServiceDays, routes, schools } from "#db/schema/index.ts";
import type { RouteType } from "#shared/enums.ts";
import { ROUTE_MESSAGES as M, minutesToTime, type routeSheetInput } from "#shared/routes.ts";
import { weekday } from "#shared/school-time.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { byStop, runStopsAndRidersQueries } from "./run-riders.ts";

/** Route sheets per user and window, as invoice PDFs (each one renders a document). */
export const ROUTE_SHEET_LIMIT = { windowMs: 10 * 60_000, max: 120 } as const;

export type RouteSheetRider = { name: string; grade: string; specialNeeds: string | null; allergyInfo: string | null };

/**
 * What the driver's sheet shows for one route and day: the route, its bus and driver, the stops in
 * order with their times, and at each stop the children riding that day (assigned on that weekday
 * and date, not marked not riding), with the special-needs and allergy text of the child's record.
 * Nothing of the parents (no names, addresses or phones). `notice` says why a day has no run.
 */
export type RouteSheet = {
  schoolName: string;
  date: string;
  route: { name: string; direction: RouteType; driverName: string; bus: { number: string; seats: number } | null };
  notice: RouteSheetNotice | null;
  stops: { name: string; time: string; riders: RouteSheetRider[] }[];
};

/** Why a day has no run: the route does not run that weekday or date, or the school closed it (its reason). */
export type RouteSheetNotice = { kind: "notRunning" } | { kind: "noService"; reason: string };

/** The school admin's sheet of one of the school's routes on `date` (a calendar day in the school's zone). */
export async function routeSheet(scope: SchoolScope, input: z.infer<typeof routeSheetInput>): Promise<RouteSheet> {
  const { db } = scope.deps;
  const limit = await hitWindow(
    db,
    `route-sheet:${scope.actor.id}`,
    scope.now,
    ROUTE_SHEET_LIMIT.windowMs,
    ROUTE_SHEET_LIMIT.max,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const wd = weekday(input.date);
  const [routeRows, stopRows, riderRows, closedRows] = await db.batch([
    db
      .select({
        schoolName: schools.name,
        name: routes.name,
        direction: routes.direction,
        driverName: routes.driverName,
        weekdays: routes.weekdays,
        activeFrom: routes.activeFrom,
        activeTo: routes.activeTo,
        bus: { number: buses.number, seats: buses.seats },
      })
      .from(routes)
      .innerJoin(schools, eq(schools.id, routes.schoolId))
      .leftJoin(buses, eq(buses.id, routes.busId))
      .where(and(eq(routes.id, input.routeId), eq(routes.schoolId, scope.schoolId))),
    ...runStopsAndRidersQueries(db, scope.schoolId, input.routeId, input.date),
    db
      .select({ reason: noServiceDays.reason })
      .from(noServiceDays)
      .where(and(eq(noServiceDays.schoolId, scope.schoolId), eq(noServiceDays.date, input.date))),
  ]);
  const route = routeRows[0];
  if (!route) throw new AppError("NOT_FOUND", M.notFound);
  const runs =
    ((route.weekdays >> wd) & 1) === 1 &&
    input.date >= route.activeFrom &&
    (route.activeTo === null || input.date <= route.activeTo);
  const closed = closedRows[0];
  const notice: RouteSheetNotice | null = closed
    ? { kind: "noService", reason: closed.reason }
    : runs
      ? null
      : { kind: "notRunning" };
  // A day without a run has no riders, whoever is assigned; a child marked not riding is not on the sheet.
  const ridersAt = byStop(
    notice ? [] : riderRows.filter((rider) => rider.riding),
    ({ name, grade, specialNeeds, allergyInfo }): RouteSheetRider => ({ name, grade, specialNeeds, allergyInfo }),
  );
  return {
    schoolName: route.schoolName,
    date: input.date,
    route: { name: route.name, direction: route.direction, driverName: route.driverName, bus: route.bus },
    notice,
    stops: stopRows.map((stop) => ({
      name: stop.name,
      time: minutesToTime(stop.minutes),
      riders: ridersAt.get(stop.id) ?? [],
    })),
  };
}
