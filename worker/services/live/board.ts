import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import { drivers, runPositions, trips } from "#db/schema/index.ts";
import type { RouteType, TripStatus } from "#shared/enums.ts";
import type { AttendanceMark } from "#shared/live-board.ts";
import type { attendanceReportInput, liveRunsInput, runReplayInput } from "#shared/live-board-inputs.ts";
import { type AttendancePhase, type AttendanceStatus, LIVE_MESSAGES as M } from "#shared/live-constants.ts";
import { todayIn } from "#shared/school-time.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { loadRunState, type RunAttendance, type RunState, runIsOpen } from "./run-state.ts";
import { stopVisited } from "./view.ts";

/**
 * The school admin's live board, replays and attendance report (issue 28 item 6; docs/security.md
 * LO4: the school's own runs only). The board lists the day's runs; the page watches each open one
 * over the live socket (admin audience, ADR 0055). A replay is a past run's record: every position
 * kept (30 days, LO3), the stop visits and the taps (a pickup's boarding and its drop at the school both).
 */

export type BoardRun = {
  runId: string;
  routeId: string;
  routeName: string;
  direction: RouteType;
  busNumber: string;
  driverName: string;
  status: TripStatus;
  departureTime: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  /** Started and not ended nor cancelled: the page watches it live. */
  open: boolean;
  lastPositionAt: Date | null;
  delaySeconds: number | null;
};

/** The school's route runs of a day (its today by default), by departure. */
export async function liveRuns(
  scope: SchoolScope,
  input: z.infer<typeof liveRunsInput>,
): Promise<{ date: string; runs: BoardRun[] }> {
  const date = input.date ?? todayIn(scope.timeZone, scope.now);
  const rows = await scope.deps.db
    .select({
      runId: trips.id,
      routeId: trips.routeId,
      routeName: trips.routeName,
      direction: trips.routeType,
      busNumber: trips.busNumber,
      tripDriverName: trips.driverName,
      accountName: drivers.name,
      status: trips.status,
      departureTime: trips.departureTime,
      startedAt: trips.startedAt,
      endedAt: trips.endedAt,
      lastPositionAt: trips.lastPositionAt,
      delaySeconds: trips.delaySeconds,
    })
    .from(trips)
    .leftJoin(drivers, eq(drivers.id, trips.driverId))
    .where(and(eq(trips.schoolId, scope.schoolId), eq(trips.serviceDate, date), isNotNull(trips.routeId)))
    .orderBy(asc(trips.departureTime), asc(trips.routeName), asc(trips.id))
    .limit(500);
  return {
    date,
    runs: rows.map(({ tripDriverName, accountName, routeId, ...run }) => ({
      ...run,
      routeId: routeId!,
      driverName: accountName ?? tripDriverName,
      open: run.startedAt !== null && run.endedAt === null && run.status !== "cancelled",
    })),
  };
}

/** The school's own run, or NOT_FOUND as for any foreign id (LO4). */
async function ownRun(scope: SchoolScope, runId: string): Promise<RunState> {
  const state = await loadRunState(scope.deps.db, runId);
  if (!state || state.run.schoolId !== scope.schoolId) throw new AppError("NOT_FOUND", M.notFound);
  return state;
}

/** Positions a replay draws at most (a 2-hour run every 5 s is 1,440). */
export const REPLAY_MAX_POSITIONS = 5_000;

