import { APPROACH_MINUTES_DEFAULT } from "#shared/live-constants.ts";
import type { StopEta } from "#shared/live-eta.ts";

/**
 * Which live notices are due (ADR 0056). Pure: the engine passes the run's estimate and the keys it
 * has already written; each notice has a key it writes under a unique index, so a replayed sample or
 * a second engine never sends one twice.
 */

/** Minutes before the bus reaches a stop that its parents are told, unless a parent chose otherwise. */
export { APPROACH_MINUTES_DEFAULT };
/** A run this late (seconds) is worth telling its parents. */
export const LATE_THRESHOLD_SECONDS = 600;

/** A parent waiting at a stop of the run (one row per parent and stop, whatever the number of children). */
export type ApproachWatcher = { parentId: string; stopId: string; minutes?: number };

export type ApproachNotice = {
  key: string;
  parentId: string;
  stopId: string;
  /** The estimate that made it due, for the text ("3–5 min"). */
  eta: StopEta;
};

export const approachNoticeKey = (tripId: string, stopId: string, parentId: string) =>
  `approach:${tripId}:${stopId}:${parentId}`;

export const lateNoticeKey = (tripId: string) => `late:${tripId}`;

/**
 * The approach notices due now: for each parent at a stop not yet passed whose earliest estimate is
 * within the parent's minutes (better a minute early than a child missing the bus), once per stop and
 * parent in the run (keys in `sent` are skipped, as are repeats in `watchers`). Never for a stop the
 * bus has reached (`arrived`: every stop with an arrival, this batch's included), though a bus standing
 * there is 0–0 and not passed: "approaching" is news only before the bus is there. None from a stale
 * estimate: a guess without a live position does not tell a parent to go out.
 */
export function approachNotices(input: {
  tripId: string;
  estimate: { stale: boolean; stops: StopEta[] };
  watchers: ApproachWatcher[];
  sent: ReadonlySet<string>;
  arrived: ReadonlySet<string>;
}): ApproachNotice[] {
  if (input.estimate.stale) return [];
  const etas = new Map(input.estimate.stops.map((eta) => [eta.stopId, eta]));
  const due: ApproachNotice[] = [];
  const seen = new Set<string>();
  for (const watcher of input.watchers) {
    const key = approachNoticeKey(input.tripId, watcher.stopId, watcher.parentId);
    const eta = etas.get(watcher.stopId);
    if (eta === undefined || eta.passed || input.arrived.has(watcher.stopId)) continue;
    if (input.sent.has(key) || seen.has(key)) continue;
    if (eta.minMinutes > (watcher.minutes ?? APPROACH_MINUTES_DEFAULT)) continue;
    seen.add(key);
    due.push({ key, parentId: watcher.parentId, stopId: watcher.stopId, eta });
  }
  return due;
}

/**
 * Whether the run is late enough to tell its parents (once per run: `lateNoticeKey`), with the
 * whole minutes late for the text; null when it is not.
 */
export function lateNotice(
  delaySeconds: number,
  threshold: number = LATE_THRESHOLD_SECONDS,
): { minutesLate: number } | null {
  if (!(delaySeconds >= threshold)) return null;
  return { minutesLate: Math.floor(delaySeconds / 60) };
}
