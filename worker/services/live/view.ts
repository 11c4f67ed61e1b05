import type { RouteType, TripStatus } from "#shared/enums.ts";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import type { RunEstimate, StopEta } from "#shared/live-eta.ts";
import type { Audience } from "./access.ts";
import { estimateOf } from "./eta.ts";
import { type RunState, type RunStop, type RunVisit, runIsOpen } from "./run-state.ts";

export type RunViewRider = {
  childId: string;
  name: string;
  stopId: string;
  notRiding: boolean;
  /** The driver's and the admin's view only: flags the driver must see at the stop. */
  specialNeeds?: string | null;
  allergyInfo?: string | null;
  /**
   * The child's record on the run now: the drop once made, else the boarding (what "on board" and the
   * driver's buttons read). Where it was made: a pickup's drop is at the school, not the child's stop.
   */
  attendance: RiderEvent | null;
  /** A pickup's boarding (boarded or absent), kept once the child is dropped at the school; null on a drop-off. */
  boarding: RiderEvent | null;
};

export type RiderEvent = {
  status: AttendanceStatus;
  at: Date;
  latitude: number | null;
  longitude: number | null;
  stopName: string | null;
};

export type RunViewStop = {
  id: string;
  position: number;
  name: string;
  latitude: number;
  longitude: number;
  scheduledAt: Date;
  arrivedAt: Date | null;
  departedAt: Date | null;
  /** A range in minutes from now (formatEtaRange: "7–9 min"); null once the bus was there or the run is not open. */
  eta: StopEta | null;
};

/**
 * A run as one audience sees it (ADR 0055). A parent's view has the bus, their own children and their
 * children's stops only: never another family's stop, address or child, and no position before the
 * start (LO2). The cursor changes whenever anything in the run does (the polling fallback's `since`).
 */
export type RunView = {
  runId: string;
  audience: Audience["kind"];
  routeName: string;
  direction: RouteType;
  busNumber: string;
  status: TripStatus;
  serviceDate: string;
  startedAt: Date | null;
  endedAt: Date | null;
  /** The bus at the run's last stop (a pickup's school); its name only where this viewer may read it. */
  finish: RunFinish | null;
  /** Open and no position for 60 s (or none yet): shown as stale, never as live. */
  stale: boolean;
  /** Seconds since the last position (the view's "updated 12 s ago"); null without one. */
  ageSeconds: number | null;
  position: {
    latitude: number;
    longitude: number;
    accuracy: number;
    speed: number | null;
    heading: number | null;
    at: Date;
  } | null;
  delaySeconds: number | null;
  stops: RunViewStop[];
  riders: RunViewRider[];
  cursor: string;
};

export type RunFinish = { stopName: string | null; arrivedAt: Date };

/**
 * When the bus reached the run's last stop, or null before it did. A parent reads its name only for a
 * pickup's school or one of their own stops, never another family's stop (LO2).
 */
function finishOf(state: RunState, parentId: string | null, ownStops: ReadonlySet<string>): RunFinish | null {
  const last = state.stops.at(-1);
  const visit = last ? state.visits.find((row) => row.stopId === last.id) : undefined;
  if (!last || !visit) return null;
  const named = parentId === null || state.run.direction === "pickup" || ownStops.has(last.id);
  return { stopName: named ? last.name : null, arrivedAt: visit.arrivedAt };
}

/** A stop as a view or a replay shows it: where, when it is due, and when the bus came and left. */
export function stopVisited(stop: RunStop, visits: ReadonlyMap<string, RunVisit>) {
  return {
    id: stop.id,
    position: stop.position,
    name: stop.name,
    latitude: stop.latitude,
    longitude: stop.longitude,
    scheduledAt: stop.scheduledAt,
    arrivedAt: visits.get(stop.id)?.arrivedAt ?? null,
    departedAt: visits.get(stop.id)?.departedAt ?? null,
  };
}

