import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createDatabase, type Db, DEFAULT_DATABASE_URL } from "./client.ts";

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), "../migrations");

/** Makes sure the folder of an embedded `file:` database exists. */
export function ensureDatabaseDir(url: string): void {
  if (!url.startsWith("file:")) return;
  const path = url.slice("file:".length);
  if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
}

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (Turso in production).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  ensureDatabaseDir(url);
  const db = createDatabase({ url, authToken: process.env.DATABASE_AUTH_TOKEN });
  await applyMigrations(db);
  console.log(`Migrations applied to ${url.replace(/\?.*$/, "")}`);
  db.$client.close();
}
