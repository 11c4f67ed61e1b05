/**
 * ADR 0064: a database file on this machine runs in write-ahead-log mode with synchronous=NORMAL,
 * on a client of one connection (the setting is per connection); a remote URL is never touched.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { BUSY_TIMEOUT_MS, isLocalFileUrl } from "#db/local-file.ts";
import { startNodeServer } from "#worker/node.ts";
import { startHranaServer } from "../../scripts/hrana/server.ts";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe("a local database file (ADR 0064)", () => {
  it("is a file: URL on disk, never an in-memory database or a remote URL", () => {
    expect(isLocalFileUrl("file:.data/schoolride.db")).toBe(true);
    expect(isLocalFileUrl("file:///tmp/x.db")).toBe(true);
    expect(isLocalFileUrl("file::memory:")).toBe(false);
    expect(isLocalFileUrl(":memory:")).toBe(false);
    expect(isLocalFileUrl("libsql://school.turso.io")).toBe(false);
    expect(isLocalFileUrl("https://school.turso.io")).toBe(false);
    expect(isLocalFileUrl("http://127.0.0.1:8080")).toBe(false);
  });

  it("the Node entry's: WAL in the file, synchronous=NORMAL on every statement, however many run at once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "schoolride-local-file-"));
    const file = join(dir, "node.db");
    const server = await startNodeServer({
      PORT: String(await freePort()),
      DATABASE_URL: `file:${file}`,
      APP_ENV: "local",
      DEMO_SIMULATION: "off",
    });
    const other = createClient({ url: `file:${file}` });
    try {
      const client = server.deps.db.$client;
      // Twenty at once would open twenty connections on a pool; on one they all read NORMAL (1).
      const answers = await Promise.all(Array.from({ length: 20 }, () => client.execute("PRAGMA synchronous")));
      expect(answers.map((answer) => Number(answer.rows[0]!.synchronous))).toEqual(Array(20).fill(1));
      // Kept in the file: another connection finds WAL, and reads what the entry committed.
      expect((await other.execute("PRAGMA journal_mode")).rows[0]!.journal_mode).toBe("wal");
      await client.execute("create table probe (id integer primary key)");
      await client.execute("insert into probe (id) values (7)");
      expect((await other.execute("select id from probe")).rows.map((row) => Number(row.id))).toEqual([7]);
      // Another process's write (a CLI script, a test seeding) holds the lock for milliseconds: the
      // entry's write waits for it (up to BUSY_TIMEOUT_MS) instead of failing at once with SQLITE_BUSY.
      expect(Number((await client.execute("PRAGMA busy_timeout")).rows[0]!.timeout)).toBe(BUSY_TIMEOUT_MS);
    } finally {
      other.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the Hrana server's (npm run dev:worker, the workerd suites): WAL too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "schoolride-local-file-"));
    const file = join(dir, "hrana.db");
    const server = await startHranaServer({ file });
    const other = createClient({ url: `file:${file}` });
    try {
      expect((await other.execute("PRAGMA journal_mode")).rows[0]!.journal_mode).toBe("wal");
    } finally {
      other.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
