import { describe, expect, it } from "vitest";
import { type ScreenPoint, spreadPoints } from "../../web/src/components/map/spread.ts";

/** A replay's stop markers (24 px) never cover one another, whatever the zoom (issue: two close stops). */
const GAP = 28;
const distance = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a.x - b.x, a.y - b.y);

describe("spreading close markers", () => {
  it("leaves markers apart where they are", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 0, y: 40 },
    ];
    expect(spreadPoints(points, GAP)).toEqual(points);
  });

  it("lays two stops on top of each other side by side, a gap apart, round their middle, the first on top", () => {
    const [first, second] = spreadPoints(
      [
        { x: 50, y: 50 },
        { x: 52, y: 50 },
      ],
      GAP,
    );
    expect(distance(first!, second!)).toBeCloseTo(GAP);
    expect((first!.x + second!.x) / 2).toBeCloseTo(51);
    expect((first!.y + second!.y) / 2).toBeCloseTo(50);
    expect(first!.y).toBeLessThan(second!.y);
  });

  it("spreads a chain of close stops as one group, and no two markers end closer than the gap", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 20, y: 0 },
      { x: 30, y: 0 },
      { x: 300, y: 300 },
    ];
    const spread = spreadPoints(points, GAP);
    for (let a = 0; a < spread.length; a++)
      for (let b = a + 1; b < spread.length; b++)
        expect(distance(spread[a]!, spread[b]!)).toBeGreaterThanOrEqual(GAP - 1e-9);
    expect(spread[4]).toEqual({ x: 300, y: 300 });
  });
});
