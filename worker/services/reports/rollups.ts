import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  reportAbsences,
  reportChildMonths,
  reportDirtyRuns,
  reportRunStops,
  reportRuns,
  reportStopMonths,
  trips,
} from "#db/schema/index.ts";

/**
 * The reports' rollups of a school rebuilt from the raw rows (ADR 0071): its rows are deleted, then
 * every closed route run goes through `report_dirty_runs`, whose trigger computes each run's rows by
 * the same rule that keeps them as runs close; the monthly rollups (ADR 0074) follow the per-run
 * rows through their own triggers (deleted first, so the per-run rows' deletion has nothing to take
 * away from). One batch: readers see the old rows or the new.
 */
export async function rebuildReportRollups(db: Db, schoolId: string): Promise<void> {
  await db.batch([
    db.delete(reportChildMonths).where(eq(reportChildMonths.schoolId, schoolId)),
    db.delete(reportStopMonths).where(eq(reportStopMonths.schoolId, schoolId)),
    db.delete(reportAbsences).where(eq(reportAbsences.schoolId, schoolId)),
    db.delete(reportRunStops).where(eq(reportRunStops.schoolId, schoolId)),
    db.delete(reportRuns).where(eq(reportRuns.schoolId, schoolId)),
    db
      .insert(reportDirtyRuns)
      .select(
        db
          .select({ runId: trips.id })
          .from(trips)
          .where(
            and(
              eq(trips.schoolId, schoolId),
              isNotNull(trips.routeId),
              isNotNull(trips.serviceDate),
              inArray(trips.status, ["completed", "cancelled"]),
            ),
          ),
      )
      .onConflictDoNothing(),
  ]);
}
