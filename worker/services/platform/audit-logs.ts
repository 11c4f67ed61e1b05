import { aliasedTable, and, desc, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "#db/client.ts";
import { auditLogs, parents, schoolAdmins, schools, superAdmins } from "#db/schema/index.ts";
import { AUDIT_PAGE_SIZE } from "#shared/superAdmin.ts";
import { toWellFormedDeep } from "#shared/well-formed.ts";
import { cappedCountUpTo, cappedPageOf, countLimit, pageOffset } from "../_shared/paging.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { Scope } from "../_shared/scope.ts";
import { ftsMatch, ftsRowids, inRange, likePattern, parseSearch, prefixRange, type Search } from "../_shared/search.ts";
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
const decodeText = (value: unknown): string =>
  utf8.decode(value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? value : new Uint8Array());
const textOf = <T extends string | null>(column: SQLiteColumn) =>
  sql`cast(${column} as blob)`.mapWith(decodeText) as SQL<T>;
const jsonOf = (column: SQLiteColumn) =>
  sql`cast(${column} as blob)`.mapWith((value): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(decodeText(value));
      return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
        ? toWellFormedDeep(parsed as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  });
/**
 * Only for filtering inside SQL (never selected): the generated column `subject_email`, the
 * lower-cased e-mail the row's metadata names (null when it is not JSON), indexed for prefixes and
 * by `audit_logs_fts` for substrings (ADR 0018). Not in the Drizzle schema, so no select reads it.
 */
const subjectEmail = sql`${auditLogs}."subject_email"`;

const P = sql.placeholder;

/**
 * The e-mail the event names, or the acting user's (matched in the user tables first, through their
 * indexes). Its values are placeholders: `emailValues` fills them.
 */
function emailFilter(kind: Search["kind"]): SQL {
  if (kind === "prefix") {
    const [low, high] = [P("emailLow"), P("emailHigh")];
    const starts = inRange(sql`"email"`, low, high);
    return sql`(${inRange(subjectEmail, low, high)} or ${auditLogs.userId} in (
      select "id" from "super_admins" where ${starts} union select "id" from "school_admins" where ${starts}
      union select "id" from "parents" where ${starts}))`;
  }
  return sql`(${auditLogs}.rowid in ${ftsRowids("audit_logs_fts", P("emailMatch"))} or ${auditLogs.userId} in (
    select "id" from "super_admins" where "email" like ${P("emailLike")} escape '\\'
    union select "id" from "school_admins" where rowid in ${ftsRowids("school_admins_fts", P("emailColumnMatch"))}
    union select "id" from "parents" where rowid in ${ftsRowids("parents_fts", P("emailMatch"))}))`;
}

function emailValues(search: Search): Record<string, string> {
  if (search.kind === "prefix") {
    const [emailLow, emailHigh] = prefixRange(search.term);
    return { emailLow, emailHigh };
  }
  return {
    emailMatch: ftsMatch(search),
    emailColumnMatch: ftsMatch(search, "email"),
    emailLike: likePattern(search.term),
  };
}

const actorSuper = aliasedTable(superAdmins, "actor_super");
const actorAdmin = aliasedTable(schoolAdmins, "actor_admin");
const actorParent = aliasedTable(parents, "actor_parent");

/** `/super-admin/audit-logs`: filters in SQL, newest first, paginated; the total is capped ("1,000+", ADR 0018). */
export async function listAuditLogs(scope: Scope, input: AuditListInput) {
  return readAuditLogs(scope.deps.db, input, AUDIT_PAGE_SIZE);
}

/** The dashboard's recent activity shows this many entries. */
export const RECENT_ACTIVITY = 5;

/** The dashboard's recent activity: the newest audit rows. */
export async function recentAuditLogs(scope: Scope) {
  return (await readAuditLogs(scope.deps.db, { role: "all", page: 1 }, RECENT_ACTIVITY)).rows;
}

/** Which filters a call has (one prepared statement pair each, ADR 0028), and the values of their placeholders. */
function auditFilters(input: AuditListInput) {
  const search = input.email ? parseSearch(input.email) : null;
  const shape = [
    input.eventType ? "e" : "",
    input.role === "system" ? "s" : input.role === "all" ? "" : "r",
    input.schoolId ? "c" : "",
    input.from ? "f" : "",
    input.to ? "t" : "",
    search ? (search.kind === "prefix" ? "p" : "x") : "",
  ].join("");
  const values: Record<string, unknown> = {
    eventType: input.eventType,
    role: input.role,
    schoolId: input.schoolId,
    from: input.from ? auditLogs.createdAt.mapToDriverValue(new Date(`${input.from}T00:00:00.000Z`)) : undefined,
    to: input.to
      ? auditLogs.createdAt.mapToDriverValue(new Date(new Date(`${input.to}T00:00:00.000Z`).getTime() + DAY_MS))
      : undefined,
    ...(search ? emailValues(search) : {}),
  };
  return { shape, values };
}

/** The conditions of a shape (see `auditFilters`), every value a placeholder. */
function auditWhere(shape: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.includes("e")) conditions.push(eq(auditLogs.eventType, P("eventType")));
  if (shape.includes("s")) conditions.push(isNull(auditLogs.userRole));
  if (shape.includes("r")) conditions.push(eq(auditLogs.userRole, P("role")));
  if (shape.includes("c")) conditions.push(eq(auditLogs.schoolId, P("schoolId")));
  if (shape.includes("f")) conditions.push(gte(auditLogs.createdAt, P("from")));
  if (shape.includes("t")) conditions.push(lt(auditLogs.createdAt, P("to")));
  if (shape.includes("p")) conditions.push(emailFilter("prefix"));
  if (shape.includes("x")) conditions.push(emailFilter("substring"));
  return conditions.length ? and(...conditions) : undefined;
}

const auditStatements = preparedPerShape((db, shape) => {
  const where = auditWhere(shape);
  return {
    rows: db
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
      .limit(P("limit"))
      .offset(P("offset"))
      .prepare(),
    total: cappedCountUpTo(db, auditLogs, where, P("countLimit")).prepare(),
  };
});

async function readAuditLogs(db: Db, input: AuditListInput, pageSize: number) {
  const { shape, values } = auditFilters(input);
  const statements = auditStatements(db, shape);
  const page = {
    limit: pageSize,
    offset: pageOffset(input.page, pageSize),
    countLimit: countLimit(input.page, pageSize),
  };
  const [rows, totals] = await batchPrepared(db, [
    [statements.rows, { ...values, ...page }],
    [statements.total, { ...values, ...page }],
  ]);
  return cappedPageOf(rows.map(withActorEmail), totals[0]?.total ?? 0, input.page, pageSize);
}

/** Who acted: the user's e-mail, or (a failed login, a deleted user) the e-mail the event names. */
function withActorEmail<R extends { accountEmail: string | null; metadata: Record<string, unknown> }>({
  accountEmail,
  ...row
}: R) {
  const named = row.metadata.email;
  return { ...row, userEmail: accountEmail ?? (typeof named === "string" ? named : null) };
}

/**
 * The event types present, for the filter: a loose index scan (one index seek per distinct type,
 * whatever the number of rows), where `select distinct` would read the whole index.
 */
export async function auditEventTypes(scope: Scope): Promise<string[]> {
  const { db } = scope.deps;
  const rows = await db.all<{ event_type: string }>(sql`with recursive types(event_type) as (
      select min("event_type") from "audit_logs"
      union all
      select (select min("event_type") from "audit_logs" where "event_type" > types.event_type) from types where types.event_type is not null
    ) select event_type from types where event_type is not null`);
  return rows.map((row) => row.event_type);
}
