import { lt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { runPositions } from "#db/schema/index.ts";
import { POSITION_RETENTION_DAYS } from "#shared/live-constants.ts";

const RETENTION_MS = POSITION_RETENTION_DAYS * 24 * 60 * 60_000;

/**
 * LO3: positions received more than 30 days ago are deleted (the hourly sweep); one received exactly
 * 30 days ago stays until the next hour. Stop visits and attendance stay: they are the run's record,
 * not a trail of where the bus went.
 */
export async function purgeOldPositions(db: Db, now: Date): Promise<number> {
  const result = await db
    .delete(runPositions)
    .where(lt(runPositions.receivedAt, new Date(now.getTime() - RETENTION_MS)));
  return result.rowsAffected;
}
