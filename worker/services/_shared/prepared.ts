import type { InArgs, ResultSet } from "@libsql/client";
import { Column, fillPlaceholders, getTableName, is, SQL, Subquery } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

/**
 * Prepared statements for the hot lists (ADR 0028): Drizzle builds a statement's SQL once per
 * database client and *shape* (which filters a call has), with `sql.placeholder()` for every value,
 * instead of on every call. A list with optional filters has a handful of shapes; each is built the
 * first time it is asked for. The Node entry keeps one client for the process; a Worker's client
 * lives as long as its app, so there the cache lasts a request or an isolate.
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
 * `db.batch` for prepared selects: one round trip (one transaction, as `db.batch`), each statement
 * with its placeholders filled (values go through their column's encoder, as with `eq(column, value)`),
 * each result mapped by its statement as Drizzle's own batch maps it.
 */
export async function batchPrepared<const B extends readonly Bound[]>(db: Db, items: B): Promise<Rows<B>> {
  const results = await db.$client.batch(items.map(([prepared, values]) => statementOf(prepared, values)));
  return items.map(([prepared], i) => mapRows(prepared, results[i]!)) as Rows<B>;
}

/** One prepared select on its own (one round trip, no transaction), mapped as `batchPrepared` maps. */
export async function allPrepared<S extends PreparedSelect>(db: Db, prepared: S, values: Record<string, unknown>): Promise<Awaited<ReturnType<S["all"]>>> {
  return mapRows(prepared, await db.$client.execute(statementOf(prepared, values))) as Awaited<ReturnType<S["all"]>>;
}

function statementOf(prepared: PreparedSelect, values: Record<string, unknown>) {
  const query = prepared.getQuery();
  return { sql: query.sql, args: fillPlaceholders(query.params, values) as InArgs };
}

function mapRows(prepared: PreparedSelect, result: ResultSet): unknown {
  const mapper = rowMapperOf(prepared);
  return mapper ? result.rows.map(mapper) : prepared.mapResult(result, true);
}

/*
 * Drizzle maps each row of a select by looking up, for every column of every row, what kind of
 * field it selected (`is()` walks the class chain) and iterating its path. The same mapping, with
 * that looked up once per prepared statement: the fields, their decoders, and the tables of left
 * joins whose all-null columns make the joined object null (Drizzle's `mapResultRow`, compared in
 * tests/node/prepared.test.ts). A statement shaped otherwise (a custom mapper, not `all`) keeps
 * Drizzle's own `mapResult`.
 */
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
type PreparedInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  executeMethod?: string;
};
type RowMapper = (row: ArrayLike<unknown>) => Record<string, unknown>;

const rowMappers = new WeakMap<object, RowMapper | null>();

function rowMapperOf(prepared: PreparedSelect): RowMapper | null {
  let mapper = rowMappers.get(prepared);
  if (mapper === undefined) rowMappers.set(prepared, (mapper = compileRowMapper(prepared as PreparedInternals)));
  return mapper;
}

/** An `sql` expression's decoder (`.mapWith()`), which Drizzle's types keep internal. */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** libSQL hands blobs over as ArrayBuffers; Drizzle's libSQL session makes them Buffers first. */
function normalizeFieldValue(value: unknown): unknown {
  if (!(value instanceof ArrayBuffer)) return value;
  if (typeof Buffer !== "undefined") return Buffer.from(value);
  return new TextDecoder().decode(value);
}

function compileRowMapper({ fields, joinsNotNullableMap: joins, customResultMapper, executeMethod }: PreparedInternals): RowMapper | null {
  if (!fields || customResultMapper || executeMethod !== "all") return null;
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1]!,
    decoder: decoderOf(field),
    // A column of a joined table's object (`{ recipient: { id: … } }`): its table, for the nulling below.
    table: joins && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  return (row) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | null = null;
    for (let i = 0; i < columns.length; i++) {
      const { parents, key, decoder, table } = columns[i]!;
      let node = result;
      for (const chunk of parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = normalizeFieldValue(row[i]);
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[key] = value;
      if (table !== null) {
        const objectName = parents[0]!;
        nullify ??= {};
        if (!(objectName in nullify)) nullify[objectName] = value === null ? table : false;
        else if (typeof nullify[objectName] === "string" && nullify[objectName] !== table) nullify[objectName] = false;
      }
    }
    if (nullify) {
      for (const [objectName, table] of Object.entries(nullify)) if (typeof table === "string" && !joins![table]) result[objectName] = null;
    }
    return result;
  };
}
