/**
 * Arrivals and departures from the driver's phone (worker/services/live/arrival.ts, ADR 0056): the
 * radius with the fix's accuracy, route order with skipped stops, jitter at a stop, taps, and
 * replayed or out-of-order samples.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LivePosition, StopVisit } from "#shared/live-eta.ts";
import { detectVisits, MAX_SKIPPED_STOPS, visitFromTap } from "#worker/services/live/arrival.ts";
import { chicago, MINUTE, position, route, visit } from "../support/live-route.ts";

const T = chicago("2025-10-14", "07:30");
const STOPS = route(
  ["A", 0, T],
  ["B", 2000, T + 5 * MINUTE],
  ["C", 4000, T + 10 * MINUTE],
  ["D", 6000, T + 15 * MINUTE],
  ["E", 8000, T + 20 * MINUTE],
  ["F", 10_000, T + 25 * MINUTE],
);
const s = (seconds: number, east: number, extra: Partial<LivePosition> = {}) =>
  position(T + seconds * 1000, east, extra);

/** The bus drives A to C, stopping a minute at each, with samples every 20 s. */
const DRIVE: LivePosition[] = [
  s(0, -400),
  s(20, -150),
  s(40, -20), // arrives at A
  s(60, 5),
  s(80, 10),
  s(100, 90), // leaves A (outside 50 + 10)
  s(200, 1000),
  s(300, 1940), // arrives at B
  s(320, 2000),
  s(340, 2030),
  s(360, 2100), // leaves B
  s(500, 3950), // arrives at C
];

const EXPECTED: StopVisit[] = [
  visit("A", T + 40_000, T + 100_000),
  visit("B", T + 300_000, T + 360_000),
  visit("C", T + 500_000, null),
];

