import type { LivePosition } from "#shared/live-eta.ts";
import { haversineMeters } from "#shared/route-order.ts";

/**
 * Whether a position from the driver's phone is believable enough to keep (ADR 0056). Pure: `prev`
 * is the run's last accepted sample, `now` the server's clock.
 */

/** A fix vaguer than this (metres) says little about which stop the bus is at. */
export const MAX_ACCURACY_M = 200;
/** About 160 km/h: faster than any school bus, so a jump implying more is a bad fix. */
export const MAX_SPEED_MPS = 45;
/** The phone's clock may run a little ahead of the server's. */
export const MAX_FUTURE_MS = 30_000;
/** Older samples (a phone's buffer from another day) belong to no live run. */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type SampleCheck =
  | { ok: true }
  | { ok: false; reason: "accuracy" | "speed" | "future" | "before-start" | "too-old" | "coordinates" };

const validCoordinates = (sample: LivePosition) =>
  Number.isFinite(sample.lat) &&
  Number.isFinite(sample.lng) &&
  Math.abs(sample.lat) <= 90 &&
  Math.abs(sample.lng) <= 180 &&
  // 0,0 is what a phone without a fix reports; no school bus drives there.
  !(sample.lat === 0 && sample.lng === 0);

/**
 * Refused: coordinates that are not a place (or exactly 0,0); an accuracy over `MAX_ACCURACY_M` or
 * not a number ≥ 0; a time more than `MAX_FUTURE_MS` ahead of now, before the run started, or more
 * than `MAX_AGE_MS` ago (a time that is not a number is refused as too old); a jump from `prev`
 * faster than `MAX_SPEED_MPS` once both fixes' accuracies are allowed for (either order in time, so
 * a late sample is judged against its neighbour too; the same instant in another place is refused).
 */
export function checkSample(
  prev: LivePosition | null,
  sample: LivePosition,
  ctx: { now: number; runStartedAt: number },
): SampleCheck {
  if (!validCoordinates(sample)) return { ok: false, reason: "coordinates" };
  if (!(sample.accuracyM >= 0 && sample.accuracyM <= MAX_ACCURACY_M)) return { ok: false, reason: "accuracy" };
  if (!Number.isFinite(sample.at)) return { ok: false, reason: "too-old" };
  if (sample.at > ctx.now + MAX_FUTURE_MS) return { ok: false, reason: "future" };
  if (sample.at < ctx.now - MAX_AGE_MS) return { ok: false, reason: "too-old" };
  if (sample.at < ctx.runStartedAt) return { ok: false, reason: "before-start" };
  if (prev !== null) {
    const meters = Math.max(0, haversineMeters(prev, sample) - prev.accuracyM - sample.accuracyM);
    const seconds = Math.abs(sample.at - prev.at) / 1000;
    if (meters > 0 && (seconds === 0 || meters / seconds > MAX_SPEED_MPS)) return { ok: false, reason: "speed" };
  }
  return { ok: true };
}
