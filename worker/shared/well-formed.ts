/**
 * Well-formed Unicode at the edges. A JSON body can carry a lone UTF-16 surrogate as an escape
 * (`"\ud800"`); stored as JSON text it is valid, but SQLite's JSON functions decode it to bytes that
 * are not UTF-8, and the embedded libSQL driver aborts the process when it reads such a value back.
 * Requests that carry one are refused; text we store anyway (audit rows, JSON columns) is repaired.
 */

/** The message every refused input gets (the spec's toast title). */
export const VALIDATION_ERROR = "Validation Error";

/** Every string in a JSON-like value (object keys included) is well-formed. Iterative: depth cannot overflow the stack. */
export function isWellFormedDeep(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (!item.isWellFormed()) return false;
    } else if (Array.isArray(item) || item instanceof Set || item instanceof Map) {
      // superjson can also produce Sets and Maps (their entries are [key, value] pairs).
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (!key.isWellFormed()) return false;
        pending.push(child);
      }
    }
  }
  return true;
}

/** A copy in which every lone surrogate (in values and keys) is replaced by U+FFFD. */
export function toWellFormedDeep<T>(value: T): T {
  if (isWellFormedDeep(value)) return value;
  return repair(value) as T;
}

function repair(value: unknown): unknown {
  if (typeof value === "string") return value.toWellFormed();
  if (Array.isArray(value)) return value.map(repair);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key.toWellFormed(), repair(child)]));
  }
  return value;
}
