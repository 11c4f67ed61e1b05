import type { LivePosition, RunStop, StopVisit } from "#shared/live-eta.ts";
import { haversineMeters } from "#shared/route-order.ts";

/**
 * Arrivals and departures at a run's stops from the driver's phone (ADR 0056). Pure: the engine
 * passes the run's stops, the visits it has stored and accepted samples (all of the run's or only
 * the newest: the result is the same), and stores what comes back.
 */

/** A sample this close to a stop (metres), plus its own accuracy up to `ACCURACY_ALLOWANCE_M`, is at it. */
export const ARRIVAL_RADIUS_M = 50;
/** At most this much of a sample's reported accuracy widens the radius (a vague fix is not "near" everything). */
export const ACCURACY_ALLOWANCE_M = 50;
/**
 * The next stop, or one of the two after it, may be the next arrival: a stop without riders that
 * day may be driven past out of reach, while a far later stop that the road happens to pass (a loop
 * back to the school) is not mistaken for the bus's next.
 */
export const MAX_SKIPPED_STOPS = 2;

const hasTime = (visit: StopVisit | undefined): visit is StopVisit =>
  visit !== undefined && (visit.arrivedAt !== null || visit.departedAt !== null);

/**
 * The visits after the samples, in route order (visits of stops not on the route kept after them).
 * Samples are taken in time order (replayed or out-of-order ones sorted, repeats of an instant
 * ignored), and only those after the latest time already recorded: history is not rewritten. A
 * sample within reach of a stop ahead (the next or up to `MAX_SKIPPED_STOPS` after it, the first
 * in route order) is an arrival there; the bus never goes back to a stop before its latest. A bus
 * at a stop leaves it at the first sample out of reach, or on arriving at another stop.
 */
export function detectVisits(
  stops: RunStop[],
  visits: StopVisit[],
  samples: LivePosition[],
  options: { radiusM?: number } = {},
): StopVisit[] {
  const radius = options.radiusM ?? ARRIVAL_RADIUS_M;
  const byStop = new Map<string, StopVisit>();
  const others: StopVisit[] = [];
  const onRoute = new Set(stops.map((stop) => stop.stopId));
  let recorded = Number.NEGATIVE_INFINITY;
  for (const visit of visits) {
    if (!onRoute.has(visit.stopId)) others.push(visit);
    else if (!byStop.has(visit.stopId)) byStop.set(visit.stopId, { ...visit });
    for (const time of [visit.arrivedAt, visit.departedAt]) if (time !== null) recorded = Math.max(recorded, time);
  }
  let latest = -1;
  stops.forEach((stop, index) => {
    if (hasTime(byStop.get(stop.stopId))) latest = index;
  });

  const ordered = samples.filter((sample) => sample.at > recorded).sort((a, b) => a.at - b.at);
  let previousAt = Number.NaN;
  for (const sample of ordered) {
    if (sample.at === previousAt) continue;
    previousAt = sample.at;
    const reach = radius + Math.min(Math.max(0, sample.accuracyM), ACCURACY_ALLOWANCE_M);
    const within = (index: number) => haversineMeters(stops[index]!, sample) <= reach;
    const current = latest >= 0 ? byStop.get(stops[latest]!.stopId) : undefined;
    const atStop = current !== undefined && current.arrivedAt !== null && current.departedAt === null;
    if (atStop && within(latest)) continue;
    let arrival = -1;
    for (let index = latest + 1; index <= Math.min(stops.length - 1, latest + 1 + MAX_SKIPPED_STOPS); index++) {
      if (within(index)) {
        arrival = index;
        break;
      }
    }
    if (atStop) current.departedAt = sample.at;
    if (arrival >= 0) {
      // A stop ahead of the latest has no time yet (a placeholder at most): the arrival is its first.
      const stopId = stops[arrival]!.stopId;
      byStop.set(stopId, { stopId, arrivedAt: sample.at, departedAt: null, source: "position" });
      latest = arrival;
    }
  }
  const result = stops.flatMap((stop) => byStop.get(stop.stopId) ?? []);
  return [...result, ...others];
}

/**
 * The driver's tap at a stop: the first one is the arrival there when none is recorded yet (a
 * position may have recorded it first; then the tap changes nothing). A new array; the rest as it was.
 */
export function visitFromTap(visits: StopVisit[], stopId: string, at: number): StopVisit[] {
  const index = visits.findIndex((visit) => visit.stopId === stopId);
  if (index < 0) return [...visits, { stopId, arrivedAt: at, departedAt: null, source: "tap" }];
  const visit = visits[index]!;
  if (visit.arrivedAt !== null) return [...visits];
  // Left before the tap said it came (a departure seen first): it came no later than it left.
  const arrivedAt = visit.departedAt === null ? at : Math.min(at, visit.departedAt);
  return visits.map((other, i) => (i === index ? { ...visit, arrivedAt, source: "tap" } : other));
}
