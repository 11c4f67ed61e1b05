/**
 * A small Hrana-over-HTTP server: it plays Turso for the Worker running in workerd, which can only
 * reach a database over HTTP. `npm run dev:worker` serves the local database with it, and the
 * workerd test suites serve their test databases with it.
 *
 * Only what `@libsql/client/web` (hrana-client, protocol version 2, JSON encoding) sends is
 * implemented:
 *   POST /v2/pipeline (and /v3/pipeline, same JSON body)  { baton, requests: [...] }
 *     requests: execute, batch (with step conditions), sequence, store_sql, close_sql,
 *               get_autocommit, close. `describe` answers an error (the client never sends it).
 *   GET /v2, /v3, /health  → 200 (version probes).
 * Protobuf (`/v3-protobuf`) and cursors are not implemented: GET /v3-protobuf answers 404, which
 * makes a v3 client fall back to v2.
 *
 * Behind it is one embedded `@libsql/client` file database with a single connection, in
 * write-ahead-log mode like the Node entry's (ADR 0064).
 * A Hrana *stream* is a SQL connection with state, named by a baton that changes on every
 * request. Transactions are the only state that matters: `BEGIN…`, `COMMIT`/`END` and
 * `ROLLBACK` statements are mapped onto `client.transaction()`, `tx.commit()` and
 * `tx.rollback()`, and every other statement runs in the stream's open transaction or, in
 * autocommit, on the client. One global lock makes pipeline requests run one at a time, and a
 * stream that is left inside a transaction keeps the lock until the transaction ends (or the
 * stream is closed or expires), like SQLite's single writer, so streams never interleave.
 * Stricter than libSQL in one way: while one stream holds a transaction open across requests,
 * every other stream waits (libSQL would let them read). A stream idle for 10 s is closed and its
 * transaction rolled back, as libsql-server does, so a stuck client cannot block the rest forever.
 *
 * It listens on 127.0.0.1 only and has no authentication: a local development and test tool,
 * never a production database.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// `/node` explicitly: this file runs in Node, but also under the workerd pool's resolve conditions.
import { createClient, type InValue, type ResultSet, type Transaction } from "@libsql/client/node";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { enableWriteAheadLog } from "../../db/local-file.ts";
import {
  emptyResult,
  type HBatch,
  type HCond,
  type HError,
  type HRequest,
  HranaError,
  type HStmt,
  type HStmtResult,
  toHError,
  valueFromHrana,
  valueToHrana,
} from "./wire.ts";

/* ------------------------------------------------------------------------------------------------
 * Streams
 * ----------------------------------------------------------------------------------------------*/

/** libsql-server closes a stream that sees no request for this long. */
const STREAM_IDLE_MS = 10_000;

type Stream = {
  baton: string;
  /** SQL texts stored with `store_sql`, by id. */
  sqls: Map<number, string>;
  /** The open transaction, or null in autocommit. */
  tx: Transaction | null;
  /** Set while this stream holds the global lock across requests (it is inside a transaction). */
  release: (() => void) | null;
  timer: NodeJS.Timeout | null;
};

/** A FIFO async mutex. */
class Lock {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}

const BEGIN = /^\s*BEGIN\b(?:\s+(DEFERRED|IMMEDIATE|EXCLUSIVE))?(?:\s+TRANSACTION)?(?:\s+(READONLY))?\s*;?\s*$/i;
const COMMIT = /^\s*(?:COMMIT|END)(?:\s+TRANSACTION)?\s*;?\s*$/i;
const ROLLBACK = /^\s*ROLLBACK(?:\s+TRANSACTION)?\s*;?\s*$/i; // not `ROLLBACK TO <savepoint>`

export type HranaServer = {
  /** `http://127.0.0.1:<port>`, usable as DATABASE_URL. */
  url: string;
  close(): Promise<void>;
};

export type HranaServerOptions = {
  /** The SQLite file to serve (kept on close). Absent: a fresh file in a temporary folder, removed on close. */
  file?: string;
  /** Applies these migrations before serving. */
  migrationsFolder?: string;
  /** The port on 127.0.0.1 (default: any free port). */
  port?: number;
};

