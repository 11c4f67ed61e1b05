/** The driver's run page: what a stop without riders of its own says (a pickup's school is not empty). */
import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyStopNote, onBoardCount } from "../../web/src/features/drivers/driver/stop-note.ts";

describe("a stop without riders of its own, on the driver's run page", () => {
  // The note is a Lingui message (ADR 0078): read in English, the source language.
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: {} }));

  it("at a pickup's last stop (the school), everyone on board gets off: boarded or dropped there, not absent", () => {
    const stops = [
      { riders: [{ childId: "ava" }, { childId: "ben" }] },
      { riders: [{ childId: "cy" }, { childId: "dee" }] },
      { riders: [] },
    ];
    const taps = new Map([
      ["ava", { status: "boarded" as const }],
      ["ben", { status: "absent" as const }],
      ["cy", { status: "dropped" as const }],
    ]);
    expect(onBoardCount(stops, taps)).toBe(2);
    expect(emptyStopNote("pickup", true, 2)).toBe("Everyone on board gets off here (2).");
    // Before the start (nothing recorded yet), no count.
    expect(emptyStopNote("pickup", true, null)).toBe("Everyone on board gets off here.");
  });

  it("anywhere else, nobody boards or leaves", () => {
    expect(emptyStopNote("pickup", false, 2)).toBe("Nobody boards or leaves here today.");
    expect(emptyStopNote("dropoff", true, 2)).toBe("Nobody boards or leaves here today.");
  });
});
