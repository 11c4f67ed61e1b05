/**
 * The Node entry's request gate: at most `perTurn` requests start per turn of the event loop; the
 * rest wait, first come first served, for the next turns (ADR 0032).
 *
 * Why: libuv accepts one new connection per loop turn, and embedded libSQL runs queries on the main
 * thread, so a request's work happens inside the turn that read it. With 200 busy keep-alive
 * connections a turn started ~200 requests (~200 ms), and a connection waiting to be accepted
 * waited one such turn per connection ahead of it: seconds, past a client's 10-s timeout. Bounded
 * turns keep accepts, timers (cron, the in-process queue) and new clients moving; throughput is
 * unchanged, since the same work is done in more, shorter turns.
 */

/** Requests started per loop turn: ~1 ms each at most on the bench, so a turn stays under ~20 ms. */
export const REQUESTS_PER_TURN = 16;

/**
 * One gate for the process's event loop; `gate(handler)` wraps a fetch handler (`@hono/node-server`'s
 * `fetch`) so each call waits for its turn. Servers in one process share one gate.
 */
export function loopTurns(perTurn = REQUESTS_PER_TURN) {
  const waiting: (() => void)[] = [];
  let startedThisTurn = 0;
  let scheduled = false;

  // Runs once per loop turn (setImmediate's check phase) while anything started or waits.
  const nextTurn = () => {
    scheduled = false;
    startedThisTurn = 0;
    while (startedThisTurn < perTurn && waiting.length > 0) {
      startedThisTurn++;
      waiting.shift()!();
    }
    if (startedThisTurn > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };

  const turn = (): Promise<void> => {
    schedule();
    if (startedThisTurn < perTurn && waiting.length === 0) {
      startedThisTurn++;
      return Promise.resolve();
    }
    return new Promise<void>((start) => waiting.push(start));
  };

  return <Args extends unknown[], R>(handler: (...args: Args) => R | Promise<R>) =>
    (...args: Args): Promise<R> =>
      turn().then(() => handler(...args));
}
