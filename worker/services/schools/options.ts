import { and, asc, eq, sql } from "drizzle-orm";
import { schools } from "#db/schema/index.ts";
import type { Scope } from "../_shared/scope.ts";
import { ftsRowids, inPrefixRange, parseSearch } from "../_shared/search.ts";

export const SCHOOL_OPTIONS_LIMIT = 50;

/** Active schools for a picker, by name, searched in SQL through the trigram index (the platform may hold thousands). */
export async function schoolOptions(scope: Scope, input: { search?: string | undefined }) {
  const { db } = scope.deps;
  const search = input.search ? parseSearch(input.search) : null;
  const conditions = [eq(schools.isActive, true)];
  if (search?.kind === "substring")
    conditions.push(sql`${schools}.rowid in ${ftsRowids("schools_fts", search, "name")}`);
  if (search?.kind === "prefix") conditions.push(inPrefixRange(sql`lower(${schools.name})`, search.term));
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(...conditions))
    .orderBy(asc(schools.name), asc(schools.id))
    .limit(SCHOOL_OPTIONS_LIMIT);
}
