/**
 * A database file on this machine (ADR 0064): the Node entry's embedded default and the Hrana server
 * that stands in for Turso under `npm run dev:worker`. Embedded libSQL runs every statement on the
 * process's one thread, so a commit's fsyncs stop everything else; in write-ahead-log mode with
 * `synchronous = NORMAL` a commit appends to the log and does not wait for the disk (the log is
 * synced at checkpoints). A committed transaction survives the process crashing; a power loss may
 * lose the last few, never corrupt the file. A remote database (`libsql:`, `http(s):`) is its
 * server's business and is never touched.
 */

/** `file:…` on disk: not an in-memory database, not a remote URL. */
export function isLocalFileUrl(url: string): boolean {
  return url.startsWith("file:") && !url.includes(":memory:");
}

/** How long a write waits for another process's write to the same file (a CLI script, a test's seeding). */
export const BUSY_TIMEOUT_MS = 2_000;

/**
 * Sets the file to write-ahead-log mode (kept in the file) and this connection to
 * `synchronous = NORMAL` and a busy timeout (per connection, hence clients of one connection):
 * without one, a write that meets another process's write lock failed at once (SQLITE_BUSY), a 500
 * for the user; the lock is held for milliseconds. Returns the journal mode.
 */
export async function enableWriteAheadLog(client: {
  execute(sql: string): Promise<{ rows: ArrayLike<Record<string, unknown>> }>;
}): Promise<string> {
  const { rows } = await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA synchronous = NORMAL");
  await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return String(rows[0]?.journal_mode ?? "");
}
