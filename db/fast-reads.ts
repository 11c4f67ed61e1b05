/**
 * Reads of the embedded database through statements prepared once (ADR 0033). `@libsql/client`'s
 * embedded driver prepares every statement again on every call, asks it twice for its columns and
 * builds each row with a `defineProperty` per value: for the session lookup (one row of 39 columns)
 * that is ~350 µs of the main thread, against ~20 µs for the same statement prepared once. This
 * wraps the client: a read (`execute`, or a `batch` of reads in one transaction) runs on a second
 * connection to the same file through a cache of prepared statements, and answers the same
 * `ResultSet` (rows readable by index and by column name, integers as numbers, blobs as
 * ArrayBuffers). Everything else — writes, batches with a write, `transaction`, `migrate` — and any
 * read the fast path cannot take (an argument the client refuses, an integer past 2^53, an error)
 * goes to the client itself, which answers or throws as it always did. Reads are safe to repeat.
 *
 * Node only (the `libsql` native module): `#db/fast-reads` resolves to a pass-through in workerd.
 */
import type { Client, InArgs, InStatement, InValue, ResultSet, Row, TransactionMode } from "@libsql/client";
import Database from "libsql";

/** Prepared statements kept per connection; past this, the oldest is dropped. */
const STATEMENT_CACHE_SIZE = 256;

type Prepared = {
  statement: Database.Statement;
  columns: string[];
  columnTypes: string[];
  rowPrototype: object;
  /** The index of each column a row carries by name: the first of same-named ones. */
  named: { name: string; index: number }[];
};
/** Thrown inside the fast path when the client itself must answer. */
const DECLINE = Symbol("decline");
const VALUES = Symbol("values");
/** Only plain selects: `INSERT … RETURNING` also answers rows, but it writes. */
const SELECT = /^\s*select\b/i;

/** The file of a plain `file:` URL; null for anything else (in-memory, query options, a host). */
export function embeddedPath(url: string): string | null {
  if (!url.startsWith("file:") || url.includes("?") || url.includes("#")) return null;
  let path = url.slice("file:".length);
  if (path.startsWith("//")) {
    if (!path.startsWith("///")) return null;
    path = path.slice(2);
  }
  if (path === "" || path.includes(":memory:")) return null;
  try {
    return decodeURIComponent(path);
  } catch {
    return null; // A malformed escape: the client reads the URL its own way (or says what is wrong).
  }
}

