import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  attendance,
  childGuardians,
  children,
  liveNotices,
  notificationPreferences,
  notRiding,
  parents,
  riders,
  routeStops,
  runPositions,
  runStopVisits,
  schools,
  trips,
} from "#db/schema/index.ts";
import type { RouteType, TripStatus } from "#shared/enums.ts";
import type { AttendancePhase, AttendanceStatus, VisitSource } from "#shared/live-constants.ts";
import type { Locale } from "#shared/locales.ts";
import type { Preferences } from "#shared/preferences-constants.ts";
import { minutesToTime } from "#shared/route-texts.ts";
import { weekday, zonedInstant } from "#shared/school-time.ts";
import { resolveLocale } from "../../i18n/person.ts";
import { fromRow } from "../notifications/preference-rows.ts";
import { APPROACH_MINUTES_DEFAULT } from "./notices.ts";

/**
 * Everything about one run that live tracking decides on, read from the database in one batch
 * (ADR 0055): a hub that restarts reads it again and has lost nothing.
 */
export type RunStop = {
  id: string;
  position: number;
  name: string;
  latitude: number;
  longitude: number;
  /** The scheduled time at the stop on the run's day. */
  scheduledAt: Date;
  distanceMeters: number;
};

export type RunRider = {
  childId: string;
  childName: string;
  /** The child's guardians with an active account (ADR 0053): each is told and may watch. */
  parentIds: string[];
  stopId: string;
  specialNeeds: string | null;
  allergyInfo: string | null;
  /** Marked "not riding" for the run's day: shown as such, never counted. */
  notRiding: boolean;
};

/** `preferences`: read with the run, for whom each notice is pushed (ADR 0068). */
/** `locale`: the language the parent reads (their own, else the school's default; issue 30). */
export type RunParent = {
  id: string;
  email: string;
  approachMinutes: number;
  preferences: Preferences;
  locale?: Locale;
};
export type RunVisit = { stopId: string; arrivedAt: Date; departedAt: Date | null; source: VisitSource };
/** A child's event on the run: a pickup's boarding (boarded, absent) and drop, a drop-off's drop. */
export type RunAttendance = {
  childId: string;
  phase: AttendancePhase;
  stopId: string | null;
  status: AttendanceStatus;
  at: Date;
  latitude: number | null;
  longitude: number | null;
  clientId: string;
};
export type RunPosition = {
  clientId: string;
  at: Date;
  receivedAt: Date;
  latitude: number;
  longitude: number;
  accuracy: number;
  speed: number | null;
  heading: number | null;
};

export type RunState = {
  run: {
    id: string;
    schoolId: string;
    schoolName: string;
    timeZone: string;
    /** The school's default language (a parent without their own reads it). */
    schoolLocale?: Locale;
    routeId: string;
    routeName: string;
    direction: RouteType;
    busNumber: string;
    driverId: string | null;
    status: TripStatus;
    serviceDate: string;
    departureTime: Date;
    arrivalTime: Date;
    startedAt: Date | null;
    endedAt: Date | null;
    lastPositionAt: Date | null;
    delaySeconds: number | null;
    changeId: string | null;
  };
  stops: RunStop[];
  riders: RunRider[];
  parents: RunParent[];
  visits: RunVisit[];
  attendance: RunAttendance[];
  /** The newest accepted position (by the phone's clock), or null before the first. */
  position: RunPosition | null;
  /** The keys of the notices the run has sent (each is sent once). */
  sentNotices: ReadonlySet<string>;
};

/** The run's row as every live check reads it; null for a trip that is not a route's run. */
function runQuery(db: Db, runId: string) {
  return db
    .select({
      id: trips.id,
      schoolId: trips.schoolId,
      schoolName: schools.name,
      timeZone: schools.timeZone,
      schoolLocale: schools.defaultLocale,
      routeId: trips.routeId,
      routeName: trips.routeName,
      direction: trips.routeType,
      busNumber: trips.busNumber,
      driverId: trips.driverId,
      status: trips.status,
      serviceDate: trips.serviceDate,
      departureTime: trips.departureTime,
      arrivalTime: trips.arrivalTime,
      startedAt: trips.startedAt,
      endedAt: trips.endedAt,
      lastPositionAt: trips.lastPositionAt,
      delaySeconds: trips.delaySeconds,
      changeId: trips.changeId,
    })
    .from(trips)
    .innerJoin(schools, eq(schools.id, trips.schoolId))
    .where(eq(trips.id, runId));
}

