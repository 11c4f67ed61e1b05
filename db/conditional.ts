import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";

/**
 * `INSERT INTO t (…) SELECT … WHERE <condition>`: an insert that happens only if `condition`
 * holds when the statement runs. Inside a `db.batch`, this ties a row to an earlier guarded
 * UPDATE of the same batch (e.g. create an account only if this request won the invitation).
 * Values are encoded by their columns (dates, booleans, JSON); give every NOT NULL column without
 * a database default.
 */
export function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Partial<T["$inferInsert"]>,
  condition: SQL,
) {
  const columns = getTableColumns(table) as Record<string, T["_"]["columns"][string]>;
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = sql.join(
    entries.map(([key]) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const params = sql.join(
    entries.map(([key, value]) => sql.param(value, columns[key])),
    sql`, `,
  );
  return db.run(sql`insert into ${table} (${names}) select ${params} where ${condition}`);
}

/**
 * The claim guard of a `db.batch`: true while row `id` of `table` holds `value` in `column`. A
 * service first writes a value unique to its request (a review id, a fresh token hash, a marker)
 * with a guarded UPDATE; the rest of the batch (`insertWhere`, `onlyIf`) runs only if that write won.
 */
export function rowHolds<T extends SQLiteTable & { id: SQLiteColumn }>(
  table: T,
  id: string,
  column: SQLiteColumn,
  value: string,
): SQL {
  return sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${column} = ${value})`;
}

/**
 * `INSERT INTO t (…) SELECT * FROM (VALUES (…), (…)) WHERE <condition>`: many rows that are written
 * only if `condition` holds (see `insertWhere`). Every row gives the same columns. Keep a call under
 * SQLite's 32,766 parameters (rows × columns); callers chunk large fan-outs.
 */
export function insertManyWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: Partial<T["$inferInsert"]>[],
  condition: SQL,
) {
  const columns = getTableColumns(table) as Record<string, T["_"]["columns"][string]>;
  const keys = Object.keys(rows[0] ?? {}).filter((key) => rows[0]![key as keyof (typeof rows)[0]] !== undefined);
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const tuples = sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          keys.map((key) => sql.param(row[key as keyof typeof row] ?? null, columns[key])),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  return db.run(sql`insert into ${table} (${names}) select * from (values ${tuples}) where ${condition}`);
}
