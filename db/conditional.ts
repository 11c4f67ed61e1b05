import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";

/**
 * `INSERT INTO t (…) SELECT … WHERE <condition>`: an insert that happens only if `condition`
 * holds when the statement runs. Inside a `db.batch`, this ties a row to an earlier guarded
 * UPDATE of the same batch (e.g. create an account only if this request won the invitation).
 * Values are encoded by their columns (dates, booleans, JSON); give every NOT NULL column without
 * a database default.
 */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, values: Partial<T["$inferInsert"]>, condition: SQL) {
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
