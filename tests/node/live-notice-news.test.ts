/** The parent's live view reads the bell again when a view it receives tells of a notice just sent. */
import { describe, expect, it } from "vitest";
import { bringsNotice, type NoticeSource } from "../../web/src/features/live/notice-news.ts";

const eta = (minMinutes: number) => ({ stopId: "oak", passed: false, minMinutes, maxMinutes: minMinutes + 2 });
const view = (change: Partial<NoticeSource> = {}): NoticeSource => ({
  status: "in-progress",
  startedAt: "2026-03-02T13:00:00.000Z",
  stale: false,
  stops: [{ id: "oak", arrivedAt: null, eta: eta(9) }],
  riders: [{ childId: "ava", attendance: null }],
  ...change,
});

describe("a view that tells of a notice to the parent", () => {
  it("a new position far from the stop, or the page's first view, tells of nothing", () => {
    expect(bringsNotice(view(), view({ stops: [{ id: "oak", arrivedAt: null, eta: eta(8) }] }), 5)).toBe(false);
    expect(
      bringsNotice(null, view({ riders: [{ childId: "ava", attendance: { status: "boarded", at: "x" } }] }), 5),
    ).toBe(false);
  });

  it("the run departed or changed status; a child boarded, then was dropped", () => {
    expect(bringsNotice(view({ status: "scheduled", startedAt: null }), view(), 5)).toBe(true);
    expect(bringsNotice(view(), view({ status: "cancelled" }), 5)).toBe(true);
    const boarded = view({ riders: [{ childId: "ava", attendance: { status: "boarded", at: "t1" } }] });
    expect(bringsNotice(view(), boarded, 5)).toBe(true);
    expect(bringsNotice(boarded, boarded, 5)).toBe(false);
    const dropped = view({ riders: [{ childId: "ava", attendance: { status: "dropped", at: "t2" } }] });
    expect(bringsNotice(boarded, dropped, 5)).toBe(true);
  });

  it("the stop comes within the parent's lead time once, from a live estimate only", () => {
    const near = view({ stops: [{ id: "oak", arrivedAt: null, eta: eta(4) }] });
    expect(bringsNotice(view(), near, 5)).toBe(true);
    expect(bringsNotice(view(), near, 3)).toBe(false);
    expect(bringsNotice(near, view({ stops: [{ id: "oak", arrivedAt: null, eta: eta(3) }] }), 5)).toBe(false);
    expect(bringsNotice(view(), { ...near, stale: true }, 5)).toBe(false);
    expect(bringsNotice({ ...near, stale: true }, near, 5)).toBe(true);
  });
});
