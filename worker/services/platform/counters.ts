import type { Db } from "#db/client.ts";
import { PLATFORM_COUNTERS, type PlatformCounter, platformCounters } from "#db/schema/index.ts";

/**
 * The platform counters (ADR 0018): one small read, whatever the number of schools. Triggers keep
 * them in the same statement as every write to schools, school_admins and parents.
 */
export function countersQuery(db: Db) {
  return db.select({ key: platformCounters.key, value: platformCounters.value }).from(platformCounters);
}

export function countersOf(rows: { key: PlatformCounter; value: number }[]): Record<PlatformCounter, number> {
  const counters = Object.fromEntries(PLATFORM_COUNTERS.map((key) => [key, 0])) as Record<PlatformCounter, number>;
  for (const row of rows) counters[row.key] = row.value;
  return counters;
}
