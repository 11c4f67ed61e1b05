/** Which positions from the driver's phone are kept (worker/services/live/plausibility.ts, ADR 0056), at the edges. */
import { describe, expect, it } from "vitest";
import {
  checkSample,
  MAX_ACCURACY_M,
  MAX_AGE_MS,
  MAX_FUTURE_MS,
  MAX_SPEED_MPS,
} from "#worker/services/live/plausibility.ts";
import { chicago, MINUTE, position } from "../support/live-route.ts";

const START = chicago("2025-10-14", "07:20");
const NOW = START + 15 * MINUTE;
const ctx = { now: NOW, runStartedAt: START };
const ok = { ok: true };
const refused = (reason: string) => ({ ok: false, reason });

describe("checkSample", () => {
  it("keeps an ordinary fix, with or without a previous one", () => {
    expect(checkSample(null, position(NOW - 5000, 0), ctx)).toEqual(ok);
    expect(checkSample(position(NOW - 25_000, 0), position(NOW - 5000, 200), ctx)).toEqual(ok);
  });

  it("refuses coordinates that are not a place, and 0,0 (a phone without a fix)", () => {
    for (const [lat, lng] of [
      [Number.NaN, -87.6],
      [41.9, Number.POSITIVE_INFINITY],
      [90.0001, 0],
      [-91, 10],
      [41.9, 180.5],
      [41.9, -181],
      [0, 0],
    ] as const) {
      expect(checkSample(null, { ...position(NOW, 0), lat, lng }, ctx)).toEqual(refused("coordinates"));
    }
    expect(checkSample(null, { ...position(NOW, 0), lat: 90, lng: -180 }, ctx)).toEqual(ok);
    expect(checkSample(null, { ...position(NOW, 0), lat: 0, lng: 0.0001 }, ctx)).toEqual(ok);
  });

  it("refuses a fix vaguer than 200 m, or an accuracy that is not a number ≥ 0", () => {
    expect(MAX_ACCURACY_M).toBe(200);
    expect(checkSample(null, position(NOW, 0, { accuracyM: 200 }), ctx)).toEqual(ok);
    expect(checkSample(null, position(NOW, 0, { accuracyM: 0 }), ctx)).toEqual(ok);
    for (const accuracyM of [200.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkSample(null, position(NOW, 0, { accuracyM }), ctx)).toEqual(refused("accuracy"));
    }
  });

  it("refuses a time over 30 s ahead, before the run started, over 24 h ago, or not a number", () => {
    expect(MAX_FUTURE_MS).toBe(30_000);
    expect(MAX_AGE_MS).toBe(86_400_000);
    expect(checkSample(null, position(NOW + 30_000, 0), ctx)).toEqual(ok);
    expect(checkSample(null, position(NOW + 30_001, 0), ctx)).toEqual(refused("future"));
    expect(checkSample(null, position(START, 0), ctx)).toEqual(ok);
    expect(checkSample(null, position(START - 1, 0), ctx)).toEqual(refused("before-start"));
    const longRun = { now: NOW, runStartedAt: NOW - 2 * MAX_AGE_MS };
    expect(checkSample(null, position(NOW - MAX_AGE_MS, 0), longRun)).toEqual(ok);
    expect(checkSample(null, position(NOW - MAX_AGE_MS - 1, 0), longRun)).toEqual(refused("too-old"));
    expect(checkSample(null, position(NOW - MAX_AGE_MS - 1, 0), ctx)).toEqual(refused("too-old"));
    expect(checkSample(null, position(Number.NaN, 0), ctx)).toEqual(refused("too-old"));
  });

  it("refuses a jump faster than 45 m/s from the previous fix, once both accuracies are allowed for", () => {
    expect(MAX_SPEED_MPS).toBe(45);
    const prev = position(NOW - 10_000, 0, { accuracyM: 0 });
    // 450 m in 10 s is 45 m/s exactly; a metre more is too fast.
    expect(checkSample(prev, position(NOW, 450, { accuracyM: 0 }), ctx)).toEqual(ok);
    expect(checkSample(prev, position(NOW, 452, { accuracyM: 0 }), ctx)).toEqual(refused("speed"));
    // 550 m with 60 + 40 m of accuracy is at most 450 m travelled.
    const vague = position(NOW - 10_000, 0, { accuracyM: 60 });
    expect(checkSample(vague, position(NOW, 549, { accuracyM: 40 }), ctx)).toEqual(ok);
    expect(checkSample(vague, position(NOW, 553, { accuracyM: 40 }), ctx)).toEqual(refused("speed"));
  });

  it("judges a late (out-of-order) sample against its neighbour, and the same instant elsewhere as a jump", () => {
    const prev = position(NOW - 10_000, 1000, { accuracyM: 0 });
    expect(checkSample(prev, position(NOW - 20_000, 600, { accuracyM: 0 }), ctx)).toEqual(ok);
    expect(checkSample(prev, position(NOW - 20_000, 0, { accuracyM: 0 }), ctx)).toEqual(refused("speed"));
    expect(checkSample(prev, position(NOW - 10_000, 1000, { accuracyM: 0 }), ctx)).toEqual(ok);
    expect(checkSample(prev, position(NOW - 10_000, 1005, { accuracyM: 5 }), ctx)).toEqual(ok);
    expect(checkSample(prev, position(NOW - 10_000, 1050, { accuracyM: 5 }), ctx)).toEqual(refused("speed"));
  });

  it("GPS jitter at a standing bus is not a jump", () => {
    const prev = position(NOW - 1000, 0, { accuracyM: 15 });
    expect(checkSample(prev, position(NOW, 25, { accuracyM: 15 }), ctx)).toEqual(ok);
  });
});
