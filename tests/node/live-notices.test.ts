/** Which live notices are due (worker/services/live/notices.ts, ADR 0056): approach notices once per stop and parent, the late notice. */
import { describe, expect, it } from "vitest";
import type { StopEta } from "#shared/live-eta.ts";
import {
  APPROACH_MINUTES_DEFAULT,
  approachNoticeKey,
  approachNotices,
  LATE_THRESHOLD_SECONDS,
  lateNotice,
  lateNoticeKey,
} from "#worker/services/live/notices.ts";

const eta = (stopId: string, minMinutes: number, maxMinutes: number, passed = false): StopEta => ({
  stopId,
  passed,
  minMinutes,
  maxMinutes,
});
const STOPS = [eta("A", 0, 0, true), eta("B", 0, 0), eta("C", 4, 6), eta("D", 5, 7), eta("E", 9, 12)];
const fresh = { stale: false, stops: STOPS };
const keysOf = (notices: { key: string }[]) => notices.map((notice) => notice.key);

describe("approachNotices", () => {
  it("is due for a stop whose earliest estimate is within the parent's minutes (5 unless chosen)", () => {
    expect(APPROACH_MINUTES_DEFAULT).toBe(5);
    const notices = approachNotices({
      tripId: "t1",
      estimate: fresh,
      watchers: [
        { parentId: "p1", stopId: "C" },
        { parentId: "p2", stopId: "D" },
        { parentId: "p3", stopId: "E" },
        { parentId: "p4", stopId: "E", minutes: 10 },
        { parentId: "p5", stopId: "D", minutes: 3 },
      ],
      sent: new Set(),
      arrived: new Set(),
    });
    expect(notices).toEqual([
      { key: "approach:t1:C:p1", parentId: "p1", stopId: "C", eta: STOPS[2] },
      { key: "approach:t1:D:p2", parentId: "p2", stopId: "D", eta: STOPS[3] },
      { key: "approach:t1:E:p4", parentId: "p4", stopId: "E", eta: STOPS[4] },
    ]);
  });

  it("once per stop and parent in a run: sent keys and repeated watchers are skipped", () => {
    const watchers = [
      { parentId: "p1", stopId: "C" },
      { parentId: "p1", stopId: "C" },
      { parentId: "p1", stopId: "D" },
      { parentId: "p2", stopId: "C" },
    ];
    const first = approachNotices({ tripId: "t1", estimate: fresh, watchers, sent: new Set(), arrived: new Set() });
    expect(keysOf(first)).toEqual(["approach:t1:C:p1", "approach:t1:D:p1", "approach:t1:C:p2"]);
    const again = approachNotices({
      tripId: "t1",
      estimate: fresh,
      watchers,
      sent: new Set(keysOf(first)),
      arrived: new Set(),
    });
    expect(again).toEqual([]);
    // Another run of the same route is another key.
    expect(
      keysOf(
        approachNotices({ tripId: "t2", estimate: fresh, watchers, sent: new Set(keysOf(first)), arrived: new Set() }),
      ),
    ).toEqual(["approach:t2:C:p1", "approach:t2:D:p1", "approach:t2:C:p2"]);
    expect(approachNoticeKey("t1", "C", "p1")).toBe("approach:t1:C:p1");
  });

  it("not for a passed stop or an unknown one", () => {
    const watchers = [
      { parentId: "p1", stopId: "A" },
      { parentId: "p1", stopId: "C" },
      { parentId: "p1", stopId: "nowhere" },
    ];
    expect(
      keysOf(approachNotices({ tripId: "t1", estimate: fresh, watchers, sent: new Set(), arrived: new Set() })),
    ).toEqual(["approach:t1:C:p1"]);
  });

  it("never for a stop the bus has reached: standing there (0–0, not passed) or arrived within the same batch", () => {
    const watchers = [
      { parentId: "p1", stopId: "B" },
      { parentId: "p2", stopId: "C" },
      { parentId: "p3", stopId: "D" },
    ];
    // B: the bus stands at it. C: a tap there made the arrival, though the estimate still says 4–6 min.
    const notices = approachNotices({
      tripId: "t1",
      estimate: fresh,
      watchers,
      sent: new Set(),
      arrived: new Set(["B", "C"]),
    });
    expect(keysOf(notices)).toEqual(["approach:t1:D:p3"]);
  });

  it("none from a stale estimate", () => {
    expect(
      approachNotices({
        tripId: "t1",
        estimate: { stale: true, stops: STOPS },
        watchers: [{ parentId: "p1", stopId: "C" }],
        sent: new Set(),
        arrived: new Set(),
      }),
    ).toEqual([]);
  });
});

describe("lateNotice", () => {
  it("is due from 10 minutes late (or the threshold given), with the whole minutes late", () => {
    expect(LATE_THRESHOLD_SECONDS).toBe(600);
    expect(lateNotice(599)).toBeNull();
    expect(lateNotice(600)).toEqual({ minutesLate: 10 });
    expect(lateNotice(779)).toEqual({ minutesLate: 12 });
    expect(lateNotice(-300)).toBeNull();
    expect(lateNotice(Number.NaN)).toBeNull();
    expect(lateNotice(299, 300)).toBeNull();
    expect(lateNotice(300, 300)).toEqual({ minutesLate: 5 });
    expect(lateNoticeKey("t1")).toBe("late:t1");
  });
});
