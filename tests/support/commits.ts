import { createClient } from "@libsql/client";
import type { Db } from "#db/client.ts";

/**
 * A connection of its own to a test database file: its `data_version` moves whenever another
 * connection (the app's) commits a change, so a test can say "this request changed nothing".
 */
export async function watchCommits(db: Db) {
  const [main] = (await db.$client.execute("pragma database_list")).rows;
  const observer = createClient({ url: `file:${String(main!.file)}` });
  return {
    version: async () => Number((await observer.execute("pragma data_version")).rows[0]!.data_version),
    close: () => observer.close(),
  };
}

export type CommitWatcher = Awaited<ReturnType<typeof watchCommits>>;
