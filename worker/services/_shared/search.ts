import { or, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `%term%` for LIKE … ESCAPE '\\', with the wildcard characters of the term escaped. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `term%` for LIKE … ESCAPE '\\' (starts with). */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`;
}

/** A trigram index needs 3 characters; a shorter term matches the start of a column instead (ADR 0018). */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * How a list's search runs (ADR 0018), with the term trimmed and lower-cased:
 * - `substring`: 3 characters or more, through an FTS5 trigram index (`match` is the term as one
 *   FTS5 phrase: a case-insensitive substring, wildcards and operators taken literally);
 * - `prefix`: 1 or 2 characters, "starts with" (`inPrefixRange` on an indexed column).
 */
export type Search = { kind: "substring"; term: string; match: string } | { kind: "prefix"; term: string };

export function parseSearch(raw: string): Search {
  const term = raw.trim().toLowerCase();
  if ([...term].length >= TRIGRAM_MIN_LENGTH)
    return { kind: "substring", term, match: `"${term.replaceAll('"', '""')}"` };
  return { kind: "prefix", term };
}

/** The FTS5 trigram tables of the migration "list_search_and_counter_triggers" (ADR 0018). */
export type FtsTable =
  | "schools_fts"
  | "invitations_fts"
  | "school_admins_fts"
  | "parents_fts"
  | "audit_logs_fts"
  | "invoices_fts";

/** The FTS5 query of a substring search (in one column, if named). */
export function ftsMatch(search: Extract<Search, { kind: "substring" }>, column?: string): string {
  return column ? `${column} : ${search.match}` : search.match;
}

/** `select rowid …` of the content table's rows whose FTS index matches a substring search (in one column, if named). */
export function ftsSelect(
  table: FtsTable,
  search: Extract<Search, { kind: "substring" }> | Placeholder,
  column?: string,
): SQL {
  const match = "kind" in search ? ftsMatch(search, column) : search;
  return sql`select rowid from ${sql.identifier(table)} where ${sql.identifier(table)} match ${match}`;
}

/**
 * The same, as a parenthesised subquery for `rowid in …`. A prepared statement passes a placeholder
 * for the search, filled with `ftsMatch(search, column)`.
 */
export function ftsRowids(
  table: FtsTable,
  search: Extract<Search, { kind: "substring" }> | Placeholder,
  column?: string,
): SQL {
  return sql`(${ftsSelect(table, search, column)})`;
}

/**
 * `column` starts with `term`, as a range an index serves: every string that starts with `term`
 * sorts in [term, term + U+10FFFF) in SQLite's binary (UTF-8 byte) order.
 */
export function inPrefixRange(column: SQLWrapper, term: string): SQL {
  const [low, high] = prefixRange(term);
  return inRange(column, low, high);
}

/** The bounds `inPrefixRange` uses, for a prepared statement's placeholders (`inRange`). */
export function prefixRange(term: string): [string, string] {
  return [term, `${term}\u{10FFFF}`];
}

/** `low <= column < high`. */
export function inRange(column: SQLWrapper, low: string | Placeholder, high: string | Placeholder): SQL {
  return sql`(${column} >= ${low} and ${column} < ${high})`;
}

/** `lower(a) LIKE %term% OR lower(b) LIKE …`: a case-insensitive substring search over a few columns of rows already narrowed by an index. */
export function containsAny(term: string | Placeholder, columns: readonly SQLWrapper[]): SQL {
  // A prepared statement passes a placeholder for the pattern, filled with `likePattern(term.toLowerCase())`.
  const pattern = typeof term === "string" ? likePattern(term.toLowerCase()) : term;
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern} escape '\\'`))!;
}