/** A run's record on a timeline: positions in the phone's time order, stop visits and taps. */
export async function runReplay(scope: SchoolScope, input: z.infer<typeof runReplayInput>) {
  const state = await ownRun(scope, input.runId);
  const positions = await scope.deps.db
    .select({
      at: runPositions.deviceAt,
      latitude: runPositions.latitude,
      longitude: runPositions.longitude,
      accuracy: runPositions.accuracy,
    })
    .from(runPositions)
    .where(eq(runPositions.runId, state.run.id))
    .orderBy(asc(runPositions.deviceAt))
    .limit(REPLAY_MAX_POSITIONS);
  const visits = new Map(state.visits.map((visit) => [visit.stopId, visit]));
  const stopNames = new Map(state.stops.map((stop) => [stop.id, stop.name]));
  const names = new Map(state.riders.map((rider) => [rider.childId, rider.childName]));
  return {
    run: {
      runId: state.run.id,
      routeName: state.run.routeName,
      direction: state.run.direction,
      busNumber: state.run.busNumber,
      status: state.run.status,
      serviceDate: state.run.serviceDate,
      startedAt: state.run.startedAt,
      endedAt: state.run.endedAt,
      open: runIsOpen(state),
    },
    stops: state.stops.map((stop) => stopVisited(stop, visits)),
    positions,
    taps: state.attendance
      .map((row) => ({
        childName: names.get(row.childId) ?? "A rider no longer on the route",
        stopName: row.stopId ? (stopNames.get(row.stopId) ?? null) : null,
        status: row.status,
        at: row.at,
        latitude: row.latitude,
        longitude: row.longitude,
      }))
      .sort((a, b) => a.at.getTime() - b.at.getTime()),
  };
}

/** One event of a rider's run in the report: what, when, at which stop and where the phone was. */
export type ReportEvent = {
  status: AttendanceStatus;
  at: Date;
  stopName: string | null;
  latitude: number | null;
  longitude: number | null;
};

export type AttendanceRow = {
  runId: string;
  routeName: string;
  direction: RouteType;
  busNumber: string;
  childName: string;
  /** The rider's own stop on the route. */
  stopName: string;
  /** The boarding's status on a pickup (boarded, absent), the drop on a drop-off; else not riding or not recorded. */
  mark: AttendanceMark;
  /** A pickup's boarding (boarded or absent), null on a drop-off or before the tap. */
  boarding: ReportEvent | null;
  /** The drop: the driver's tap on a drop-off, the school's arrival on a pickup. */
  drop: ReportEvent | null;
};

/** Runs one report reads at most (a school's day of runs, with room). */
export const REPORT_MAX_RUNS = 200;

/**
 * Attendance per rider per run for a day (and one route, when chosen): one row each, with the
 * boarding and the drop side by side (time, stop, place), "not riding" when the family said so, "not
 * recorded" otherwise.
 */
export async function attendanceReport(
  scope: SchoolScope,
  input: z.infer<typeof attendanceReportInput>,
): Promise<{ date: string; rows: AttendanceRow[] }> {
  const date = input.date ?? todayIn(scope.timeZone, scope.now);
  const runs = await scope.deps.db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.schoolId, scope.schoolId),
        eq(trips.serviceDate, date),
        input.routeId === null ? isNotNull(trips.routeId) : eq(trips.routeId, input.routeId),
      ),
    )
    .orderBy(asc(trips.departureTime), asc(trips.routeName), asc(trips.id))
    .limit(REPORT_MAX_RUNS);
  const rows: AttendanceRow[] = [];
  for (const { id } of runs) {
    const state = await loadRunState(scope.deps.db, id);
    if (!state || state.run.schoolId !== scope.schoolId) continue;
    const stopNames = new Map(state.stops.map((stop) => [stop.id, stop.name]));
    const event = (row: RunAttendance | undefined): ReportEvent | null =>
      row
        ? {
            status: row.status,
            at: row.at,
            stopName: row.stopId === null ? null : (stopNames.get(row.stopId) ?? null),
            latitude: row.latitude,
            longitude: row.longitude,
          }
        : null;
    const of = (phase: AttendancePhase) =>
      new Map(state.attendance.filter((row) => row.phase === phase).map((row) => [row.childId, row]));
    const boardings = of("board");
    const drops = of("drop");
    for (const rider of state.riders) {
      const boarding = event(boardings.get(rider.childId));
      const drop = event(drops.get(rider.childId));
      const recorded = boarding ?? drop;
      rows.push({
        runId: state.run.id,
        routeName: state.run.routeName,
        direction: state.run.direction,
        busNumber: state.run.busNumber,
        childName: rider.childName,
        stopName: stopNames.get(rider.stopId) ?? "",
        mark: recorded ? recorded.status : rider.notRiding ? "not-riding" : "not-recorded",
        boarding,
        drop,
      });
    }
  }
  return { date, rows };
}
