/**
 * Well-formed Unicode at the edges. A JSON body can carry a lone UTF-16 surrogate as an escape
 * (`"\ud800"`); stored as JSON text it is valid, but SQLite's JSON functions decode it to bytes that
 * are not UTF-8, and the embedded libSQL driver aborts the process when it reads such a value back.
 * Requests that carry one are refused; text we store anyway (audit rows, JSON columns) is repaired.
 */

/** The message every refused input gets (the spec's toast title). */
export const VALIDATION_ERROR = "Validation Error";

/** What an input holding a control character it may not hold is told (400): a NUL anywhere, any in a search term. */
export const CONTROL_CHARACTER_ERROR = "Text cannot contain control characters.";

/** The first string in a JSON-like value (object keys included) that `refused` picks. Iterative: depth cannot overflow the stack. */
function findString(value: unknown, refused: (text: string) => boolean): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (refused(item)) return item;
    } else if (Array.isArray(item) || item instanceof Set || item instanceof Map) {
      // superjson can also produce Sets and Maps (their entries are [key, value] pairs).
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (refused(key)) return key;
        pending.push(child);
      }
    }
  }
  return undefined;
}

/** Every string in a JSON-like value (object keys included) is well-formed. */
export function isWellFormedDeep(value: unknown): boolean {
  return findString(value, (text) => !text.isWellFormed()) === undefined;
}

/**
 * Why a procedure's raw input is refused at the edge (400), or null: a lone surrogate
 * (VALIDATION_ERROR), or a NUL in any string (CONTROL_CHARACTER_ERROR). The embedded driver reads
 * text back only up to a NUL, so a stored value would come back cut short, and FTS5 takes it as the
 * end of a query. Webhooks keep only the surrogate rule: a refused event would be retried for days.
 */
export function inputTextRefusal(value: unknown): string | null {
  const refused = findString(value, (text) => !text.isWellFormed() || text.includes("\u0000"));
  if (refused === undefined) return null;
  return refused.isWellFormed() ? CONTROL_CHARACTER_ERROR : VALIDATION_ERROR;
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
