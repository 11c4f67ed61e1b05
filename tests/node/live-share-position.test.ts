/**
 * How often the driver's phone sends its position (web/src/features/live/share-position.ts): every
 * 5 s while moving, 30 s while standing, only real fixes, each at its own time.
 */
import { describe, expect, it } from "vitest";
import {
  type Fix,
  fixOf,
  isMoving,
  MOVING_SEND_MS,
  STOPPED_SEND_MS,
  shouldSend,
} from "../../web/src/features/live/share-position.ts";

const fix = (at: number, latitude: number, extra: Partial<Fix> = {}): Fix => ({
  at,
  latitude,
  longitude: -88.15,
  accuracy: 10,
  speed: null,
  heading: null,
  ...extra,
});
/** About 111 m of latitude. */
const STEP = 0.001;

describe("sharing the driver's position", () => {
  it("sends the first fix at once", () => {
    expect(shouldSend(null, fix(1_000, 41.78), 1_000)).toBe(true);
  });

  it("sends a moving bus's fix 5 s after the last one sent, not sooner", () => {
    const last = { fix: fix(0, 41.78), sentAt: 0 };
    const moved = fix(4_000, 41.78 + STEP);
    expect(isMoving(last.fix, moved)).toBe(true);
    expect(shouldSend(last, moved, MOVING_SEND_MS - 1)).toBe(false);
    expect(shouldSend(last, moved, MOVING_SEND_MS)).toBe(true);
  });

  it("treats a move within the fixes' accuracy, at walking pace or less, as standing: every 30 s", () => {
    const last = { fix: fix(0, 41.78, { accuracy: 150 }), sentAt: 0 };
    const jitter = fix(10_000, 41.78 + STEP, { speed: 0 });
    expect(isMoving(last.fix, jitter)).toBe(false);
    expect(shouldSend(last, jitter, 29_000)).toBe(false);
    expect(shouldSend(last, jitter, STOPPED_SEND_MS)).toBe(true);
    // A reported speed says it moves, however close the fixes.
    expect(isMoving(last.fix, fix(10_000, 41.78, { speed: 8 }))).toBe(true);
  });

  it("never sends a fix again, nor an older one", () => {
    const sent = fix(5_000, 41.78);
    expect(shouldSend({ fix: sent, sentAt: 5_000 }, sent, 60_000)).toBe(false);
    expect(shouldSend({ fix: sent, sentAt: 5_000 }, fix(4_000, 41.79), 60_000)).toBe(false);
  });

  it("reads a browser fix: unknown speed and heading as null, heading within 0–360", () => {
    const position = {
      timestamp: 1_700_000_000_000.4,
      coords: { latitude: 41.78, longitude: -88.15, accuracy: 12, speed: Number.NaN, heading: 360, altitude: null },
    } as unknown as GeolocationPosition;
    expect(fixOf(position)).toEqual({
      at: 1_700_000_000_000,
      latitude: 41.78,
      longitude: -88.15,
      accuracy: 12,
      speed: null,
      heading: 0,
    });
  });
});
