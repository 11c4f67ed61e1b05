import { aliasedTable, and, desc, eq, gt, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { emailLogs, invitations, schoolAdmins, schools, superAdmins } from "#db/schema/index.ts";
import {
  EMAIL_LOG_LIMIT,
  INVITATIONS_PAGE_SIZE,
  type invitationEmailLogsInput,
  type listInvitationsInput,
} from "#shared/invitations.ts";
import { said } from "#shared/said.ts";
import { cappedCountUpTo, cappedPageOf, countLimit, pageOffset } from "../_shared/paging.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { Scope } from "../_shared/scope.ts";
import {
  ftsMatch,
  ftsRowids,
  ftsSelect,
  inRange,
  likePattern,
  parseSearch,
  prefixRange,
  type Search,
} from "../_shared/search.ts";
import { AppError } from "../errors.ts";
import { invitedName } from "./shared.ts";

const inviterSuper = aliasedTable(superAdmins, "inviter_super");
const inviterAdmin = aliasedTable(schoolAdmins, "inviter_admin");
const inviterName = sql<string | null>`coalesce(${inviterSuper.name}, ${inviterAdmin.name})`;

/** Invitations with their school and whoever invited (a super admin or a school admin). */
function withNames<T extends SQLiteSelect>(query: T) {
  return query
    .leftJoin(schools, eq(schools.id, invitations.schoolId))
    .leftJoin(
      inviterSuper,
      and(eq(invitations.invitedByRole, "super_admin"), eq(inviterSuper.id, invitations.invitedBy)),
    )
    .leftJoin(
      inviterAdmin,
      and(eq(invitations.invitedByRole, "school_admin"), eq(inviterAdmin.id, invitations.invitedBy)),
    );
}

const P = sql.placeholder;

/**
 * Recipient e-mail, school name or inviter name, as one set of invitation rowids: each part reads
 * an index (trigram indexes; a 1–2 character term: the start of the e-mail or school name), and the
 * `cross join`s make SQLite go from the few matching schools or inviters to their invitations
 * rather than walk every invitation (ADR 0018). The count needs no join. Values are placeholders
 * (`searchValues` fills them).
 */
function invitationSearch(kind: Search["kind"]): SQL {
  const ofSchools = (schoolIds: SQL) =>
    sql`select i.rowid from (${schoolIds}) m cross join "invitations" i on i."school_id" = m."id"`;
  if (kind === "prefix") {
    const [low, high] = [P("low"), P("high")];
    return sql`${invitations}.rowid in (select rowid from "invitations" where ${inRange(sql`"email"`, low, high)}
      union all ${ofSchools(sql`select "id" from "schools" where ${inRange(sql`lower("name")`, low, high)}`)})`;
  }
  const inviters = sql`select "id" from "super_admins" where lower("name") like ${P("like")} escape '\\'
    union select "id" from "school_admins" where rowid in ${ftsRowids("school_admins_fts", P("nameMatch"))}`;
  return sql`${invitations}.rowid in (${ftsSelect("invitations_fts", P("match"))}
    union all ${ofSchools(sql`select "id" from "schools" where rowid in ${ftsRowids("schools_fts", P("nameMatch"))}`)}
    union all select i.rowid from (${inviters}) m cross join "invitations" i on i."invited_by" = m."id")`;
}

function searchValues(search: Search): Record<string, string> {
  if (search.kind === "prefix") {
    const [low, high] = prefixRange(search.term);
    return { low, high };
  }
  return { match: ftsMatch(search), nameMatch: ftsMatch(search, "name"), like: likePattern(search.term) };
}

export type ListInvitationsInput = z.infer<typeof listInvitationsInput>;

/** The filters' conditions for a shape (`role|status|search kind`), every value a placeholder. */
function invitationConditions(shape: string): SQL | undefined {
  const [role, status, search] = shape.split("|");
  const now = P("now");
  const conditions: SQL[] = [];
  if (role !== "all") conditions.push(eq(invitations.role, P("role")));
  // "Expired" includes pending invitations past their expiry that the hourly sweep has not marked yet.
  if (status === "pending") conditions.push(and(eq(invitations.status, "pending"), gt(invitations.expiresAt, now))!);
  else if (status === "expired")
    conditions.push(
      or(eq(invitations.status, "expired"), and(eq(invitations.status, "pending"), lte(invitations.expiresAt, now)))!,
    );
  else if (status !== "all") conditions.push(eq(invitations.status, P("status")));
  if (search === "prefix" || search === "substring") conditions.push(invitationSearch(search));
  return conditions.length ? and(...conditions) : undefined;
}

const invitationListStatements = preparedPerShape((db, shape) => {
  const where = invitationConditions(shape);
  return {
    rows: withNames(
      db.select({ invitation: invitations, schoolName: schools.name, inviterName }).from(invitations).$dynamic(),
    )
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(P("limit"))
      .offset(P("offset"))
      .prepare(),
    total: cappedCountUpTo(db, invitations, where, P("countLimit")).prepare(),
  };
});

/** Invitations Management: search by recipient, school or inviter; status and role filters; newest first. */
export async function listInvitations(scope: Scope, input: ListInvitationsInput) {
  const { deps, now } = scope;
  const search = input.search ? parseSearch(input.search) : null;
  const shape = `${input.role === "all" ? "all" : "role"}|${input.status}|${search?.kind ?? "none"}`;
  const statements = invitationListStatements(deps.db, shape);
  const values = {
    role: input.role,
    status: input.status,
    now: invitations.expiresAt.mapToDriverValue(now),
    ...(search ? searchValues(search) : {}),
    limit: INVITATIONS_PAGE_SIZE,
    offset: pageOffset(input.page, INVITATIONS_PAGE_SIZE),
    countLimit: countLimit(input.page, INVITATIONS_PAGE_SIZE),
  };
  const [rows, totals] = await batchPrepared(deps.db, [
    [statements.rows, values],
    [statements.total, values],
  ]);
  return cappedPageOf(
    rows.map(({ invitation, schoolName, inviterName: inviter }) => ({
      id: invitation.id,
      email: invitation.email,
      name: invitedName(invitation.metadata),
      role: invitation.role,
      schoolId: invitation.schoolId,
      schoolName,
      status: invitation.status,
      expired:
        invitation.status === "expired" ||
        (invitation.status === "pending" && invitation.expiresAt.getTime() <= now.getTime()),
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      createdAt: invitation.createdAt,
      inviterName: inviter,
    })),
    totals[0]?.total ?? 0,
    input.page,
    INVITATIONS_PAGE_SIZE,
  );
}

const INVITATION_EMAIL_TYPES = ["school_admin_invite", "parent_invite", "invite_reminder", "invite_notice"] as const;

/** The e-mail logs modal: the invitation, then the delivery history of its recipient. */
export async function invitationEmailLogs(scope: Scope, input: z.infer<typeof invitationEmailLogsInput>) {
  const { db } = scope.deps;
  const { inviteId } = input;
  const [row] = await withNames(
    db.select({ invitation: invitations, schoolName: schools.name, inviterName }).from(invitations).$dynamic(),
  ).where(eq(invitations.id, inviteId));
  if (!row) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Invitation not found" }));
  const logs = await db
    .select({
      id: emailLogs.id,
      subject: emailLogs.subject,
      emailType: emailLogs.emailType,
      status: emailLogs.status,
      createdAt: emailLogs.createdAt,
      sentAt: emailLogs.sentAt,
      providerMessageId: emailLogs.providerMessageId,
      deliveredAt: emailLogs.deliveredAt,
      bouncedAt: emailLogs.bouncedAt,
      errorMessage: emailLogs.errorMessage,
    })
    .from(emailLogs)
    .where(
      and(
        eq(emailLogs.recipientEmail, row.invitation.email),
        inArray(emailLogs.emailType, [...INVITATION_EMAIL_TYPES]),
      ),
    )
    .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
    .limit(EMAIL_LOG_LIMIT);
  return {
    invitation: {
      role: row.invitation.role,
      schoolName: row.schoolName,
      status: row.invitation.status,
      inviterName: row.inviterName,
    },
    logs,
  };
}
