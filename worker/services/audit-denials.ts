import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { auditLogs } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { auditInsert, type RequestMeta } from "./audit.ts";

/** At most one `authorization_denied` row per user and procedure in this window (flood cap). */
export const DENIAL_AUDIT_WINDOW_MS = 60_000;

export type Denial = {
  path: string;
  code: "FORBIDDEN" | "NOT_FOUND";
  userId: string;
  role: RoleValue;
  schoolId: string | null;
};

/**
 * LG1: records that a signed-in user's call ended in FORBIDDEN or NOT_FOUND: the procedure, the
 * code, the role and school, never the input. One statement, skipped when the same user already
 * has a row for the same procedure within the window, so a script cannot flood the log.
 */
export async function recordAuthorizationDenial(db: Db, denial: Denial, meta: RequestMeta, now: Date): Promise<void> {
  const since = now.getTime() - DENIAL_AUDIT_WINDOW_MS;
  await auditInsert(
    db,
    {
      eventType: "authorization_denied",
      description: `Denied ${denial.path} (${denial.code})`,
      userId: denial.userId,
      userRole: denial.role,
      schoolId: denial.schoolId,
      metadata: { path: denial.path, code: denial.code },
      at: now,
    },
    meta,
    sql`not exists (select 1 from ${auditLogs} where ${auditLogs.eventType} = 'authorization_denied' and ${auditLogs.userId} = ${denial.userId}
      and ${auditLogs.createdAt} > ${since} and json_extract(${auditLogs.metadata}, '$.path') = ${denial.path})`,
  );
}
