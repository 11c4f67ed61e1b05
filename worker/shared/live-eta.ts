import type { I18n } from "@lingui/core";
import { haversineMeters } from "./route-order.ts";

/**
 * Live arrival estimates for a run's stops (ADR 0056), the same on the server and in the parent's
 * live view. Pure and deterministic: instants are ms since the epoch, `now` comes in. An estimate is
 * the stop's scheduled time plus the delay observed so far, shown as a range that widens with the
 * time ahead and with how long ago the bus was last heard from; never before now.
 */

/** A run's stop, in route order. `scheduledAt` is the stop's wall-clock time on the run's day. */
export type RunStop = { stopId: string; lat: number; lng: number; scheduledAt: number; distanceAlongM: number | null };

/** What is known of the bus at a stop: when it came and left, and whether a position or the driver said so. */
export type StopVisit = {
  stopId: string;
  arrivedAt: number | null;
  departedAt: number | null;
  source: "position" | "tap" | null;
};

/** A position from the driver's phone. */
export type LivePosition = { at: number; lat: number; lng: number; accuracyM: number; speedMps: number | null };

/** A stop's estimate in whole minutes from now; 0–0 for a stop passed or the bus standing at it. */
export type StopEta = { stopId: string; passed: boolean; minMinutes: number; maxMinutes: number };

export type RunEstimate = {
  /** Seconds behind schedule (negative: ahead). */
  delaySeconds: number;
  /** No position, or the last one is `LIVE_STALE_AFTER_MS` old or older. */
  stale: boolean;
  /** Seconds since the last position; null without one. */
  ageSeconds: number | null;
  stops: StopEta[];
};

/** A position this old or older no longer shows where the bus is. */
export const LIVE_STALE_AFTER_MS = 60_000;

const MINUTE_MS = 60_000;
/** The narrowest half-range: a minute either side. */
const MIN_SPREAD_MS = MINUTE_MS;
/** The half-range grows with the time still ahead: 15% of it. */
const SPREAD_SHARE = 0.15;
/** Silence widens it too: half of the time since anything was heard beyond the first minute, at most 15 minutes. */
const SILENCE_SHARE = 0.5;
const MAX_SILENCE_SPREAD_MS = 15 * MINUTE_MS;
/** Straight-line speed towards the first stop when the route's own schedule gives none (about 29 km/h). */
const DEFAULT_SPEED_MPS = 8;
const MIN_SPEED_MPS = 2;
const MAX_SPEED_MPS = 25;

const visited = (visit: StopVisit | undefined): visit is StopVisit =>
  visit !== undefined && (visit.arrivedAt !== null || visit.departedAt !== null);

/** The first visit with a time for each stop. */
function visitsByStop(visits: readonly StopVisit[]): Map<string, StopVisit> {
  const byStop = new Map<string, StopVisit>();
  for (const visit of visits) if (visited(visit) && !byStop.has(visit.stopId)) byStop.set(visit.stopId, visit);
  return byStop;
}

/**
 * Where the bus is between two stops, as the schedule would have it there: the share of the way is
 * the position's straight-line distance from `from` over its distance from both (0 at `from`, 1 at
 * `to`, sensible off the line too).
 */
function scheduledAtPosition(from: RunStop, to: RunStop, position: LivePosition): number {
  const done = haversineMeters(from, position);
  const left = haversineMeters(position, to);
  const share = done + left === 0 ? 1 : done / (done + left);
  return from.scheduledAt + share * (to.scheduledAt - from.scheduledAt);
}

/** The route's straight-line speed by its own schedule, within sane bounds. */
function scheduledSpeed(stops: readonly RunStop[]): number {
  let meters = 0;
  for (let i = 1; i < stops.length; i++) meters += haversineMeters(stops[i - 1]!, stops[i]!);
  const seconds = (stops[stops.length - 1]!.scheduledAt - stops[0]!.scheduledAt) / 1000;
  if (!(meters > 0 && seconds > 0)) return DEFAULT_SPEED_MPS;
  return Math.min(MAX_SPEED_MPS, Math.max(MIN_SPEED_MPS, meters / seconds));
}

/**
 * The delay so far and each stop's estimate. A stop is passed when the bus left it or was seen at a
 * later stop (a skipped stop is passed too); arriving at the last stop ends the run. The delay is the
 * latest visited stop's departure (or arrival) against its schedule, replaced by the position's
 * progress towards the next stop when a newer position is known; before the first stop it is zero
 * unless the bus is too far away to make it. Not yet at the next stop by now means at least that
 * late there, so no estimate is before now; a bus ahead of schedule is shown early.
 */
