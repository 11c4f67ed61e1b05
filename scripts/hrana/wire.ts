/**
 * The Hrana protocol's JSON encoding, as `@libsql/client/web` (hrana-client, protocol version 2)
 * sends it (see hrana-client/lib-esm/shared/json_*.js): wire types, errors and value conversion
 * for the local HTTP database (server.ts).
 */
import { type InValue, LibsqlError } from "@libsql/client/node";

export type HValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
export type HStmt = {
  sql?: string;
  sql_id?: number;
  args?: HValue[];
  named_args?: { name: string; value: HValue }[];
  want_rows?: boolean;
};
export type HCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: HCond }
  | { type: "and" | "or"; conds: HCond[] }
  | { type: "is_autocommit" };
export type HBatch = { steps: { condition?: HCond | null; stmt: HStmt }[] };
export type HRequest =
  | { type: "close" }
  | { type: "execute"; stmt: HStmt }
  | { type: "batch"; batch: HBatch }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "describe"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };
export type HError = { message: string; code?: string };
export type HStmtResult = {
  cols: { name: string | null; decltype: string | null }[];
  rows: HValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

/** Errors that go back to the client as a Hrana error (statement or request level). */
export class HranaError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export function toHError(error: unknown): HError {
  // LibsqlError prefixes its message with the code; the client adds that prefix again.
  if (error instanceof LibsqlError) return { message: error.message.replace(`${error.code}: `, ""), code: error.code };
  if (error instanceof HranaError)
    return error.code ? { message: error.message, code: error.code } : { message: error.message };
  return { message: error instanceof Error ? error.message : String(error) };
}

/* ------------------------------------------------------------------------------------------------
 * Values
 * ----------------------------------------------------------------------------------------------*/

export function valueFromHrana(value: HValue): InValue {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return Number(value.value);
    case "text":
      return value.value;
    case "blob":
      return Buffer.from(value.base64, "base64");
  }
}

/** The client runs with `intMode: "bigint"`, so integers arrive as bigint and reals as number. */
export function valueToHrana(value: unknown): HValue {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes =
      value instanceof ArrayBuffer ? Buffer.from(value) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return { type: "blob", base64: bytes.toString("base64") };
  }
  throw new Error(`Unsupported value from the database: ${typeof value}`);
}

export function emptyResult(): HStmtResult {
  return { cols: [], rows: [], affected_row_count: 0, last_insert_rowid: null };
}
