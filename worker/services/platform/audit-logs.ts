import { aliasedTable, and, count, desc, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { AUDIT_PAGE_SIZE } from "#shared/superAdmin.ts";
import { toWellFormedDeep } from "#shared/well-formed.ts";
import type { Db } from "../../../db/client.ts";
import { auditLogs, parents, schoolAdmins, schools, superAdmins } from "../../../db/schema/index.ts";
import { pageOffset } from "../_shared/paging.ts";
import type { Scope } from "../_shared/scope.ts";
import { likePattern } from "../_shared/search.ts";
import { DAY_MS } from "../_shared/time.ts";

export type AuditListInput = {
  eventType?: string | undefined;
  role: "all" | "super_admin" | "school_admin" | "parent" | "system";
  schoolId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  email?: string | undefined;
  page: number;
};

/*
 * Audit rows hold text a stranger typed (a failed login's e-mail). The views never let SQLite hand
 * such text to the driver as TEXT: free-text columns are read as bytes and decoded here (bytes that
 * are not UTF-8 become U+FFFD), and JSON is only unpacked in JavaScript. `json_extract` would turn an
 * old row's `"\ud800"` escape into invalid UTF-8, on which the embedded libSQL driver aborts.
 */
const utf8 = new TextDecoder();
const decodeText = (value: unknown): string => utf8.decode(value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? value : new Uint8Array());
const textOf = <T extends string | null>(column: SQLiteColumn) => sql`cast(${column} as blob)`.mapWith(decodeText) as SQL<T>;
const jsonOf = (column: SQLiteColumn) =>
  sql`cast(${column} as blob)`.mapWith((value): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(decodeText(value));
      return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? toWellFormedDeep(parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  });
/** Only for filtering inside SQL (never selected); null for a row whose metadata is not JSON. */
const auditEmail = sql<string | null>`(case when json_valid(${auditLogs.metadata}) then json_extract(${auditLogs.metadata}, '$.email') end)`;
const actorSuper = aliasedTable(superAdmins, "actor_super");
const actorAdmin = aliasedTable(schoolAdmins, "actor_admin");
const actorParent = aliasedTable(parents, "actor_parent");

/** `/super-admin/audit-logs`: filters in SQL, newest first, paginated. */
export async function listAuditLogs(scope: Scope, input: AuditListInput) {
  return readAuditLogs(scope.deps.db, input, AUDIT_PAGE_SIZE);
}

/** The dashboard's recent activity shows this many entries. */
export const RECENT_ACTIVITY = 5;

/** The dashboard's recent activity: the newest audit rows. */
export async function recentAuditLogs(scope: Scope) {
  return (await readAuditLogs(scope.deps.db, { role: "all", page: 1 }, RECENT_ACTIVITY)).rows;
}

async function readAuditLogs(db: Db, input: AuditListInput, pageSize: number) {
  const conditions: SQL[] = [];
  if (input.eventType) conditions.push(eq(auditLogs.eventType, input.eventType));
  if (input.role === "system") conditions.push(isNull(auditLogs.userRole));
  else if (input.role !== "all") conditions.push(eq(auditLogs.userRole, input.role));
  if (input.schoolId) conditions.push(eq(auditLogs.schoolId, input.schoolId));
  if (input.from) conditions.push(gte(auditLogs.createdAt, new Date(`${input.from}T00:00:00.000Z`)));
  if (input.to) conditions.push(lt(auditLogs.createdAt, new Date(new Date(`${input.to}T00:00:00.000Z`).getTime() + DAY_MS)));
  if (input.email) {
    // The e-mail the event names, or the acting user's (matched in the small user tables first).
    const pattern = likePattern(input.email.toLowerCase());
    conditions.push(
      sql`(lower(${auditEmail}) like ${pattern} escape '\\' or ${auditLogs.userId} in (
        select "id" from "super_admins" where "email" like ${pattern} escape '\\'
        union select "id" from "school_admins" where "email" like ${pattern} escape '\\'
        union select "id" from "parents" where "email" like ${pattern} escape '\\'))`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await db.batch([
    db
      .select({
        id: auditLogs.id,
        eventType: auditLogs.eventType,
        description: textOf<string>(auditLogs.description),
        userId: auditLogs.userId,
        userRole: auditLogs.userRole,
        accountEmail: sql<string | null>`coalesce(${actorSuper.email}, ${actorAdmin.email}, ${actorParent.email})`,
        schoolId: auditLogs.schoolId,
        schoolName: schools.name,
        ipAddress: textOf<string | null>(auditLogs.ipAddress),
        userAgent: textOf<string | null>(auditLogs.userAgent),
        metadata: jsonOf(auditLogs.metadata),
        createdAt: auditLogs.createdAt,
      })
      .from(auditLogs)
      .leftJoin(schools, eq(schools.id, auditLogs.schoolId))
      .leftJoin(actorSuper, and(eq(auditLogs.userRole, "super_admin"), eq(actorSuper.id, auditLogs.userId)))
      .leftJoin(actorAdmin, and(eq(auditLogs.userRole, "school_admin"), eq(actorAdmin.id, auditLogs.userId)))
      .leftJoin(actorParent, and(eq(auditLogs.userRole, "parent"), eq(actorParent.id, auditLogs.userId)))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(sql`${auditLogs}.rowid`))
      .limit(pageSize)
      .offset(pageOffset(input.page, pageSize)),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return { rows: rows.map(withActorEmail), total, page: input.page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Who acted: the user's e-mail, or (a failed login, a deleted user) the e-mail the event names. */
function withActorEmail<R extends { accountEmail: string | null; metadata: Record<string, unknown> }>({ accountEmail, ...row }: R) {
  const named = row.metadata.email;
  return { ...row, userEmail: accountEmail ?? (typeof named === "string" ? named : null) };
}

/** The event types present, for the filter. */
export async function auditEventTypes(scope: Scope): Promise<string[]> {
  const { db } = scope.deps;
  const rows = await db.selectDistinct({ eventType: auditLogs.eventType }).from(auditLogs).orderBy(auditLogs.eventType);
  return rows.map((row) => row.eventType);
}
