import { count, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "#db/client.ts";

/** The rows to skip for a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** One page of a list as every paginated procedure answers it (at least one page, even when empty). */
export function pageOf<T>(rows: T[], total: number, page: number, pageSize: number) {
  return { rows, total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * Totals are exact up to this many rows past the page's start, then shown as "1,000+" (ADR 0018):
 * counting a growing table exactly would read every matching row at every page view.
 */
export const TOTAL_CAP = 1000;

/** How many rows a capped count reads for a page: the rows before it, then the cap, then one to tell "more". */
export const countLimit = (page: number, pageSize: number) => pageOffset(page, pageSize) + TOTAL_CAP + 1;

/**
 * `count(*)` of at most `offset + TOTAL_CAP + 1` rows matching `where`: the count reads a bounded
 * run of an index whatever the table's size. `cappedPageOf` turns it into the page's answer.
 */
export function cappedCount(db: Db, table: SQLiteTable, where: SQL | undefined, page: number, pageSize: number) {
  return cappedCountUpTo(db, table, where, countLimit(page, pageSize));
}

/** The same with the limit given (a placeholder in a prepared statement, filled with `countLimit`). */
export function cappedCountUpTo(db: Db, table: SQLiteTable, where: SQL | undefined, limit: number | Placeholder) {
  const limited = db.select({ one: sql`1` }).from(table).where(where).limit(limit).as("capped");
  return db.select({ total: count() }).from(limited);
}

/**
 * A page whose total may be capped: `total` is exact when `totalCapped` is false, else a lower
 * bound (shown "1,000+") and `pages` the pages known so far (Next stays possible past them).
 */
export function cappedPageOf<T>(rows: T[], counted: number, page: number, pageSize: number) {
  const bound = countLimit(page, pageSize) - 1;
  const totalCapped = counted > bound;
  const total = totalCapped ? bound : counted;
  const known = Math.max(1, Math.ceil(total / pageSize));
  return { rows, total, totalCapped, page, pageSize, pages: totalCapped ? Math.max(known, page + 1) : known };
}