/** What changes a view: its cursor (positions, visits, taps, status). */
export function runCursor(state: RunState): string {
  const visits = state.visits.reduce(
    (sum, visit) => sum + visit.arrivedAt.getTime() + (visit.departedAt?.getTime() ?? 0),
    0,
  );
  const taps = state.attendance.reduce((sum, row) => sum + row.at.getTime(), 0);
  return [
    state.run.status,
    state.run.startedAt?.getTime() ?? 0,
    state.run.endedAt?.getTime() ?? 0,
    state.position?.at.getTime() ?? 0,
    state.visits.length,
    visits,
    state.attendance.length,
    taps,
  ].join(".");
}

/** The view of `audience`; `estimate` is computed once per run and shared by every audience's view. */
export function viewFor(
  state: RunState,
  audience: Audience,
  now: Date,
  estimate: RunEstimate = estimateOf(state, now),
): RunView {
  const open = runIsOpen(state);
  const etas = new Map(open ? estimate.stops.map((eta) => [eta.stopId, eta]) : []);
  const parentId = audience.kind === "parent" ? audience.parentId : null;
  const riders = parentId === null ? state.riders : state.riders.filter((rider) => rider.parentIds.includes(parentId));
  const ownStops = new Set(riders.map((rider) => rider.stopId));
  const stops = parentId === null ? state.stops : state.stops.filter((stop) => ownStops.has(stop.id));
  const visits = new Map(state.visits.map((visit) => [visit.stopId, visit]));
  const boardings = new Map(state.attendance.filter((row) => row.phase === "board").map((row) => [row.childId, row]));
  const drops = new Map(state.attendance.filter((row) => row.phase === "drop").map((row) => [row.childId, row]));
  // Where a record was made, by name: for a parent only their children's stops and a pickup's school
  // (its last stop, where the children on board are dropped), never another family's stop (LO2).
  const school = state.run.direction === "pickup" ? state.stops.at(-1)?.id : undefined;
  const stopNames = new Map(
    state.stops
      .filter((stop) => parentId === null || ownStops.has(stop.id) || stop.id === school)
      .map((stop) => [stop.id, stop.name]),
  );
  // A parent sees the bus only from the start (LO2); everyone sees no position after the end but the last.
  const position = state.position && state.run.startedAt ? state.position : null;
  return {
    runId: state.run.id,
    audience: audience.kind,
    routeName: state.run.routeName,
    direction: state.run.direction,
    busNumber: state.run.busNumber,
    status: state.run.status,
    serviceDate: state.run.serviceDate,
    startedAt: state.run.startedAt,
    endedAt: state.run.endedAt,
    finish: finishOf(state, parentId, ownStops),
    stale: open && estimate.stale,
    ageSeconds: state.position ? estimate.ageSeconds : null,
    position: position
      ? {
          latitude: position.latitude,
          longitude: position.longitude,
          accuracy: position.accuracy,
          speed: position.speed,
          heading: position.heading,
          at: position.at,
        }
      : null,
    delaySeconds: state.run.delaySeconds,
    stops: stops.map((stop) => ({
      ...stopVisited(stop, visits),
      eta: visits.has(stop.id) ? null : (etas.get(stop.id) ?? null),
    })),
    riders: riders.map((rider) => {
      const event = (row: RunState["attendance"][number] | undefined): RiderEvent | null =>
        row
          ? {
              status: row.status,
              at: row.at,
              latitude: row.latitude,
              longitude: row.longitude,
              stopName: row.stopId === null ? null : (stopNames.get(row.stopId) ?? null),
            }
          : null;
      const boarding = event(boardings.get(rider.childId));
      return {
        childId: rider.childId,
        name: rider.childName,
        stopId: rider.stopId,
        notRiding: rider.notRiding,
        ...(parentId === null ? { specialNeeds: rider.specialNeeds, allergyInfo: rider.allergyInfo } : {}),
        attendance: event(drops.get(rider.childId)) ?? boarding,
        boarding,
      };
    }),
    cursor: runCursor(state),
  };
}
