import { describe, expect, it } from "vitest";
import { untilClearOfMidnight } from "../support/school-midnight.ts";

/**
 * The journeys that make something for the school's today (America/Chicago) and check it later wait
 * out the end of the day rather than fail in its last minutes (the parent journey: 5 minutes).
 */
const FIVE_MINUTES = 5 * 60_000;

describe("clear of the school's midnight", () => {
  it("waits in the last minutes of the school's day until just past its midnight", () => {
    // 23:57:30 in Chicago (UTC−6 in January): 2.5 minutes left, then 2 s more.
    expect(untilClearOfMidnight(FIVE_MINUTES, new Date("2026-01-15T05:57:30Z"))).toBe(150_000 + 2_000);
    expect(untilClearOfMidnight(FIVE_MINUTES, new Date("2026-01-15T05:59:59Z"))).toBe(1_000 + 2_000);
  });

  it("does not wait earlier in the day, or once the new day has begun", () => {
    expect(untilClearOfMidnight(FIVE_MINUTES, new Date("2026-01-15T05:55:00Z"))).toBe(0); // 23:55:00
    expect(untilClearOfMidnight(FIVE_MINUTES, new Date("2026-01-15T06:00:01Z"))).toBe(0); // 00:00:01
    expect(untilClearOfMidnight(FIVE_MINUTES, new Date("2026-01-15T18:00:00Z"))).toBe(0); // noon
  });

  it("reads the school's midnight, not UTC's, in summer time too", () => {
    // 23:58 in Chicago in July (UTC−5) is 04:58 UTC: 2 minutes left.
    expect(untilClearOfMidnight(FIVE_MINUTES, new Date("2026-07-15T04:58:00Z"))).toBe(120_000 + 2_000);
    // 23:58 UTC is 18:58 in Chicago: nothing to wait for.
    expect(untilClearOfMidnight(FIVE_MINUTES, new Date("2026-07-15T23:58:00Z"))).toBe(0);
  });
});