export function estimateRun(input: {
  now: number;
  stops: RunStop[];
  visits: StopVisit[];
  last: LivePosition | null;
}): RunEstimate {
  const { now, stops, last } = input;
  const ageMs = last === null ? null : Math.max(0, now - last.at);
  const stale = ageMs === null || ageMs >= LIVE_STALE_AFTER_MS;
  const ageSeconds = ageMs === null ? null : Math.floor(ageMs / 1000);
  if (stops.length === 0) return { delaySeconds: 0, stale, ageSeconds, stops: [] };

  const byStop = visitsByStop(input.visits);
  const lastIndex = stops.length - 1;
  let latest = -1;
  stops.forEach((stop, index) => {
    if (byStop.has(stop.stopId)) latest = index;
  });
  const latestVisit = latest >= 0 ? byStop.get(stops[latest]!.stopId) : undefined;
  const standing = latestVisit !== undefined && latestVisit.departedAt === null && latest < lastIndex;
  /** The first stop not passed (the bus's next, or the one it stands at); past the end when all are. */
  const next = standing ? latest : latest + 1;

  let delay = 0;
  let heardAt = last?.at ?? Number.NEGATIVE_INFINITY;
  if (latestVisit !== undefined) {
    const seenAt = (latestVisit.departedAt ?? latestVisit.arrivedAt)!;
    heardAt = Math.max(heardAt, seenAt);
    delay = seenAt - stops[latest]!.scheduledAt;
    if (!standing && next <= lastIndex && last !== null && last.at > seenAt) {
      delay = last.at - scheduledAtPosition(stops[latest]!, stops[next]!, last);
    }
  } else if (last !== null) {
    const first = stops[0]!;
    const reachable = last.at + (haversineMeters(last, first) / scheduledSpeed(stops)) * 1000;
    delay = Math.max(0, reachable - first.scheduledAt);
  }
  if (next <= lastIndex) delay = Math.max(delay, now - stops[next]!.scheduledAt);

  const silenceMs = Number.isFinite(heardAt) ? Math.max(0, now - heardAt - MINUTE_MS) : 0;
  const silenceSpread = Math.min(MAX_SILENCE_SPREAD_MS, SILENCE_SHARE * silenceMs);

  const etas = stops.map((stop, index): StopEta => {
    if (index < next) return { stopId: stop.stopId, passed: true, minMinutes: 0, maxMinutes: 0 };
    if (index === latest) return { stopId: stop.stopId, passed: false, minMinutes: 0, maxMinutes: 0 };
    const ahead = Math.max(0, stop.scheduledAt + delay - now);
    const spread = Math.max(MIN_SPREAD_MS, SPREAD_SHARE * ahead) + silenceSpread;
    const minMinutes = Math.round(Math.max(0, ahead - spread) / MINUTE_MS);
    const maxMinutes = Math.max(minMinutes, Math.round((ahead + spread) / MINUTE_MS));
    return { stopId: stop.stopId, passed: false, minMinutes, maxMinutes };
  });
  return { delaySeconds: Math.round(delay / 1000) || 0, stale, ageSeconds, stops: etas };
}

/**
 * "7–9 min", "1–2 min", "Arriving" (the bus is at most about a minute away), or "Passed", in
 * `i18n`'s language (the browser's, or the server's `i18nFor(locale)`).
 */
export function formatEtaRange(eta: StopEta, i18n: I18n): string {
  if (eta.passed) return i18n._(/*i18n*/ { id: "live.eta.passed", message: "Passed" });
  if (eta.maxMinutes <= 1) return i18n._(/*i18n*/ { id: "live.eta.arriving", message: "Arriving" });
  const min = Math.max(1, eta.minMinutes);
  const values = { min, max: eta.maxMinutes };
  return min >= eta.maxMinutes
    ? i18n._({ .../*i18n*/ { id: "live.eta.minutes", message: "{max} min" }, values })
    : i18n._({ .../*i18n*/ { id: "live.eta.range", message: "{min}–{max} min" }, values });
}

/** How long ago, in the largest whole unit: seconds, minutes or hours. */
function ago(seconds: number): { unit: "s" | "min" | "h"; n: number } {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { unit: "s", n: s };
  if (s < 3600) return { unit: "min", n: Math.floor(s / 60) };
  return { unit: "h", n: Math.floor(s / 3600) };
}

/** "updated 12 s ago", "updated 3 min ago", "updated 2 h ago", in `i18n`'s language. */
export function formatAge(seconds: number, i18n: I18n): string {
  const { unit, n } = ago(seconds);
  const values = { n };
  if (unit === "s") return i18n._({ .../*i18n*/ { id: "live.age.seconds", message: "updated {n} s ago" }, values });
  if (unit === "min") return i18n._({ .../*i18n*/ { id: "live.age.minutes", message: "updated {n} min ago" }, values });
  return i18n._({ .../*i18n*/ { id: "live.age.hours", message: "updated {n} h ago" }, values });
}

/** A stale position's age: "Last seen 2 min ago" (never "updated", which reads as live), in `i18n`'s language. */
export function formatLastSeen(seconds: number, i18n: I18n): string {
  const { unit, n } = ago(seconds);
  const values = { n };
  if (unit === "s")
    return i18n._({ .../*i18n*/ { id: "live.lastSeen.seconds", message: "Last seen {n} s ago" }, values });
  if (unit === "min")
    return i18n._({ .../*i18n*/ { id: "live.lastSeen.minutes", message: "Last seen {n} min ago" }, values });
  return i18n._({ .../*i18n*/ { id: "live.lastSeen.hours", message: "Last seen {n} h ago" }, values });
}
