import type { Client, Transaction } from "@libsql/client";

/**
 * Counts database round trips: every `execute`, `batch`, `executeMultiple` and `migrate` of the
 * libSQL client (and every statement of an interactive transaction) is one trip to the database,
 * which on Turso is one network request. Used by the round-trip tests and by `npm run bench`.
 */
export type RoundTripCounter = { readonly count: number; reset(): void; log: string[] };

const COUNTED = new Set(["execute", "batch", "executeMultiple", "migrate"]);

function sqlOf(args: unknown[]): string {
  const first = args[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "sql" in first) return String((first as { sql: unknown }).sql);
  if (Array.isArray(first)) return `batch(${first.length})`;
  return "?";
}

export function countRoundTrips(client: Client): { client: Client; counter: RoundTripCounter } {
  let count = 0;
  const log: string[] = [];
  const counter: RoundTripCounter = {
    get count() {
      return count;
    },
    reset() {
      count = 0;
      log.length = 0;
    },
    log,
  };
  const wrapTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (COUNTED.has(String(prop)) || prop === "commit" || prop === "rollback") {
            count++;
            log.push(`tx.${String(prop)} ${sqlOf(args)}`);
          }
          return value.apply(target, args);
        };
      },
    });
  const wrapped = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "transaction") {
        return async (...args: unknown[]) => {
          count++;
          log.push("transaction begin");
          return wrapTransaction(await value.apply(target, args));
        };
      }
      if (!COUNTED.has(String(prop))) return value.bind(target);
      return (...args: unknown[]) => {
        count++;
        log.push(`${String(prop)} ${sqlOf(args)}`);
        return value.apply(target, args);
      };
    },
  });
  return { client: wrapped, counter };
}
