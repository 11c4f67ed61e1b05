import { aliasedTable, and, desc, eq, gt, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { EMAIL_LOG_LIMIT, INVITES_PAGE_SIZE } from "#shared/superAdmin.ts";
import { emailLogs, invitations, schoolAdmins, schools, superAdmins } from "../../../db/schema/index.ts";
import { cappedCount, cappedPageOf, pageOffset } from "../_shared/paging.ts";
import type { Scope } from "../_shared/scope.ts";
import { ftsRowids, ftsSelect, inPrefixRange, likePattern, parseSearch } from "../_shared/search.ts";
import { AppError } from "../errors.ts";
import { invitedName } from "../invitations/shared.ts";

const inviterSuper = aliasedTable(superAdmins, "inviter_super");
const inviterAdmin = aliasedTable(schoolAdmins, "inviter_admin");
const inviterName = sql<string | null>`coalesce(${inviterSuper.name}, ${inviterAdmin.name})`;

/** Invitations with their school and whoever invited (a super admin or a school admin). */
function withNames<T extends SQLiteSelect>(query: T) {
  return query
    .leftJoin(schools, eq(schools.id, invitations.schoolId))
    .leftJoin(inviterSuper, and(eq(invitations.invitedByRole, "super_admin"), eq(inviterSuper.id, invitations.invitedBy)))
    .leftJoin(inviterAdmin, and(eq(invitations.invitedByRole, "school_admin"), eq(inviterAdmin.id, invitations.invitedBy)));
}

/**
 * Recipient e-mail, school name or inviter name, as one set of invitation rowids: each part reads
 * an index (trigram indexes; a 1–2 character term: the start of the e-mail or school name), and the
 * `cross join`s make SQLite go from the few matching schools or inviters to their invitations
 * rather than walk every invitation (ADR 0018). The count needs no join.
 */
function invitationSearch(raw: string): SQL {
  const search = parseSearch(raw);
  const ofSchools = (schoolIds: SQL) => sql`select i.rowid from (${schoolIds}) m cross join "invitations" i on i."school_id" = m."id"`;
  if (search.kind === "prefix") {
    return sql`${invitations}.rowid in (select rowid from "invitations" where ${inPrefixRange(sql`"email"`, search.term)}
      union all ${ofSchools(sql`select "id" from "schools" where ${inPrefixRange(sql`lower("name")`, search.term)}`)})`;
  }
  const inviters = sql`select "id" from "super_admins" where lower("name") like ${likePattern(search.term)} escape '\\'
    union select "id" from "school_admins" where rowid in ${ftsRowids("school_admins_fts", search, "name")}`;
  return sql`${invitations}.rowid in (${ftsSelect("invitations_fts", search)}
    union all ${ofSchools(sql`select "id" from "schools" where rowid in ${ftsRowids("schools_fts", search, "name")}`)}
    union all select i.rowid from (${inviters}) m cross join "invitations" i on i."invited_by" = m."id")`;
}

export type InviteListInput = {
  search?: string | undefined;
  status: "all" | "pending" | "accepted" | "expired" | "revoked";
  role: "all" | "school_admin" | "parent";
  page: number;
};

/** Invitations Management: search by recipient, school or inviter; status and role filters; newest first. */
export async function listInvitations(scope: Scope, input: InviteListInput) {
  const { deps, now } = scope;
  const { db } = deps;
  const conditions: SQL[] = [];
  if (input.role !== "all") conditions.push(eq(invitations.role, input.role));
  // "Expired" includes pending invitations past their expiry that the hourly sweep has not marked yet.
  if (input.status === "pending") conditions.push(and(eq(invitations.status, "pending"), gt(invitations.expiresAt, now))!);
  else if (input.status === "expired") conditions.push(or(eq(invitations.status, "expired"), and(eq(invitations.status, "pending"), lte(invitations.expiresAt, now)))!);
  else if (input.status !== "all") conditions.push(eq(invitations.status, input.status));
  if (input.search) conditions.push(invitationSearch(input.search));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await db.batch([
    withNames(db.select({ invitation: invitations, schoolName: schools.name, inviterName }).from(invitations).$dynamic())
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(INVITES_PAGE_SIZE)
      .offset(pageOffset(input.page, INVITES_PAGE_SIZE)),
    cappedCount(db, invitations, where, input.page, INVITES_PAGE_SIZE),
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
      expired: invitation.status === "expired" || (invitation.status === "pending" && invitation.expiresAt.getTime() <= now.getTime()),
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      createdAt: invitation.createdAt,
      inviterName: inviter,
    })),
    totals[0]?.total ?? 0,
    input.page,
    INVITES_PAGE_SIZE,
  );
}

const INVITE_EMAIL_TYPES = ["school_admin_invite", "parent_invite", "invite_reminder", "invite_notice"] as const;

/** The e-mail logs modal: the invitation, then the delivery history of its recipient (spec §2, §7). */
export async function invitationEmailLogs(scope: Scope, input: { inviteId: string }) {
  const { db } = scope.deps;
  const { inviteId } = input;
  const [row] = await withNames(db.select({ invitation: invitations, schoolName: schools.name, inviterName }).from(invitations).$dynamic()).where(
    eq(invitations.id, inviteId),
  );
  if (!row) throw new AppError("NOT_FOUND", "Invitation not found");
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
    .where(and(eq(emailLogs.recipientEmail, row.invitation.email), inArray(emailLogs.emailType, [...INVITE_EMAIL_TYPES])))
    .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
    .limit(EMAIL_LOG_LIMIT);
  return {
    invitation: { role: row.invitation.role, schoolName: row.schoolName, status: row.invitation.status, inviterName: row.inviterName },
    logs,
  };
}
