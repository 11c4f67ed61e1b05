import { and, asc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { children, schools, trips } from "#db/schema/index.ts";
import { dayRange, localDate, todayIn, weekRange } from "#shared/school-time.ts";
import {
  type createTripInput,
  type listTripsInput,
  REPEAT_MAX_DAYS,
  repeatDates,
  type setTripStatusInput,
  TRIP_MESSAGES,
  type TripValues,
  type tripIdInput,
  tripRecord,
  type updateTripInput,
} from "#shared/trips.ts";
import { preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { containsAny, likePattern } from "../_shared/search.ts";
import { auditInsert } from "../audit.ts";
import { assignableDriver } from "../drivers/directory.ts";
import { AppError } from "../errors.ts";
import { notifyTripChange, tripChangeNotice } from "./notify.ts";

/** At most this many trips in one day or week view (15 buses × 4 trips × 7 days is 420). */
export const TRIP_VIEW_LIMIT = 1_000;

/** What the screens show of a trip (Trip Management, the dashboard). */
export const TRIP_COLUMNS = {
  id: trips.id,
  routeName: trips.routeName,
  routeType: trips.routeType,
  busNumber: trips.busNumber,
  driverId: trips.driverId,
  driverName: trips.driverName,
  departureTime: trips.departureTime,
  arrivalTime: trips.arrivalTime,
  studentsCount: trips.studentsCount,
  stops: trips.stops,
  status: trips.status,
};

const P = sql.placeholder;

/** The list's statement for a shape (which of status, route type and search a call has), values as placeholders (ADR 0028). */
const tripListStatements = preparedPerShape((db, shape) => {
  const conditions: SQL[] = [
    eq(trips.schoolId, P("schoolId")),
    gte(trips.departureTime, P("start")),
    lt(trips.departureTime, P("end")),
  ];
  if (shape.includes("s")) conditions.push(eq(trips.status, P("status")));
  if (shape.includes("r")) conditions.push(eq(trips.routeType, P("routeType")));
  if (shape.includes("q"))
    conditions.push(containsAny(P("like"), [trips.routeName, trips.busNumber, trips.driverName]));
  return db
    .select(TRIP_COLUMNS)
    .from(trips)
    .where(and(...conditions))
    .orderBy(asc(trips.departureTime), asc(trips.id))
    .limit(TRIP_VIEW_LIMIT + 1)
    .prepare();
});

/**
 * Trip Management: the day or the Sunday-to-Saturday week holding `date` (the school's today by
 * default), in the school's zone, ordered by departure, searched by route, bus or driver.
 */
export async function listTrips(scope: SchoolScope, input: z.infer<typeof listTripsInput>) {
  const { db } = scope.deps;
  const zone = scope.timeZone;
  const today = todayIn(zone, scope.now);
  const date = input.date ?? today;
  const range = input.view === "day" ? dayRange(date, zone) : weekRange(date, zone);
  const shape = `${input.status ? "s" : ""}${input.routeType ? "r" : ""}${input.search ? "q" : ""}`;
  const rows = await tripListStatements(db, shape).all({
    schoolId: scope.schoolId,
    start: trips.departureTime.mapToDriverValue(range.start),
    end: trips.departureTime.mapToDriverValue(range.end),
    status: input.status,
    routeType: input.routeType,
    like: input.search ? likePattern(input.search.toLowerCase()) : undefined,
  });
  return {
    view: input.view,
    from: range.from,
    to: range.to,
    today,
    timeZone: zone,
    truncated: rows.length > TRIP_VIEW_LIMIT,
    trips: rows.slice(0, TRIP_VIEW_LIMIT).map((trip) => ({ ...trip, date: localDate(trip.departureTime, zone) })),
  };
}

/** A trip given a driver's account carries the account's name (ADR 0057). */
function withDriver(trip: TripValues, driver: { id: string; name: string } | null): TripValues {
  return { ...trip, driverId: driver?.id ?? null, driverName: driver?.name ?? trip.driverName };
}

/** New Trip: one trip, or with Repeat one per chosen weekday up to the end date (at most a school year), in one batch. */
export async function createTrip(scope: SchoolScope, input: z.infer<typeof createTripInput>) {
  const { db } = scope.deps;
  const dates = repeatDates(input.trip.departureDate, input.repeat);
  if (dates.length === 0) throw new AppError("BAD_REQUEST", TRIP_MESSAGES.repeatDays);
  if (dates.length > REPEAT_MAX_DAYS) throw new AppError("BAD_REQUEST", TRIP_MESSAGES.repeatTooLong);
  const driver = await assignableDriver(scope, input.trip.driverId);
  const rows = dates.map((date) => ({
    id: crypto.randomUUID(),
    schoolId: scope.schoolId,
    ...tripRecord(withDriver(input.trip, driver), date, scope.timeZone),
    createdBy: scope.actor.id,
    createdAt: scope.now,
    updatedAt: scope.now,
  }));
  const inserts = [];
  for (let start = 0; start < rows.length; start += 200)
    inserts.push(db.insert(trips).values(rows.slice(start, start + 200)));
  await db.batch([
    ...(inserts as [(typeof inserts)[number], ...typeof inserts]),
    auditInsert(
      db,
      {
        eventType: "trip.created",
        description: `Trip ${input.trip.routeName} scheduled${rows.length > 1 ? ` on ${rows.length} days` : ""}`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: {
          tripIds: rows.slice(0, 20).map((row) => row.id),
          count: rows.length,
          from: dates[0],
          to: dates.at(-1),
        },
        at: scope.now,
      },
      scope.meta,
    ),
  ]);
  return { created: rows.length, ids: rows.map((row) => row.id) };
}

async function findTrip(scope: SchoolScope, tripId: string) {
  const { db } = scope.deps;
  const [tripRows, schoolRows] = await db.batch([
    db
      .select({ ...TRIP_COLUMNS, changeId: trips.changeId, routeId: trips.routeId })
      .from(trips)
      .where(and(eq(trips.id, tripId), eq(trips.schoolId, scope.schoolId))),
    db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId)),
  ]);
  const trip = tripRows[0];
  if (!trip) throw new AppError("NOT_FOUND", TRIP_MESSAGES.notFound);
  // The zone rides in the scope; the name is for the e-mails of a trip notice.
  return { trip, school: { name: schoolRows[0]?.name ?? "Your school", timeZone: scope.timeZone } };
}

