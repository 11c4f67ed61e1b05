import type { Client } from "@libsql/client";
import type { Db } from "#db/client.ts";
import type { FtsTable } from "../_shared/search.ts";

/**
 * Compact FTS5 trigram indexes (ADR 0031). FTS5 writes each transaction's rows as a new segment
 * and merges segments level by level (its `automerge`), so an index keeps O(log rows) segments,
 * and every search looks each of its trigrams up in every segment: at 100k rows (9 segments) a
 * one-school search cost 3× what it cost at 1k (2 segments). Merging them back into one makes a
 * search cost what its matches cost, whatever the table's size.
 */

/** Every FTS5 table of the schema (migrations `list_search_and_counter_triggers`, `invoice_totals_and_search_triggers`). */
export const FTS_TABLES = [
  "schools_fts",
  "invitations_fts",
  "school_admins_fts",
  "parents_fts",
  "audit_logs_fts",
  "invoices_fts",
] as const satisfies readonly FtsTable[];

/** An index with more segments than this is merged into one; fewer cost a search next to nothing. */
export const MAX_SEGMENTS = 4;
/** Pages (4 KB) written by one `merge` step: ~100 ms at 100k schools on the bench machine. */
export const MERGE_STEP_PAGES = 500;
/** Pages one run may write per index; an unfinished merge goes on at the next run (FTS5 keeps its state). */
export const MERGE_BUDGET_PAGES = 4_000;

/** How many segments an index has: each one has at least one row, keyed by its id, in the `_idx` shadow table. */
export async function segmentCount(client: Client, table: FtsTable): Promise<number> {
  const result = await client.execute(`select count(distinct segid) as n from "${table}_idx"`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * One index: when it has more than `MAX_SEGMENTS` segments, FTS5's incremental optimize
 * (`'merge'` with a negative page count: all segments into one, `MERGE_STEP_PAGES` at a time)
 * until it is done or `budgetPages` are written. FTS5 documents that a step which merged nothing
 * moves `total_changes()` by less than 2. Answers the number of steps that merged something.
 */
async function compactIndex(client: Client, table: FtsTable, budgetPages: number): Promise<number> {
  if ((await segmentCount(client, table)) <= MAX_SEGMENTS) return 0;
  let steps = 0;
  for (let written = 0; written < budgetPages; written += MERGE_STEP_PAGES) {
    const [before, , after] = await client.batch(
      [
        "select total_changes() as n",
        `insert into "${table}"("${table}", rank) values ('merge', -${MERGE_STEP_PAGES})`,
        "select total_changes() as n",
      ],
      "write",
    );
    if (Number(after!.rows[0]!.n) - Number(before!.rows[0]!.n) < 2) break;
    steps++;
  }
  return steps;
}

/** The hourly job: every index, within the page budget each; the merge steps done per index. */
export async function compactSearchIndexes(db: Db, budgetPages = MERGE_BUDGET_PAGES): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  for (const table of FTS_TABLES) steps[table] = await compactIndex(db.$client, table, budgetPages);
  return steps;
}