/** The run's state, or null when there is no such run (or the trip was made by hand: no route, no live view). */
export async function loadRunState(db: Db, runId: string): Promise<RunState | null> {
  const date = sql`(select ${trips.serviceDate} from ${trips} where ${trips.id} = ${runId})`;
  const routeOf = sql`(select ${trips.routeId} from ${trips} where ${trips.id} = ${runId})`;
  const [runRows, stopRows, riderRows, visitRows, attendanceRows, positionRows, noticeRows] = await db.batch([
    runQuery(db, runId),
    db
      .select({
        id: routeStops.id,
        position: routeStops.position,
        name: routeStops.name,
        latitude: routeStops.latitude,
        longitude: routeStops.longitude,
        minutes: routeStops.scheduledMinutes,
        distanceMeters: routeStops.distanceMeters,
      })
      .from(routeStops)
      .where(eq(routeStops.routeId, routeOf))
      .orderBy(asc(routeStops.position)),
    db
      .select({
        childId: children.id,
        childName: children.name,
        parentId: parents.id,
        parentEmail: parents.email,
        parentActive: parents.isActive,
        parentLocale: parents.locale,
        approachMinutes: notificationPreferences.approachMinutes,
        channels: notificationPreferences.channels,
        quietStart: notificationPreferences.quietStart,
        quietEnd: notificationPreferences.quietEnd,
        digest: notificationPreferences.digest,
        stopId: riders.stopId,
        weekdays: riders.weekdays,
        specialNeeds: children.specialNeeds,
        allergyInfo: children.allergyInfo,
        notRiding: sql<number>`exists (select 1 from ${notRiding} where ${notRiding.childId} = ${riders.childId} and ${notRiding.date} = ${date})`,
      })
      .from(riders)
      .innerJoin(children, eq(children.id, riders.childId))
      // Every guardian of the child (ADR 0053); a pupil whose guardians have not joined yet still rides.
      .leftJoin(childGuardians, eq(childGuardians.childId, children.id))
      .leftJoin(parents, eq(parents.id, childGuardians.parentId))
      .leftJoin(
        notificationPreferences,
        and(eq(notificationPreferences.userRole, "parent"), eq(notificationPreferences.userId, parents.id)),
      )
      .where(
        and(
          eq(riders.routeId, routeOf),
          sql`${riders.fromDate} <= ${date} and (${riders.toDate} is null or ${riders.toDate} >= ${date})`,
        ),
      )
      .orderBy(asc(children.name), asc(children.id), asc(parents.id)),
    db
      .select({
        stopId: runStopVisits.stopId,
        arrivedAt: runStopVisits.arrivedAt,
        departedAt: runStopVisits.departedAt,
        source: runStopVisits.source,
      })
      .from(runStopVisits)
      .where(eq(runStopVisits.runId, runId)),
    db
      .select({
        childId: attendance.childId,
        phase: sql<AttendancePhase>`${attendance.phase}`,
        stopId: attendance.stopId,
        status: attendance.status,
        at: attendance.at,
        latitude: attendance.latitude,
        longitude: attendance.longitude,
        clientId: attendance.clientId,
      })
      .from(attendance)
      .where(eq(attendance.runId, runId)),
    db
      .select({
        clientId: runPositions.clientId,
        at: runPositions.deviceAt,
        receivedAt: runPositions.receivedAt,
        latitude: runPositions.latitude,
        longitude: runPositions.longitude,
        accuracy: runPositions.accuracy,
        speed: runPositions.speed,
        heading: runPositions.heading,
      })
      .from(runPositions)
      .where(eq(runPositions.runId, runId))
      .orderBy(desc(runPositions.deviceAt))
      .limit(1),
    db.select({ key: liveNotices.key }).from(liveNotices).where(eq(liveNotices.runId, runId)),
  ]);
  const row = runRows[0];
  if (!row || row.routeId === null || row.serviceDate === null) return null;
  const run = { ...row, routeId: row.routeId, serviceDate: row.serviceDate };
  const day = weekday(run.serviceDate);
  const rows = riderRows.filter((rider) => ((rider.weekdays >> day) & 1) === 1);
  const parentsById = new Map<string, RunParent>();
  // One row per rider and guardian: a rider once, with its active guardians.
  const ridersByChild = new Map<string, RunRider>();
  for (const row of rows) {
    let rider = ridersByChild.get(row.childId);
    if (!rider) {
      rider = {
        childId: row.childId,
        childName: row.childName,
        parentIds: [],
        stopId: row.stopId,
        specialNeeds: row.specialNeeds,
        allergyInfo: row.allergyInfo,
        notRiding: Boolean(row.notRiding),
      };
      ridersByChild.set(row.childId, rider);
    }
    if (row.parentId === null || !row.parentActive) continue;
    rider.parentIds.push(row.parentId);
    parentsById.set(row.parentId, {
      id: row.parentId,
      email: row.parentEmail ?? "",
      locale: resolveLocale(row.parentLocale, run.schoolLocale),
      approachMinutes: row.approachMinutes ?? APPROACH_MINUTES_DEFAULT,
      preferences: fromRow(
        row.channels === null
          ? null
          : {
              channels: row.channels,
              approachMinutes: row.approachMinutes ?? APPROACH_MINUTES_DEFAULT,
              quietStart: row.quietStart,
              quietEnd: row.quietEnd,
              digest: row.digest ?? false,
            },
      ),
    });
  }
  return {
    run,
    stops: stopRows.map(({ minutes, ...stop }) => ({
      ...stop,
      scheduledAt: zonedInstant(run.serviceDate, minutesToTime(minutes), run.timeZone),
    })),
    riders: [...ridersByChild.values()],
    parents: [...parentsById.values()],
    visits: visitRows,
    attendance: attendanceRows,
    position: positionRows[0] ?? null,
    sentNotices: new Set(noticeRows.map((row) => row.key)),
  };
}

/** Is the run open for positions and taps: started, not ended, not cancelled. */
export function runIsOpen(state: RunState): boolean {
  return state.run.startedAt !== null && state.run.endedAt === null && state.run.status !== "cancelled";
}
