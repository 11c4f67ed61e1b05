import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema> & { $client: Client };

export const DEFAULT_DATABASE_URL = "file:.data/schoolride.db";

export type DatabaseOptions = {
  /** `file:…` for the embedded default, `libsql://…` (or `https://…`) for Turso. */
  url?: string | undefined;
  authToken?: string | undefined;
  /**
   * The embedded engine's connections at most (default 20). One for a local file whose settings are
   * per connection (ADR 0064): every statement then runs on the connection that was set.
   */
  connections?: number;
  /** Wraps the raw client before Drizzle sees it (tests and the bench count round trips this way). */
  wrapClient?: (client: Client) => Client;
};

/**
 * The one place a database client is made. `@libsql/client` resolves to its HTTP-only build in
 * workerd and to the embedded engine in Node, so the same call serves both entries, with no layer
 * of its own on either (ADR 0043).
 */
export function createDatabase(options: DatabaseOptions = {}): Db {
  const url = options.url || DEFAULT_DATABASE_URL;
  const raw = createClient({
    url,
    ...(options.authToken ? { authToken: options.authToken } : {}),
    ...(options.connections ? { concurrency: options.connections } : {}),
  });
  const client = options.wrapClient ? options.wrapClient(raw) : raw;
  return drizzle(client, { schema }) as Db;
}
