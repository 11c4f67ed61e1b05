import { lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { insertWhere } from "#db/conditional.ts";
import { auditLogPurges, auditLogs, payments } from "#db/schema/index.ts";

/** GD1: audit rows are kept 3 years, payment records 7 years (legal retention), then deleted. */
export const AUDIT_RETENTION_YEARS = 3;
export const PAYMENT_RETENTION_YEARS = 7;

/** The same instant `years` calendar years earlier (UTC), as SQLite's `'-N years'` modifier counts. */
export function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

/**
 * Deletes audit rows created strictly before now − 3 years, through the only path the triggers
 * allow (ADR 0011): a purge marker with that cutoff, then the delete, in one batch. The marker is
 * written only when there is something to delete. The triggers check the cutoff against the
 * database's real clock, so `now` may lag behind it (tests' fixed clock) but not run ahead.
 */
export async function purgeOldAuditLogs(db: Db, now: Date): Promise<number> {
  const cutoff = yearsBefore(now, AUDIT_RETENTION_YEARS);
  const [, deleted] = await db.batch([
    insertWhere(
      db,
      auditLogPurges,
      { cutoff, createdAt: now },
      sql`exists (select 1 from ${auditLogs} where ${auditLogs.createdAt} < ${cutoff.getTime()})`,
    ),
    db.delete(auditLogs).where(lt(auditLogs.createdAt, cutoff)),
  ]);
  return deleted.rowsAffected;
}

/** Deletes payment records created strictly before now − 7 years. */
export async function purgeOldPayments(db: Db, now: Date): Promise<number> {
  const result = await db.delete(payments).where(lt(payments.createdAt, yearsBefore(now, PAYMENT_RETENTION_YEARS)));
  return result.rowsAffected;
}
