import type { Client, InStatement } from "@libsql/client";

/**
 * A libSQL client that fails statement k (1-based, counted from `arm`) of whatever runs next: one
 * `execute` is one statement, a `batch` of n is n statements. "before": statement k fails as the
 * database would fail it (inside a batch it is swapped for a statement that errors, so the real
 * engine rolls the whole batch back). "after": the call that holds statement k runs and commits,
 * then the caller gets an error instead of the answer (a lost reply after commit). "crash": as
 * "after", and every later statement fails too until `disarm` (the process died after the commit);
 * `armOn` picks the statement by its SQL instead of its rank.
 * Interactive transactions pass through untouched (the services under test use batches).
 */
export type FaultMode = "before" | "after" | "crash";
export type FaultInjector = {
  /** Statements seen since the last `arm` or `count`. */
  readonly seen: number;
  /** Count statements without failing any (to learn how many an operation runs). */
  count(): void;
  arm(k: number, mode?: FaultMode): void;
  /** Fail the first call (an execute, or a whole batch) with a statement whose SQL matches. */
  armOn(pattern: RegExp, mode?: FaultMode): void;
  disarm(): void;
  /** Whether the armed fault went off. */
  readonly fired: boolean;
};

export class InjectedFault extends Error {
  override name = "InjectedFault";
}

const FAILING: InStatement = { sql: "SELECT injected_fault FROM injected_fault", args: [] };

export function faultInjecting(client: Client): { client: Client; faults: FaultInjector } {
  let seen = 0;
  let target: number | null = null;
  let mode: FaultMode = "before";
  let fired = false;
  let pattern: RegExp | null = null;
  let down = false;
  const faults: FaultInjector = {
    get seen() {
      return seen;
    },
    get fired() {
      return fired;
    },
    count() {
      down = false;
      seen = 0;
      target = null;
      pattern = null;
      fired = false;
    },
    arm(k, how = "before") {
      faults.count();
      target = k;
      mode = how;
    },
    armOn(match, how = "before") {
      faults.count();
      pattern = match;
      mode = how;
    },
    disarm() {
      down = false;
      target = null;
      pattern = null;
    },
  };
  const sqlOf = (statement: InStatement) => (typeof statement === "string" ? statement : statement.sql);
  /** The index (0-based) of the statement to fail among the next ones, or -1. */
  const take = (statements: InStatement[]): number => {
    if (down) throw new InjectedFault("the process is gone");
    const first = seen + 1;
    seen += statements.length;
    if (fired) return -1;
    const hit = pattern
      ? statements.findIndex((statement) => pattern!.test(sqlOf(statement)))
      : target !== null && target >= first && target <= seen
        ? target - first
        : -1;
    if (hit >= 0) fired = true;
    return hit;
  };
  const afterCommit = (): never => {
    if (mode === "crash") down = true;
    throw new InjectedFault("injected fault after commit");
  };
  const wrapped = new Proxy(client, {
    get(object, prop, receiver) {
      const value = Reflect.get(object, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute") {
        return async (...args: Parameters<Client["execute"]>) => {
          const [first, params] = args as [InStatement | string, unknown];
          const hit = take([typeof first === "string" ? { sql: first, args: (params ?? []) as never } : first]);
          if (hit === 0 && mode === "before") throw new InjectedFault("injected fault before statement");
          const result = await client.execute(...args);
          if (hit === 0) afterCommit();
          return result;
        };
      }
      if (prop === "batch") {
        return async (statements: InStatement[], ...rest: unknown[]) => {
          const hit = take(statements);
          const run =
            hit >= 0 && mode === "before"
              ? statements.map((statement, i) => (i === hit ? FAILING : statement))
              : statements;
          const result = await (client.batch as (s: InStatement[], ...r: unknown[]) => ReturnType<Client["batch"]>)(
            run,
            ...rest,
          );
          if (hit >= 0) afterCommit();
          return result;
        };
      }
      return value.bind(object);
    },
  });
  return { client: wrapped, faults };
}
