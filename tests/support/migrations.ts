import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS_FOLDER } from "#db/migrate.ts";

/**
 * A copy (in `dir`) of the migrations folder as it was before the migration whose tag ends with
 * `tagSuffix`, to test that a migration backfills the rows a production database already has.
 */
export function migrationsBefore(dir: string, tagSuffix: string): string {
  const folder = join(dir, "migrations");
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  if (cut <= 0) throw new Error(`no migration before one tagged *${tagSuffix}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}