export async function startHranaServer(options: HranaServerOptions = {}): Promise<HranaServer> {
  const tempDir = options.file === undefined ? mkdtempSync(join(tmpdir(), "schoolride-hrana-")) : undefined;
  const removeTemp = () => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
  const file = options.file ?? join(tempDir ?? ".", "db.sqlite");
  // One connection: every stream runs on it in turn (see `Lock`), so there is never SQLITE_BUSY.
  const client = createClient({ url: `file:${file}`, intMode: "bigint", concurrency: 1 });
  try {
    // A local file like the Node entry's: write-ahead log, synchronous=NORMAL (ADR 0064).
    await enableWriteAheadLog(client);
    if (options.migrationsFolder) await migrate(drizzle(client), { migrationsFolder: options.migrationsFolder });
  } catch (error) {
    client.close();
    removeTemp();
    throw error;
  }

  const streams = new Map<string, Stream>();
  const lock = new Lock();

  function closeStream(stream: Stream): void {
    streams.delete(stream.baton);
    if (stream.timer) clearTimeout(stream.timer);
    if (stream.tx) {
      stream.tx.close(); // rolls back
      stream.tx = null;
    }
    stream.release?.();
    stream.release = null;
  }

  function sqlOf(stream: Stream, holder: { sql?: string; sql_id?: number }): string {
    if (holder.sql !== undefined && holder.sql !== null) return holder.sql;
    const sql = holder.sql_id !== undefined ? stream.sqls.get(holder.sql_id) : undefined;
    if (sql === undefined)
      throw new HranaError(`SQL text ${holder.sql_id} is not stored on this stream`, "SQL_NOT_FOUND");
    return sql;
  }

  /** Runs one statement on the stream's connection, handling transaction control itself. */
  async function execute(stream: Stream, hstmt: HStmt): Promise<HStmtResult> {
    const sql = sqlOf(stream, hstmt);
    const begin = BEGIN.exec(sql);
    if (begin) {
      if (stream.tx) throw new HranaError("cannot start a transaction within a transaction", "SQLITE_ERROR");
      const kind = begin[2] ? "read" : begin[1] && begin[1].toUpperCase() !== "DEFERRED" ? "write" : "deferred";
      stream.tx = await client.transaction(kind);
      return emptyResult();
    }
    if (COMMIT.test(sql) || ROLLBACK.test(sql)) {
      const tx = stream.tx;
      if (!tx)
        throw new HranaError(
          `cannot ${COMMIT.test(sql) ? "commit" : "rollback"} - no transaction is active`,
          "SQLITE_ERROR",
        );
      stream.tx = null;
      if (COMMIT.test(sql)) await tx.commit();
      else await tx.rollback();
      return emptyResult();
    }

    const args: InValue[] | Record<string, InValue> =
      hstmt.named_args && hstmt.named_args.length > 0
        ? Object.fromEntries(hstmt.named_args.map((arg) => [arg.name, valueFromHrana(arg.value)]))
        : (hstmt.args ?? []).map(valueFromHrana);
    const run = (statement: { sql: string; args: typeof args }) =>
      stream.tx ? stream.tx.execute(statement) : client.execute(statement);
    const totalChanges = async () => Number((await run({ sql: "select total_changes()", args: [] })).rows[0]![0]);
    const changesBefore = await totalChanges();
    let result: ResultSet;
    try {
      result = await run({ sql, args });
    } finally {
      // SQLite rolls a transaction back by itself on some errors; the stream is then in autocommit.
      if (stream.tx?.closed) {
        stream.tx.close();
        stream.tx = null;
      }
    }
    let affected = result.rowsAffected;
    let lastRowid = result.lastInsertRowid;
    if (result.columns.length > 0) {
      // The embedded client reports no counts for statements that return rows
      // (`INSERT … RETURNING`); count the connection's changes, as libsql-server does.
      affected = (await totalChanges()) - changesBefore;
      lastRowid =
        affected > 0 ? ((await run({ sql: "select last_insert_rowid()", args: [] })).rows[0]![0] as bigint) : undefined;
    }
    return {
      cols: result.columns.map((name, i) => ({ name, decltype: result.columnTypes[i] || null })),
      rows:
        hstmt.want_rows === false
          ? []
          : result.rows.map((row) => Array.from({ length: row.length }, (_, i) => valueToHrana(row[i]))),
      affected_row_count: affected,
      last_insert_rowid: lastRowid === undefined ? null : lastRowid.toString(),
    };
  }

  /** A batch: each step runs if its condition holds; results and errors are reported per step. */
  async function batch(stream: Stream, hbatch: HBatch) {
    const results: (HStmtResult | null)[] = [];
    const errors: (HError | null)[] = [];
    const holds = (cond: HCond): boolean => {
      switch (cond.type) {
        case "ok":
          return results[cond.step] != null;
        case "error":
          return errors[cond.step] != null;
        case "not":
          return !holds(cond.cond);
        case "and":
          return cond.conds.every(holds);
        case "or":
          return cond.conds.some(holds);
        case "is_autocommit":
          return stream.tx === null;
      }
    };
    for (const step of hbatch.steps) {
      if (step.condition && !holds(step.condition)) {
        results.push(null);
        errors.push(null);
        continue;
      }
      try {
        results.push(await execute(stream, step.stmt));
        errors.push(null);
      } catch (error) {
        results.push(null);
        errors.push(toHError(error));
      }
    }
    return { step_results: results, step_errors: errors };
  }

  async function handleRequest(stream: Stream, request: HRequest): Promise<Record<string, unknown>> {
    switch (request.type) {
      case "execute":
        return { type: "execute", result: await execute(stream, request.stmt) };
      case "batch":
        return { type: "batch", result: await batch(stream, request.batch) };
      case "sequence": {
        const sql = sqlOf(stream, request);
        if (stream.tx) await stream.tx.executeMultiple(sql);
        else await client.executeMultiple(sql);
        return { type: "sequence" };
      }
      case "store_sql":
        stream.sqls.set(request.sql_id, request.sql);
        return { type: "store_sql" };
      case "close_sql":
        stream.sqls.delete(request.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: stream.tx === null };
      case "describe":
        throw new HranaError("describe is not supported by this server");
      case "close":
        closeStream(stream);
        return { type: "close" };
      default:
        throw new HranaError(`Unknown request type ${JSON.stringify((request as { type: unknown }).type)}`);
    }
  }

  /** One HTTP pipeline request: find or open the stream, run the requests in order. */
  async function pipeline(body: { baton?: string | null; requests: HRequest[] }) {
    let stream: Stream;
    if (body.baton) {
      const found = streams.get(body.baton);
      if (!found) throw new HranaError("Stream handle is invalid or has expired", "STREAM_EXPIRED");
      stream = found;
      streams.delete(stream.baton);
    } else {
      stream = { baton: "", sqls: new Map(), tx: null, release: null, timer: null };
    }
    if (stream.timer) clearTimeout(stream.timer);
    const release = stream.release ?? (await lock.acquire());
    stream.release = release;

    const results: Record<string, unknown>[] = [];
    let closed = false;
    try {
      for (const request of body.requests) {
        if (closed) {
          results.push({
            type: "error",
            error: { message: "The stream has already been closed", code: "STREAM_CLOSED" },
          });
          continue;
        }
        try {
          results.push({ type: "ok", response: await handleRequest(stream, request) });
        } catch (error) {
          results.push({ type: "error", error: toHError(error) });
        }
        if (request.type === "close") closed = true;
      }
    } finally {
      if (!closed && stream.tx === null) {
        // In autocommit nothing ties the stream to the connection: let other streams run.
        stream.release = null;
        release();
      }
    }
    if (closed) return { baton: null, base_url: null, results };
    stream.baton = randomUUID();
    streams.set(stream.baton, stream);
    stream.timer = setTimeout(() => closeStream(stream), STREAM_IDLE_MS);
    stream.timer.unref();
    return { baton: stream.baton, base_url: null, results };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && (path === "/v2" || path === "/v3" || path === "/health")) return send(200, {});
    if (req.method !== "POST" || (path !== "/v2/pipeline" && path !== "/v3/pipeline")) {
      return send(404, { message: `Not found: ${req.method} ${path}` });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { baton?: string | null; requests: HRequest[] };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      if (!Array.isArray(body.requests)) throw new Error("`requests` must be an array");
    } catch (error) {
      return send(400, {
        message: `Invalid pipeline request: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    try {
      send(200, await pipeline(body));
    } catch (error) {
      send(400, toHError(error));
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
  } catch (error) {
    client.close();
    removeTemp();
    throw error;
  }
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const stream of [...streams.values()]) closeStream(stream);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      client.close();
      removeTemp();
    },
  };
}
