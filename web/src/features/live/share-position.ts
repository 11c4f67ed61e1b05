import type { OutboundPosition } from "./client.ts";

/**
 * How often the driver's phone sends its position (issue 28): about every 5 s while the bus moves,
 * every 30 s while it stands (a fix that moved no further than its accuracy and reports no speed).
 * Only real fixes are sent, at their own time: a phone that has no new fix sends nothing, and the
 * watchers see the bus grow stale (ADR 0055) rather than a position that only looks fresh. Pure.
 */

export const MOVING_SEND_MS = 5_000;
export const STOPPED_SEND_MS = 30_000;
/** Below this speed (m/s, about 2 km/h) a bus with no movement beyond its fix's accuracy stands still. */
export const STANDING_SPEED_MPS = 0.5;
/** A move shorter than this is never movement, however sharp the fixes claim to be. */
const MIN_MOVE_M = 10;

export type Fix = Omit<OutboundPosition, "kind">;

function metres(a: Fix, b: Fix): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Moving: faster than walking pace, or further from the last sent fix than either fix's accuracy. */
export function isMoving(lastSent: Fix, fix: Fix): boolean {
  if (fix.speed !== null && fix.speed > STANDING_SPEED_MPS) return true;
  return metres(lastSent, fix) > Math.max(MIN_MOVE_M, lastSent.accuracy, fix.accuracy);
}

/**
 * Whether `fix` (the phone's latest) is sent now: the first always; a newer one 5 s after the last
 * sent while moving, 30 s after it while standing. `sentAt` is when the last one was sent, on `now`'s
 * clock.
 */
export function shouldSend(lastSent: { fix: Fix; sentAt: number } | null, fix: Fix, now: number): boolean {
  if (lastSent === null) return true;
  if (fix.at <= lastSent.fix.at) return false;
  const wait = isMoving(lastSent.fix, fix) ? MOVING_SEND_MS : STOPPED_SEND_MS;
  return now - lastSent.sentAt >= wait;
}

/** A browser fix as the queue stores it (speed and heading null when the phone does not know them). */
export function fixOf(position: GeolocationPosition): Fix {
  const { coords } = position;
  const finite = (value: number | null) => (value === null || !Number.isFinite(value) ? null : value);
  const heading = finite(coords.heading);
  const speed = finite(coords.speed);
  return {
    at: Math.round(position.timestamp),
    latitude: coords.latitude,
    longitude: coords.longitude,
    accuracy: Math.min(Math.max(0, coords.accuracy), 100_000),
    speed: speed === null ? null : Math.max(0, speed),
    heading: heading === null ? null : ((heading % 360) + 360) % 360,
  };
}
