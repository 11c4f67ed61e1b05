/**
 * Reads through statements prepared once (ADR 0033): the embedded database's client answers what
 * `@libsql/client` answers, prepares a select once, and leaves to the client every write and every
 * read it cannot answer itself, so behaviour and errors stay the client's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient, type InStatement } from "@libsql/client";
import { sql } from "drizzle-orm";
import Database from "libsql";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabase, type Db } from "../../db/client.ts";
import { embeddedPath } from "../../db/fast-reads.ts";

let dir: string;
let url: string;
let db: Db;
let stock: Client;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "schoolride-fast-reads-"));
  url = `file:${join(dir, "test.db")}`;
  db = createDatabase({ url });
  stock = createClient({ url });
  await stock.executeMultiple(`
    create table t (id integer primary key, name text not null unique, score real, data blob, note text);
    insert into t (id, name, score, data, note) values (1, 'a', 1.5, x'0102', null), (2, 'b', -2, null, 'x.y');
  `);
});

afterEach(() => {
  db.$client.close();
  stock.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A result as a caller sees it: columns, types, each row by index, by name and as JSON. */
const seen = (result: Awaited<ReturnType<Client["execute"]>>) => ({
  columns: result.columns,
  columnTypes: result.columnTypes,
  rowsAffected: result.rowsAffected,
  lastInsertRowid: result.lastInsertRowid,
  byIndex: result.rows.map((row) => Array.from(row)),
  byName: result.rows.map((row) => ({ ...row })),
  keys: result.rows.map((row) => Object.keys(row)),
  json: JSON.stringify(result.rows),
});

describe("reads through statements prepared once (ADR 0033)", () => {
  it("a select answers what @libsql/client answers: values by index and by name, duplicate names, blobs, reals, nulls", async () => {
    const statements: InStatement[] = [
      "select * from t order by id",
      { sql: "select id, name as id, score, data, note, 7 as length, 'c' as \"constructor\" from t where id >= ? order by id", args: [1] },
      { sql: "select count(*) as total, max(score) as top from t where name in (?, ?)", args: ["a", "zz"] },
      { sql: "select name from t where id = :id", args: { ":id": 2 } },
      { sql: "select name from t where id = ?", args: [99] },
      { sql: "select ? as yes, ? as day", args: [true, new Date(86_400_000)] },
    ];
    for (const statement of statements) {
      expect(seen(await db.$client.execute(statement))).toEqual(seen(await stock.execute(statement)));
    }
    const [row] = (await db.$client.execute("select data, 9007199254740991 as big from t where id = 1")).rows;
    expect(row!.data).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(row!.data as ArrayBuffer)).toEqual(new Uint8Array([1, 2]));
    expect(row!.big).toBe(Number.MAX_SAFE_INTEGER);
    expect(row!.length).toBe(2);
  });

  it("prepares a select once, where @libsql/client prepares it on every call", async () => {
    const prepare = vi.spyOn(Database.prototype, "prepare");
    try {
      for (let i = 0; i < 5; i++) await db.$client.execute({ sql: "select name from t where id = ?", args: [1 + (i % 2)] });
      expect(prepare.mock.calls.filter(([sql]) => sql === "select name from t where id = ?")).toHaveLength(1);
      prepare.mockClear();
      for (let i = 0; i < 5; i++) await stock.execute({ sql: "select name from t where id = ?", args: [1] });
      expect(prepare.mock.calls.filter(([sql]) => sql === "select name from t where id = ?")).toHaveLength(5);
    } finally {
      prepare.mockRestore();
    }
  });

  it("a batch of reads answers as the client's; a batch with a write is the client's, all or nothing", async () => {
    const reads: InStatement[] = ["select count(*) as n from t", { sql: "select name from t where id = ?", args: [2] }];
    expect((await db.$client.batch(reads)).map(seen)).toEqual((await stock.batch(reads)).map(seen));
    const failing = db.$client.batch([
      { sql: "insert into t (id, name) values (?, ?)", args: [3, "c"] },
      "select count(*) as n from t",
      "insert into t (id, name) values (4, 'a')",
    ]);
    await expect(failing).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    expect((await db.$client.execute("select count(*) as n from t")).rows[0]!.n).toBe(2);
  });

  it("writes go to the client, and the next read sees them; insert … returning is a write", async () => {
    const inserted = await db.$client.execute({ sql: "insert into t (id, name) values (?, ?) returning id, name", args: [5, "e"] });
    expect(seen(inserted).byName).toEqual([{ id: 5, name: "e" }]);
    await db.$client.execute({ sql: "update t set name = ? where id = ?", args: ["f", 5] });
    expect((await db.$client.execute({ sql: "select name from t where id = ?", args: [5] })).rows[0]!.name).toBe("f");
    await db.$client.execute({ sql: "delete from t where id = ?", args: [5] });
    expect((await db.$client.execute({ sql: "select name from t where id = ?", args: [5] })).rows).toEqual([]);
  });

  it("what it cannot answer, the client answers, with the client's own errors", async () => {
    const errorOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: Error) => ({ name: error.name, message: error.message, code: (error as { code?: string }).code }),
      );
    const cases: InStatement[] = [
      "select 9007199254740993 as big",
      { sql: "select ? as v", args: [undefined as never] },
      { sql: "select ? as v", args: [Number.NaN] },
      "select * from missing_table",
      "selec 1",
    ];
    for (const statement of cases) {
      const ours = await errorOf(db.$client.execute(statement));
      expect(ours).not.toBeNull();
      expect(ours).toEqual(await errorOf(stock.execute(statement)));
    }
  });

  it("a select that failed (its table not there yet) reads through the cache once the table exists", async () => {
    const select = "select count(*) as n from later";
    await expect(db.$client.execute(select)).rejects.toMatchObject({ code: "SQLITE_ERROR" });
    await stock.execute("create table later (id integer primary key)");
    const prepare = vi.spyOn(Database.prototype, "prepare");
    try {
      for (let i = 0; i < 3; i++) expect((await db.$client.execute(select)).rows[0]!.n).toBe(0);
      expect(prepare.mock.calls.filter(([sql]) => sql === select)).toHaveLength(1);
    } finally {
      prepare.mockRestore();
    }
  });

  it("a property set on the client later (a test's spy) takes the place of its own", async () => {
    const calls: string[] = [];
    const execute = db.$client.execute.bind(db.$client);
    db.$client.execute = ((statement: InStatement) => {
      calls.push(typeof statement === "string" ? statement : statement.sql);
      return execute(statement);
    }) as typeof db.$client.execute;
    // Drizzle reads the client's `execute` at each call, so it goes through the spy.
    expect(await db.all(sql`select name from t order by id`)).toEqual([{ name: "a" }, { name: "b" }]);
    expect(calls).toEqual(["select name from t order by id"]);
  });

  it("takes only plain files: in-memory databases and URLs with options stay the client's alone", () => {
    expect(embeddedPath("file:.data/x.db")).toBe(".data/x.db");
    expect(embeddedPath("file:/tmp/a%20b.db")).toBe("/tmp/a b.db");
    expect(embeddedPath("file:///tmp/a.db")).toBe("/tmp/a.db");
    for (const other of ["file::memory:", "file:x.db?mode=ro", "file://host/x.db", "libsql://db.turso.io", "https://db.example", ":memory:", "file:bad%zz.db"]) {
      expect(embeddedPath(other)).toBeNull();
    }
  });
});
