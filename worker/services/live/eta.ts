import { estimateRun, type LivePosition, type RunEstimate, type StopVisit } from "#shared/live-eta.ts";
import type { RunPosition, RunState, RunVisit } from "./run-state.ts";

/** The run's stops, visits and position in the shapes of the pure rules (#shared/live-eta.ts, ADR 0056). */
export function etaStops(state: RunState) {
  return state.stops.map((stop) => ({
    stopId: stop.id,
    lat: stop.latitude,
    lng: stop.longitude,
    scheduledAt: stop.scheduledAt.getTime(),
    distanceAlongM: stop.distanceMeters,
  }));
}

export const etaVisit = (visit: RunVisit): StopVisit => ({
  stopId: visit.stopId,
  arrivedAt: visit.arrivedAt.getTime(),
  departedAt: visit.departedAt?.getTime() ?? null,
  source: visit.source,
});

export const etaPosition = (position: RunPosition): LivePosition => ({
  at: position.at.getTime(),
  lat: position.latitude,
  lng: position.longitude,
  accuracyM: position.accuracy,
  speedMps: position.speed,
});

/** The run's estimate now: its delay, whether the bus is stale, and each stop's range. */
export function estimateOf(state: RunState, now: Date): RunEstimate {
  return estimateRun({
    now: now.getTime(),
    stops: etaStops(state),
    visits: state.visits.map(etaVisit),
    last: state.position ? etaPosition(state.position) : null,
  });
}
