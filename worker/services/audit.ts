import type { SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { insertWhere } from "#db/conditional.ts";
import { auditLogs } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { toWellFormedDeep } from "#shared/well-formed.ts";

/** Where a request came from; recorded with every audit row. */
export type RequestMeta = {
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
};

export const NO_REQUEST: RequestMeta = { ipAddress: null, userAgent: null, requestId: null };

export type AuditEntry = {
  eventType: string;
  description: string;
  userId?: string | null;
  userRole?: RoleValue | null;
  schoolId?: string | null;
  /** Never a password, token, code or other secret. */
  metadata?: Record<string, unknown>;
  at: Date;
};

/**
 * The insert, for use inside a `db.batch` with the change it records (with `onlyIf`: if it happened).
 * Text that may come from a request is made well-formed: the audit views must stay readable whatever
 * a stranger typed.
 */
export function auditInsert(db: Db, entry: AuditEntry, meta: RequestMeta, onlyIf?: SQL) {
  const values = {
    id: crypto.randomUUID(),
    eventType: entry.eventType,
    description: entry.description.toWellFormed(),
    userId: entry.userId ?? null,
    userRole: entry.userRole ?? null,
    schoolId: entry.schoolId ?? null,
    metadata: toWellFormedDeep(entry.metadata ?? {}),
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 512).toWellFormed() ?? null,
    requestId: meta.requestId,
    createdAt: entry.at,
  } satisfies typeof auditLogs.$inferInsert;
  return onlyIf ? insertWhere(db, auditLogs, values, onlyIf) : db.insert(auditLogs).values(values);
}

export async function audit(db: Db, entry: AuditEntry, meta: RequestMeta): Promise<void> {
  await auditInsert(db, entry, meta);
}