describe("detectVisits", () => {
  it("arrives within 50 m plus the fix's accuracy and leaves at the first sample beyond", () => {
    expect(detectVisits(STOPS, [], DRIVE)).toEqual(EXPECTED);
  });

  it("counts at most 50 m of a fix's accuracy, and takes another radius when asked", () => {
    // 95 m from A: within 50 + 45 or more of a vague fix (however vague), not with a sharper one.
    expect(detectVisits(STOPS, [], [s(0, 95, { accuracyM: 40 })])).toEqual([]);
    expect(detectVisits(STOPS, [], [s(0, 95, { accuracyM: 45 })])).toEqual([visit("A", T)]);
    expect(detectVisits(STOPS, [], [s(0, 95, { accuracyM: 50 })])).toEqual([visit("A", T)]);
    expect(detectVisits(STOPS, [], [s(0, 105, { accuracyM: 500 })])).toEqual([]);
    expect(detectVisits(STOPS, [], [s(0, 95, { accuracyM: 5 })], { radiusM: 90 })).toEqual([visit("A", T)]);
    expect(detectVisits(STOPS, [], [s(0, 95, { accuracyM: 5 })], { radiusM: 80 })).toEqual([]);
  });

  it("GPS jitter at a stop: one arrival, no departure while within reach, never a second arrival", () => {
    const jitter = [s(0, 2010), s(5, 1955), s(10, 2070, { accuracyM: 25 }), s(15, 2040), s(20, 1990)];
    expect(detectVisits(STOPS, [], jitter)).toEqual([visit("B", T)]);
    // Jumping out of reach is leaving; jumping back does not arrive again.
    const away = [...jitter, s(25, 2080, { accuracyM: 5 }), s(30, 2010), s(35, 2000)];
    expect(detectVisits(STOPS, [], away)).toEqual([visit("B", T, T + 25_000)]);
  });

  it("never goes back: a stop before the latest visited is not arrived at, a departed one not again", () => {
    const visits = [visit("A", T, T + 60_000), visit("B", T + 300_000, T + 360_000)];
    const back = [s(400, 1990), s(420, 10), s(440, 2000)];
    expect(detectVisits(STOPS, visits, back)).toEqual(visits);
  });

  it("allows skipped stops: the next stop or up to two after it, the first in route order within reach", () => {
    expect(MAX_SKIPPED_STOPS).toBe(2);
    // Past B 300 m off the road, then at C.
    const onRoad = [s(0, 0), s(60, 200), s(300, 2000), s(500, 4000)];
    const skipB = onRoad.map((sample, i) => (i === 2 ? { ...sample, lat: sample.lat + 0.0027 } : sample));
    expect(detectVisits(STOPS, [], skipB)).toEqual([visit("A", T, T + 60_000), visit("C", T + 500_000)]);
    // From A, D (two skipped) is reachable, E (three skipped) is not.
    expect(detectVisits(STOPS, [visit("A", T, T + 10_000)], [s(600, 6000)])).toEqual([
      visit("A", T, T + 10_000),
      visit("D", T + 600_000),
    ]);
    expect(detectVisits(STOPS, [visit("A", T, T + 10_000)], [s(600, 8000)])).toEqual([visit("A", T, T + 10_000)]);
    // No visit yet: the first stops are A, B, C.
    expect(detectVisits(STOPS, [], [s(0, 4000)])).toEqual([visit("C", T)]);
    expect(detectVisits(STOPS, [], [s(0, 6000)])).toEqual([]);
  });

  it("stops close together: the earlier first, and leaving it arrives at the next in the same sample", () => {
    const close = route(["A", 0, T], ["B", 40, T + MINUTE], ["C", 3000, T + 10 * MINUTE]);
    const samples = [s(0, 10), s(20, 30), s(40, 70), s(60, 120)];
    expect(detectVisits(close, [], samples)).toEqual([visit("A", T, T + 40_000), visit("B", T + 40_000, T + 60_000)]);
  });

  it("arriving at another stop leaves the one the bus was at", () => {
    const visits = [visit("A", T)];
    // A sample jumps from A's reach straight into C's (B skipped): A is left at that instant.
    expect(detectVisits(STOPS, visits, [s(300, 4000)])).toEqual([visit("A", T, T + 300_000), visit("C", T + 300_000)]);
  });

  it("takes samples in time order: replayed, shuffled or repeated samples give the same visits", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(DRIVE, { minLength: DRIVE.length }), fc.nat({ max: 3 }), (shuffled, repeats) => {
        const replayed = [...shuffled, ...DRIVE.slice(0, repeats), ...shuffled.slice(0, repeats)];
        expect(detectVisits(STOPS, [], replayed)).toEqual(EXPECTED);
      }),
    );
  });

  it("in batches or all at once alike, and feeding its own result back with the same samples changes nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DRIVE.length }), (cut) => {
        const first = detectVisits(STOPS, [], DRIVE.slice(0, cut));
        expect(detectVisits(STOPS, first, DRIVE.slice(cut))).toEqual(EXPECTED);
        // The engine may pass all the run's samples each time.
        expect(detectVisits(STOPS, first, DRIVE)).toEqual(EXPECTED);
      }),
    );
    expect(detectVisits(STOPS, EXPECTED, DRIVE)).toEqual(EXPECTED);
  });

  it("by properties: visits follow route order and time, each stop arrived at once, departures after arrivals", () => {
    const sample = fc.record({
      seconds: fc.integer({ min: 0, max: 1800 }),
      east: fc.integer({ min: -500, max: 10_500 }),
      accuracyM: fc.integer({ min: 0, max: 200 }),
    });
    fc.assert(
      fc.property(fc.array(sample, { maxLength: 60 }), (drawn) => {
        const visits = detectVisits(
          STOPS,
          [],
          drawn.map((d) => s(d.seconds, d.east, { accuracyM: d.accuracyM })),
        );
        const order = visits.map((v) => STOPS.findIndex((stop) => stop.stopId === v.stopId));
        expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
        let previous = Number.NEGATIVE_INFINITY;
        for (const [i, v] of visits.entries()) {
          expect(v.source).toBe("position");
          expect(v.arrivedAt).not.toBeNull();
          expect(v.arrivedAt!).toBeGreaterThanOrEqual(previous);
          if (i < visits.length - 1) expect(v.departedAt).not.toBeNull();
          if (v.departedAt !== null) expect(v.departedAt).toBeGreaterThan(v.arrivedAt!);
          previous = v.departedAt ?? v.arrivedAt!;
          if (i > 0) expect(order[i]! - order[i - 1]!).toBeLessThanOrEqual(MAX_SKIPPED_STOPS + 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a sample older than the latest recorded time changes nothing (a late buffer does not rewrite history)", () => {
    // The driver tapped B at 07:35; the phone's buffer then delivers 07:31–07:34, A included.
    const tapped = [visit("B", T + 5 * MINUTE, null, "tap")];
    expect(detectVisits(STOPS, tapped, [s(60, 0), s(120, 90), s(200, 1990)])).toEqual(tapped);
    // A newer sample out of B's reach leaves it.
    expect(detectVisits(STOPS, tapped, [s(320, 2200)])).toEqual([visit("B", T + 5 * MINUTE, T + 320_000, "tap")]);
  });

  it("keeps visits of stops not on the route, after the route's, and does not change its input", () => {
    const visits = [visit("gone", T - MINUTE, T - 30_000), visit("A", T - 20_000)];
    const copy = structuredClone(visits);
    expect(detectVisits(STOPS, visits, [s(10, 300)])).toEqual([visit("A", T - 20_000, T + 10_000), visits[0]]);
    expect(visits).toEqual(copy);
  });
});

describe("visitFromTap", () => {
  it("the first tap at a stop is the arrival there; later taps change nothing", () => {
    const first = visitFromTap([], "B", T);
    expect(first).toEqual([visit("B", T, null, "tap")]);
    expect(visitFromTap(first, "B", T + 30_000)).toEqual(first);
    expect(visitFromTap(first, "C", T + 60_000)).toEqual([
      visit("B", T, null, "tap"),
      visit("C", T + 60_000, null, "tap"),
    ]);
  });

  it("a stop already arrived at by position keeps that arrival", () => {
    const visits = [visit("B", T - 10_000)];
    expect(visitFromTap(visits, "B", T)).toEqual(visits);
  });

  it("fills a stop's row without an arrival, never after its departure, and does not change its input", () => {
    const visits = [visit("A", T - MINUTE, T), visit("B", null, null, null), visit("C", null, T + 5 * MINUTE, null)];
    const copy = structuredClone(visits);
    expect(visitFromTap(visits, "B", T + MINUTE)).toEqual([visits[0], visit("B", T + MINUTE, null, "tap"), visits[2]]);
    expect(visitFromTap(visits, "C", T + 6 * MINUTE)[2]).toEqual(visit("C", T + 5 * MINUTE, T + 5 * MINUTE, "tap"));
    expect(visits).toEqual(copy);
  });
});
