/**
 * Live arrival estimates (#shared/live-eta.ts, ADR 0056): the delay from visits and positions, the
 * ranges, staleness, and the texts, on known cases and by properties.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  estimateRun,
  formatAge,
  formatEtaRange,
  formatLastSeen,
  LIVE_STALE_AFTER_MS,
  type RunStop,
  type StopEta,
  type StopVisit,
} from "#shared/live-eta.ts";
import { i18nFor } from "#worker/i18n/texts.ts";
import { chicago, MINUTE, position, route, visit } from "../support/live-route.ts";

const en = i18nFor("en");

/** A school day's pickup run: A 07:30, B 07:35 (2 km), C 07:40 (4 km), D 07:50 (6 km). */
const T = chicago("2025-10-14", "07:30");
const STOPS = route(
  ["A", 0, T],
  ["B", 2000, T + 5 * MINUTE],
  ["C", 4000, T + 10 * MINUTE],
  ["D", 6000, T + 20 * MINUTE],
);

const ranges = (stops: StopEta[]) =>
  Object.fromEntries(stops.map((eta) => [eta.stopId, eta.passed ? "passed" : `${eta.minMinutes}-${eta.maxMinutes}`]));

describe("estimateRun", () => {
  it("before the run: the schedule, ±15% of the time ahead (at least a minute), and stale without a position", () => {
    const estimate = estimateRun({ now: T - 20 * MINUTE, stops: STOPS, visits: [], last: null });
    expect(estimate).toMatchObject({ delaySeconds: 0, stale: true, ageSeconds: null });
    // A: 20 min ± 3; B: 25 ± 3.75; C: 30 ± 4.5; D: 40 ± 6.
    expect(ranges(estimate.stops)).toEqual({ A: "17-23", B: "21-29", C: "26-35", D: "34-46" });
  });

  it("on time between stops: the position's share of the way gives the delay", () => {
    const now = T + 2.5 * MINUTE + 10_000;
    const estimate = estimateRun({
      now,
      stops: STOPS,
      visits: [visit("A", T - MINUTE, T)],
      last: position(T + 2.5 * MINUTE, 1000),
    });
    expect(estimate.delaySeconds).toBe(0);
    expect(estimate).toMatchObject({ stale: false, ageSeconds: 10 });
    // B is 140 s away (± the 60 s floor), C 440 s (± 66 s), D 1040 s (± 156 s).
    expect(ranges(estimate.stops)).toEqual({ A: "passed", B: "1-3", C: "6-8", D: "15-20" });
  });

  it("late: a late departure, then a slow position, set the delay for every stop ahead", () => {
    const departedLate = estimateRun({
      now: T + 4 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T + 4 * MINUTE)],
      last: null,
    });
    expect(departedLate.delaySeconds).toBe(240);
    // Halfway to B at 07:36:30: three and a half minutes later than the schedule has it there (07:32:30).
    const slow = estimateRun({
      now: T + 6.5 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T + 4 * MINUTE)],
      last: position(T + 6.5 * MINUTE, 1000),
    });
    expect(slow.delaySeconds).toBe(240);
    expect(slow.stops.map((eta) => eta.minMinutes <= 2.5 && eta.maxMinutes >= 2.5)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    const stuck = estimateRun({
      now: T + 9 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T + 4 * MINUTE)],
      last: position(T + 9 * MINUTE, 1000),
    });
    expect(stuck.delaySeconds).toBe(390);
  });

  it("not at the next stop by now means at least that late there: no estimate before now", () => {
    // Left A on time; nothing heard since; B (07:35) is three minutes overdue at 07:38.
    const estimate = estimateRun({ now: T + 8 * MINUTE, stops: STOPS, visits: [visit("A", T, T)], last: null });
    expect(estimate.delaySeconds).toBe(180);
    expect(estimate.stops[1]).toMatchObject({ passed: false, minMinutes: 0 });
    for (const eta of estimate.stops) expect(eta.minMinutes).toBeGreaterThanOrEqual(0);
  });

  it("a bus ahead of schedule is shown early, but never before now", () => {
    const early = estimateRun({
      now: T + 0.5 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T - 3 * MINUTE, T - 2 * MINUTE)],
      last: position(T + 0.5 * MINUTE, 1000),
    });
    expect(early.delaySeconds).toBe(-120);
    expect(ranges(early.stops)).toMatchObject({ B: "2-4", C: "6-9" });
    // Almost at B at 07:30 (the schedule has it there at 07:34:45); a minute later the bus is still
    // not seen at B, so B is due now, not in the past, and the stops after follow B.
    const veryEarly = estimateRun({
      now: T + MINUTE,
      stops: STOPS,
      visits: [visit("A", T - 5 * MINUTE, T - 5 * MINUTE)],
      last: position(T, 1900),
    });
    expect(veryEarly.delaySeconds).toBe(-240);
    expect(veryEarly.stops[1]).toMatchObject({ minMinutes: 0, maxMinutes: 1 });
    expect(formatEtaRange(veryEarly.stops[1]!, en)).toBe("Arriving");
    expect(ranges(veryEarly.stops)).toMatchObject({ C: "4-6" });
  });

  it("a bus standing at a stop: that stop is arriving, the delay grows while it waits past the schedule", () => {
    const waiting = estimateRun({
      now: T + 4.5 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T), visit("B", T + 4 * MINUTE)],
      last: position(T + 4.5 * MINUTE, 2010),
    });
    expect(waiting.delaySeconds).toBe(-30);
    expect(waiting.stops[1]).toEqual({ stopId: "B", passed: false, minMinutes: 0, maxMinutes: 0 });
    expect(formatEtaRange(waiting.stops[1]!, en)).toBe("Arriving");
    expect(ranges(waiting.stops)).toMatchObject({ A: "passed", C: "4-6" });
    const overdue = estimateRun({
      now: T + 7 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T), visit("B", T + 4 * MINUTE)],
      last: position(T + 7 * MINUTE, 2010),
    });
    expect(overdue.delaySeconds).toBe(120);
  });

  it("a skipped stop counts as passed once the bus is seen at a later one", () => {
    const estimate = estimateRun({
      now: T + 11 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T), visit("C", T + 10 * MINUTE, T + 10.5 * MINUTE)],
      last: position(T + 11 * MINUTE, 4300),
    });
    expect(ranges(estimate.stops)).toMatchObject({ A: "passed", B: "passed", C: "passed" });
    expect(estimate.stops[3]!.passed).toBe(false);
  });

  it("reaching the last stop ends the run: every stop passed, the delay kept", () => {
    const estimate = estimateRun({
      now: T + 40 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T), visit("B", T + 5 * MINUTE, T + 5 * MINUTE), visit("D", T + 22 * MINUTE)],
      last: position(T + 22 * MINUTE, 6000),
    });
    expect(estimate.stops.every((eta) => eta.passed)).toBe(true);
    expect(estimate.delaySeconds).toBe(120);
    expect(estimate.stale).toBe(true);
  });

  it("before the first stop: late only when the bus is too far away to make it at the route's pace", () => {
    // The route's own pace is 6 km in 20 min (5 m/s): 8 km away at 07:28 reaches A about 07:54:40.
    const far = estimateRun({ now: T - 2 * MINUTE, stops: STOPS, visits: [], last: position(T - 2 * MINUTE, -8000) });
    expect(far.delaySeconds).toBeGreaterThan(1470);
    expect(far.delaySeconds).toBeLessThan(1490);
    const near = estimateRun({
      now: T - 10 * MINUTE,
      stops: STOPS,
      visits: [],
      last: position(T - 10 * MINUTE, -1000),
    });
    expect(near.delaySeconds).toBe(0);
  });

  it("is stale from exactly 60 s after the last position", () => {
    const at = (age: number) => estimateRun({ now: T + age, stops: STOPS, visits: [], last: position(T, -100) });
    expect(LIVE_STALE_AFTER_MS).toBe(60_000);
    expect(at(59_999)).toMatchObject({ stale: false, ageSeconds: 59 });
    expect(at(60_000)).toMatchObject({ stale: true, ageSeconds: 60 });
    expect(at(0)).toMatchObject({ stale: false, ageSeconds: 0 });
    // A position stamped a little ahead of the server's clock is not negative in age.
    expect(at(-5_000)).toMatchObject({ stale: false, ageSeconds: 0 });
  });

  it("silence widens the range: half the time beyond the first minute since the bus was last heard", () => {
    // On time, 800 m out of A at 07:32: C is 8 min ± 1.2.
    const fresh = estimateRun({
      now: T + 2 * MINUTE,
      stops: STOPS,
      visits: [visit("A", T, T)],
      last: position(T + 2 * MINUTE, 800),
    });
    expect(fresh.stops[2]).toMatchObject({ minMinutes: 7, maxMinutes: 9 });
    // Nothing heard since leaving A on time at 07:30, now 07:35: B is due now, C in 5 min ± (0.75 + 2).
    const silent = estimateRun({ now: T + 5 * MINUTE, stops: STOPS, visits: [visit("A", T - MINUTE, T)], last: null });
    expect(silent.stops[2]).toMatchObject({ minMinutes: 2, maxMinutes: 8 });
    // Past 31 minutes of silence the extra stops growing at 15 minutes. Not at B 26 minutes after its
    // time, so at least that late: D is 15 min ahead, ± (2.25 + 15).
    const long = (minutes: number) =>
      estimateRun({ now: T + minutes * MINUTE, stops: STOPS, visits: [visit("A", T, T)], last: position(T, 0) });
    expect(long(40).stops[3]).toEqual(long(31).stops[3]);
    expect(long(40).stops[3]).toMatchObject({ minMinutes: 0, maxMinutes: 32 });
  });

  it("crosses midnight: schedules are instants, not minutes of a day", () => {
    const late = route(["X", 0, chicago("2025-12-31", "23:55")], ["Y", 3000, chicago("2026-01-01", "00:10")]);
    const estimate = estimateRun({
      now: chicago("2025-12-31", "23:58"),
      stops: late,
      visits: [visit("X", chicago("2025-12-31", "23:55"), chicago("2025-12-31", "23:56"))],
      last: null,
    });
    expect(estimate.delaySeconds).toBe(60);
    expect(ranges(estimate.stops)).toEqual({ X: "passed", Y: "11-15" });
  });

  it("on the day clocks spring forward in Chicago, 01:50 to 03:05 is fifteen minutes", () => {
    const dst = route(["X", 0, chicago("2025-03-09", "01:50")], ["Y", 5000, chicago("2025-03-09", "03:05")]);
    expect(dst[1]!.scheduledAt - dst[0]!.scheduledAt).toBe(15 * MINUTE);
    const estimate = estimateRun({
      now: chicago("2025-03-09", "01:52"),
      stops: dst,
      visits: [visit("X", chicago("2025-03-09", "01:50"), chicago("2025-03-09", "01:50"))],
      last: null,
    });
    expect(ranges(estimate.stops)).toEqual({ X: "passed", Y: "11-15" });
    // And on the day they fall back, 01:50 CDT to 01:05 CST (the second one) is also fifteen minutes.
    const back = route(["X", 0, Date.UTC(2025, 10, 2, 6, 50)], ["Y", 5000, Date.UTC(2025, 10, 2, 7, 5)]);
    const after = estimateRun({
      now: Date.UTC(2025, 10, 2, 6, 52),
      stops: back,
      visits: [visit("X", Date.UTC(2025, 10, 2, 6, 50), Date.UTC(2025, 10, 2, 6, 50))],
      last: null,
    });
    expect(ranges(after.stops)).toEqual({ X: "passed", Y: "11-15" });
  });

  it("ignores visits of stops not on the route, empty visits, and a route without stops", () => {
    const estimate = estimateRun({
      now: T - 20 * MINUTE,
      stops: STOPS,
      visits: [visit("Z", T - 30 * MINUTE, T - 29 * MINUTE), visit("B", null, null, null)],
      last: null,
    });
    expect(ranges(estimate.stops)).toEqual({ A: "17-23", B: "21-29", C: "26-35", D: "34-46" });
    expect(estimateRun({ now: T, stops: [], visits: [], last: null })).toEqual({
      delaySeconds: 0,
      stale: true,
      ageSeconds: null,
      stops: [],
    });
  });

  it("by properties: passed stops come first, ranges are whole minutes ordered and widening down the route", () => {
    const gaps = fc.array(fc.integer({ min: 0, max: 10 * MINUTE }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(
        gaps,
        fc.integer({ min: -60 * MINUTE, max: 90 * MINUTE }),
        fc.integer({ min: -1, max: 8 }),
        fc.boolean(),
        fc.option(
          fc.record({
            ago: fc.integer({ min: -20_000, max: 20 * MINUTE }),
            east: fc.integer({ min: -3000, max: 30_000 }),
          }),
        ),
        (steps, offset, seenUpTo, departed, last) => {
          let time = T;
          const stops: RunStop[] = route(
            ...steps.map((gap, i): [string, number, number] => [`s${i}`, i * 1500, (time += gap)]),
          );
          const seen = Math.min(seenUpTo, stops.length - 1);
          const visits: StopVisit[] = stops
            .slice(0, seen + 1)
            .map((stop, i) =>
              visit(stop.stopId, stop.scheduledAt, i < seen || departed ? stop.scheduledAt + 30_000 : null),
            );
          const now = T + offset;
          const estimate = estimateRun({
            now,
            stops,
            visits,
            last: last === null ? null : position(now - last.ago, last.east),
          });
          expect(estimate.stops.map((eta) => eta.stopId)).toEqual(stops.map((stop) => stop.stopId));
          const firstOpen = estimate.stops.findIndex((eta) => !eta.passed);
          if (firstOpen >= 0) expect(estimate.stops.slice(firstOpen).every((eta) => !eta.passed)).toBe(true);
          let previous: StopEta | undefined;
          for (const eta of estimate.stops) {
            expect(Number.isInteger(eta.minMinutes) && Number.isInteger(eta.maxMinutes)).toBe(true);
            expect(eta.minMinutes).toBeGreaterThanOrEqual(0);
            expect(eta.maxMinutes).toBeGreaterThanOrEqual(eta.minMinutes);
            if (eta.passed) expect(eta).toMatchObject({ minMinutes: 0, maxMinutes: 0 });
            if (previous !== undefined && !previous.passed && !eta.passed) {
              expect(eta.minMinutes).toBeGreaterThanOrEqual(previous.minMinutes);
              expect(eta.maxMinutes - eta.minMinutes).toBeGreaterThanOrEqual(
                previous.maxMinutes - previous.minMinutes - 1,
              );
            }
            previous = eta;
          }
          expect(Number.isInteger(estimate.delaySeconds)).toBe(true);
          expect(estimate.stale).toBe(last === null || last.ago >= LIVE_STALE_AFTER_MS);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("formatEtaRange and formatAge", () => {
  const eta = (minMinutes: number, maxMinutes: number, passed = false): StopEta => ({
    stopId: "s",
    passed,
    minMinutes,
    maxMinutes,
  });

  it("says a range of minutes, 'Arriving' within about a minute, and 'Passed'", () => {
    expect(formatEtaRange(eta(7, 9), en)).toBe("7–9 min");
    expect(formatEtaRange(eta(1, 2), en)).toBe("1–2 min");
    expect(formatEtaRange(eta(0, 3), en)).toBe("1–3 min");
    expect(formatEtaRange(eta(0, 2), en)).toBe("1–2 min");
    expect(formatEtaRange(eta(4, 4), en)).toBe("4 min");
    expect(formatEtaRange(eta(0, 1), en)).toBe("Arriving");
    expect(formatEtaRange(eta(0, 0), en)).toBe("Arriving");
    expect(formatEtaRange(eta(0, 0, true), en)).toBe("Passed");
  });

  it("says how old the position is in seconds, minutes or hours", () => {
    expect(formatAge(0, en)).toBe("updated 0 s ago");
    expect(formatAge(12, en)).toBe("updated 12 s ago");
    expect(formatAge(59.9, en)).toBe("updated 59 s ago");
    expect(formatAge(60, en)).toBe("updated 1 min ago");
    expect(formatAge(180, en)).toBe("updated 3 min ago");
    expect(formatAge(3599, en)).toBe("updated 59 min ago");
    expect(formatAge(7200, en)).toBe("updated 2 h ago");
    expect(formatAge(-3, en)).toBe("updated 0 s ago");
  });

  it("says a stale position's age as last seen, never as updated", () => {
    expect(formatLastSeen(60, en)).toBe("Last seen 1 min ago");
    expect(formatLastSeen(125, en)).toBe("Last seen 2 min ago");
    expect(formatLastSeen(7200, en)).toBe("Last seen 2 h ago");
    expect(formatLastSeen(59, en)).toBe("Last seen 59 s ago");
  });

  it("says them in the reader's language", () => {
    const es = i18nFor("es");
    expect(formatEtaRange(eta(7, 9), es)).toBe(es._({ id: "live.eta.range", values: { min: 7, max: 9 } }));
    expect(formatEtaRange(eta(0, 1), es)).not.toBe("Arriving");
    expect(formatAge(180, es)).toContain("3");
    expect(formatAge(180, es)).not.toContain("updated");
    expect(formatLastSeen(7200, i18nFor("sv"))).not.toContain("Last seen");
  });
});
