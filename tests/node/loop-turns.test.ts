/**
 * The Node entry's request gate (ADR 0032): a bounded number of requests start per event-loop turn,
 * so the turns between them (where libuv accepts a new connection and timers fire) keep coming under
 * load. Turns are counted by a setImmediate chain queued before the requests, so each request sees
 * the number of the check phase it started in.
 */
import { describe, expect, it } from "vitest";
import { loopTurns } from "#worker/local/loop-turns.ts";

/** Counts event-loop turns from now: 0 in the current one, then +1 per check phase, `turns` times. */
function turnCounter(turns: number) {
  const state = { turn: 0 };
  const next = () => {
    state.turn++;
    if (state.turn < turns) setImmediate(next);
  };
  setImmediate(next);
  return state;
}

describe("loop turns (ADR 0032)", () => {
  it("starts at most `perTurn` requests per event-loop turn, first come first served", async () => {
    const clock = turnCounter(10);
    const gate = loopTurns(4);
    const started: { id: number; turn: number }[] = [];
    const handler = gate(async (id: number) => {
      started.push({ id, turn: clock.turn });
      return id * 10;
    });
    const results = await Promise.all(Array.from({ length: 10 }, (_, id) => handler(id)));

    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(started.map((entry) => entry.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(started.map((entry) => entry.turn)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2]);
  });

  it("a request arriving later in a turn takes a slot the turn has left; past the bound it waits for the next", async () => {
    const clock = turnCounter(10);
    const gate = loopTurns(2);
    const started: string[] = [];
    const handler = gate(async (name: string) => void started.push(`${name}@${clock.turn}`));
    const first = [handler("a"), handler("b"), handler("c")];
    // Turn 1 starts "c" and has one slot left; "d", arriving later in that turn, takes it, and "e"
    // waits for turn 2.
    await new Promise<void>((done) => setImmediate(done));
    await Promise.all([...first, handler("d"), handler("e")]);
    expect(started).toEqual(["a@0", "b@0", "c@1", "d@1", "e@2"]);
  });

  it("a handler's failure reaches its own caller only; the gate goes on serving", async () => {
    const gate = loopTurns(1);
    const handler = gate(async (id: number) => {
      if (id === 1) throw new Error("boom");
      return id;
    });
    const syncThrow = gate((): number => {
      throw new Error("sync boom");
    });
    const settled = await Promise.allSettled([handler(0), handler(1), syncThrow(), handler(3)]);
    expect(settled.map((entry) => entry.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(await handler(4)).toBe(4);
  });
});