/**
 * Edit Trip. A change parents care about (departed, arrived, cancelled, or a time moved by more than
 * ten minutes) notifies the parents on the route, in the same batch as the change and only if this
 * request's write won (a double submit notifies once).
 */
export async function updateTrip(scope: SchoolScope, input: z.infer<typeof updateTripInput>) {
  const { trip: before, school } = await findTrip(scope, input.tripId);
  const driver = await assignableDriver(scope, input.trip.driverId, before.driverId);
  const after = tripRecord(withDriver(input.trip, driver), input.trip.departureDate, school.timeZone);
  const notice = tripChangeNotice(before, after, school.timeZone);
  await notifyTripChange(scope, {
    before,
    school,
    set: after,
    notice,
    audit: { eventType: "trip.updated", description: `Trip ${after.routeName} updated` },
  });
  return { id: before.id, notified: notice !== null };
}

/** The one-click status change of a trip ("Departed", "Arrived", cancel). */
export async function setTripStatus(scope: SchoolScope, input: z.infer<typeof setTripStatusInput>) {
  const { trip: before, school } = await findTrip(scope, input.tripId);
  if (before.status === input.status) return { id: before.id, notified: false };
  const notice = tripChangeNotice(before, { ...before, status: input.status }, school.timeZone);
  try {
    await notifyTripChange(scope, {
      before,
      school,
      set: { status: input.status },
      notice,
      audit: { eventType: "trip.status_changed", description: `Trip ${before.routeName} set to ${input.status}` },
    });
  } catch (error) {
    // A double click: the other request already made this very change (and told the parents once).
    if (
      error instanceof AppError &&
      error.code === "CONFLICT" &&
      (await findTrip(scope, input.tripId)).trip.status === input.status
    )
      return { id: before.id, notified: false };
    throw error;
  }
  // A run being watched live shows the admin's override (a cancelled run closes to parents) at once.
  if (before.routeId) await scope.deps.live?.changed(before.id);
  return { id: before.id, notified: notice !== null };
}

export async function deleteTrip(scope: SchoolScope, input: z.infer<typeof tripIdInput>) {
  const { db } = scope.deps;
  const { trip } = await findTrip(scope, input.tripId);
  const mine = and(eq(trips.id, trip.id), eq(trips.schoolId, scope.schoolId));
  // Audited only while the row is there, then deleted: of two deletes at once (a double click), the
  // second finds nothing to audit or delete and is NOT_FOUND.
  const [, deleted] = await db.batch([
    auditInsert(
      db,
      {
        eventType: "trip.deleted",
        description: `Trip ${trip.routeName} deleted`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: { tripId: trip.id },
        at: scope.now,
      },
      scope.meta,
      sql`exists (select 1 from ${trips} where ${mine})`,
    ),
    db.delete(trips).where(mine).returning({ id: trips.id }),
  ]);
  if (deleted.length === 0) throw new AppError("NOT_FOUND", TRIP_MESSAGES.notFound);
  return { id: trip.id };
}

/** The school's route names (from its trips and its children's bus routes), for pickers. */
export async function listRouteNames(scope: SchoolScope) {
  const { db } = scope.deps;
  const [fromTrips, fromChildren] = await db.batch([
    db.selectDistinct({ name: trips.routeName }).from(trips).where(eq(trips.schoolId, scope.schoolId)),
    db
      .selectDistinct({ name: children.busRoute })
      .from(children)
      .where(and(eq(children.schoolId, scope.schoolId), isNotNull(children.busRoute))),
  ]);
  return { routes: uniqueRouteNames([...fromTrips, ...fromChildren].map((row) => row.name)) };
}

/** One spelling per route, ignoring case (the first given wins: pass the trips' names first), sorted. */
export function uniqueRouteNames(names: readonly (string | null)[]): string[] {
  const unique = new Map<string, string>();
  for (const name of names) {
    const key = name?.trim().toLowerCase();
    if (key && !unique.has(key)) unique.set(key, name!.trim());
  }
  return [...unique.values()].sort((a, b) => a.localeCompare(b));
}