export function withFastReads(client: Client, url: string): Client {
  const path = embeddedPath(url);
  if (!path) return client;
  let connection: Database.Database | null = null;
  const cache = new Map<string, Prepared | null>();

  const open = () => (connection ??= new Database(path));

  /**
   * The statement prepared once, or null when it writes. One that cannot be prepared (a table not
   * there yet) is not kept: the client says why, and the next call tries again.
   */
  const prepared = (sql: string): Prepared | null => {
    let entry = cache.get(sql);
    if (entry !== undefined) return entry;
    entry = null;
    if (SELECT.test(sql)) {
      try {
        const statement = open().prepare(sql);
        if (statement.reader) {
          statement.raw(true);
          statement.safeIntegers(true);
          const described = statement.columns();
          const columns = described.map((column) => column.name);
          const proto = rowPrototype(columns.length);
          const named = columns.flatMap((name, index) => (columns.indexOf(name) === index && !Object.hasOwn(proto, name) ? [{ name, index }] : []));
          entry = { statement, columns, columnTypes: described.map((column) => column.type ?? ""), rowPrototype: proto, named };
        }
      } catch {
        return null;
      }
    }
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(sql, entry);
    return entry;
  };

  const run = (entry: Prepared, args: InArgs | undefined): ResultSet => {
    const rows = entry.statement.all(argsToSql(args)) as unknown[][];
    const out = new Array<Row>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = rowOf(rows[i]!, entry);
    return new FastResultSet(entry.columns, entry.columnTypes, out);
  };

  const normalize = (stmt: InStatement | [string, InArgs?], args?: InArgs): { sql: string; args?: InArgs | undefined } => {
    if (typeof stmt === "string") return { sql: stmt, args };
    if (Array.isArray(stmt)) return { sql: stmt[0], args: stmt[1] };
    return stmt;
  };

  const execute = async (stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const stmt = normalize(stmtOrSql, args);
    const entry = client.closed ? null : prepared(stmt.sql);
    if (entry) {
      try {
        return run(entry, stmt.args);
      } catch {
        // The client answers this read itself (and throws its own error if there is one); the
        // statement is prepared afresh next time, in case the schema changed under it.
        cache.delete(stmt.sql);
      }
    }
    return typeof stmtOrSql === "string" ? client.execute(stmtOrSql, args) : client.execute(stmtOrSql);
  };

  const batch = async (stmts: (InStatement | [string, InArgs?])[], mode?: TransactionMode): Promise<ResultSet[]> => {
    if (!client.closed && mode !== "write" && stmts.length > 0) {
      const statements = stmts.map((stmt) => normalize(stmt));
      const entries = statements.map((stmt) => prepared(stmt.sql));
      if (entries.every((entry) => entry !== null)) {
        const db = open();
        try {
          db.exec(mode === "read" ? "BEGIN TRANSACTION READONLY" : "BEGIN DEFERRED");
          const results = entries.map((entry, i) => run(entry!, statements[i]!.args));
          db.exec("COMMIT");
          return results;
        } catch {
          if (db.inTransaction) db.exec("ROLLBACK");
          for (const stmt of statements) cache.delete(stmt.sql);
        }
      }
    }
    return client.batch(stmts as InStatement[], mode);
  };

  const close = () => {
    cache.clear();
    connection?.close();
    connection = null;
    client.close();
  };

  // The client with these three in its place; a property set on it later (a test's spy) wins, as on the client.
  const own: Record<PropertyKey, unknown> = { execute, batch, close };
  return new Proxy(client, {
    get(target, prop) {
      if (Object.hasOwn(own, prop)) return own[prop];
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(_target, prop, value) {
      own[prop] = value;
      return true;
    },
  });
}

/** What `@libsql/client` sends for an argument; anything it would refuse is left to it. */
function valueToSql(value: InValue): unknown {
  switch (typeof value) {
    case "number":
      if (!Number.isFinite(value)) throw DECLINE;
      return value;
    case "boolean":
      return value ? 1 : 0;
    case "bigint":
      if (value < -9223372036854775808n || value > 9223372036854775807n) throw DECLINE;
      return value;
    case "undefined":
      throw DECLINE;
    default:
      if (value instanceof ArrayBuffer) return Buffer.from(value);
      if (value instanceof Date) return value.valueOf();
      return value;
  }
}

function argsToSql(args: InArgs | undefined): unknown {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(valueToSql);
  const named: Record<string, unknown> = {};
  for (const name in args) {
    const key = name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.substring(1) : name;
    named[key] = valueToSql(args[name]!);
  }
  return named;
}

/**
 * A row as `@libsql/client` builds it: its values by index and `length` (not enumerable), and by
 * column name (enumerable; the first of two same-named columns). The index reads come from one
 * prototype per statement shape instead of a `defineProperty` per value.
 */
function rowPrototype(width: number): object {
  const proto: Record<PropertyKey, unknown> = {};
  Object.defineProperty(proto, "length", { value: width });
  for (let i = 0; i < width; i++) {
    Object.defineProperty(proto, i, {
      get(this: { [VALUES]: unknown[] }) {
        return this[VALUES][i];
      },
    });
  }
  return proto;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

function rowOf(raw: unknown[], { named, rowPrototype: proto }: Prepared): Row {
  for (let i = 0; i < raw.length; i++) {
    const value = raw[i];
    if (typeof value === "bigint") {
      if (value > MAX_SAFE || value < MIN_SAFE) throw DECLINE;
      raw[i] = Number(value);
    } else if (value instanceof Buffer) raw[i] = value.buffer;
  }
  // Not enumerable, so a spread or an inspection of the row sees its named values only, as with the client's.
  const row = Object.defineProperty(Object.create(proto), VALUES, { value: raw }) as Record<PropertyKey, unknown>;
  for (let i = 0; i < named.length; i++) {
    const { name, index } = named[i]!;
    row[name] = raw[index];
  }
  return row as unknown as Row;
}

class FastResultSet implements ResultSet {
  readonly rowsAffected = 0;
  readonly lastInsertRowid = undefined;
  constructor(
    readonly columns: string[],
    readonly columnTypes: string[],
    readonly rows: Row[],
  ) {}
  toJSON() {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) => Array.prototype.map.call(row, (value: unknown) => (value instanceof ArrayBuffer ? Buffer.from(value).toString("base64") : value))),
      rowsAffected: 0,
      lastInsertRowid: null,
    };
  }
}
