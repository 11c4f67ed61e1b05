import type { InArgs } from "@libsql/client";
import { fillPlaceholders } from "drizzle-orm";
import type { Db } from "#db/client.ts";

/**
 * Prepared statements for the hot lists (ADR 0028, ADR 0043): Drizzle builds a statement's SQL once
 * per database client and *shape* (which filters a call has), with `sql.placeholder()` for every
 * value, instead of on every call. A list with optional filters has a handful of shapes; each is
 * built the first time it is asked for. The Node entry keeps one client for the process; the
 * Worker keeps its app, and so its client, for the isolate's life.
 */
export function preparedPerShape<P>(build: (db: Db, shape: string) => P): (db: Db, shape: string) => P {
  const byDb = new WeakMap<Db, Map<string, P>>();
  return (db, shape) => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let prepared = shapes.get(shape);
    if (!prepared) shapes.set(shape, (prepared = build(db, shape)));
    return prepared;
  };
}

/** What `.prepare()` gives for a select, as far as a batch needs it (Drizzle's public API). */
type PreparedSelect = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  all(placeholderValues?: Record<string, unknown>): Promise<unknown>;
};

type Bound = readonly [PreparedSelect, Record<string, unknown>];
type Rows<B extends readonly Bound[]> = { -readonly [K in keyof B]: Awaited<ReturnType<B[K][0]["all"]>> };

/**
 * `db.batch` for prepared selects (Drizzle's own batch takes query builders, not placeholder
 * values): one round trip (one transaction, as `db.batch`), each statement with its placeholders
 * filled by Drizzle's `fillPlaceholders`, each result mapped by the statement's own `mapResult`, as
 * Drizzle's batch maps it. A statement sent alone is the prepared query's own `.all(values)`.
 */
export async function batchPrepared<const B extends readonly Bound[]>(db: Db, items: B): Promise<Rows<B>> {
  const results = await db.$client.batch(
    items.map(([prepared, values]) => {
      const query = prepared.getQuery();
      return { sql: query.sql, args: fillPlaceholders(query.params, values) as InArgs };
    }),
  );
  return items.map(([prepared], i) => prepared.mapResult(results[i]!, true)) as Rows<B>;
}
