import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { invitations, parents } from "#db/schema/index.ts";
import {
  type listParentInvitationsInput,
  type listParentsInput,
  PARENTS_PAGE_SIZE,
  type setParentActiveInput,
} from "#shared/parents.ts";
import { formatPhone } from "#shared/phone.ts";
import { setAccountActive } from "../_shared/account-active.ts";
import { cappedCount, cappedCountUpTo, cappedPageOf, countLimit, pageOffset } from "../_shared/paging.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { containsAny, likePattern } from "../_shared/search.ts";

function page<T>(rows: T[], counted: number, pageNumber: number) {
  return cappedPageOf(rows, counted, pageNumber, PARENTS_PAGE_SIZE);
}

const P = sql.placeholder;

/** The parents list's statements, with a search (`q`) or without, every value a placeholder (ADR 0028). */
const parentListStatements = preparedPerShape((db, shape) => {
  const conditions: SQL[] = [eq(parents.schoolId, P("schoolId"))];
  if (shape === "q") conditions.push(containsAny(P("like"), [parents.name, parents.email]));
  const where = and(...conditions);
  return {
    rows: db
      .select({
        id: parents.id,
        name: parents.name,
        email: parents.email,
        phone: parents.phone,
        isActive: parents.isActive,
        lastLogin: parents.lastLogin,
        createdAt: parents.createdAt,
        // The children the parent guards (ADR 0053), through child_guardians_parent_idx: one index search
        // per parent on the page. Written out: in a one-table select Drizzle leaves column names
        // unqualified, which would bind to child_guardians.
        childrenCount: sql<number>`(select count(*) from "child_guardians" where "child_guardians"."parent_id" = "parents"."id")`,
      })
      .from(parents)
      .where(where)
      .orderBy(asc(parents.name), asc(parents.id))
      .limit(P("limit"))
      .offset(P("offset"))
      .prepare(),
    total: cappedCountUpTo(db, parents, where, P("countLimit")).prepare(),
  };
});

/**
 * The parents of one school (accounts), searched by name or e-mail, ordered by name, paginated in
 * SQL. Every query reads only the school's rows through its index, so it does not grow with the
 * platform; the total is capped all the same ("1,000+", ADR 0018).
 */
export async function listParents(scope: SchoolScope, input: z.infer<typeof listParentsInput>) {
  const { db } = scope.deps;
  const statements = parentListStatements(db, input.search ? "q" : "");
  const values = {
    schoolId: scope.schoolId,
    like: input.search ? likePattern(input.search.toLowerCase()) : undefined,
    limit: PARENTS_PAGE_SIZE,
    offset: pageOffset(input.page, PARENTS_PAGE_SIZE),
    countLimit: countLimit(input.page, PARENTS_PAGE_SIZE),
  };
  const [rows, totals] = await batchPrepared(db, [
    [statements.rows, values],
    [statements.total, values],
  ]);
  const shown = rows.map((row) => ({ ...row, phone: formatPhone(row.phone, scope.phoneRegion) }));
  return page(shown, totals[0]?.total ?? 0, input.page);
}

/** The school's parent invitations, newest first, searched by e-mail or invited name. */
export async function listParentInvitations(scope: SchoolScope, input: z.infer<typeof listParentInvitationsInput>) {
  const { deps, schoolId, now } = scope;
  const { db } = deps;
  const conditions: SQL[] = [eq(invitations.schoolId, schoolId), eq(invitations.role, "parent")];
  if (input.status) conditions.push(eq(invitations.status, input.status));
  if (input.search)
    conditions.push(
      containsAny(input.search, [invitations.email, sql`json_extract(${invitations.metadata}, '$.parent_name')`]),
    );
  const where = and(...conditions);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(PARENTS_PAGE_SIZE)
      .offset(pageOffset(input.page, PARENTS_PAGE_SIZE)),
    cappedCount(db, invitations, where, input.page, PARENTS_PAGE_SIZE),
  ]);
  return page(
    rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.metadata.parent_name ?? row.metadata.invitedUserName ?? null,
      status: row.status,
      /** Pending but past its expiry (the hourly sweep will mark it expired). */
      expired: row.status === "expired" || (row.status === "pending" && row.expiresAt.getTime() <= now.getTime()),
      expiresAt: row.expiresAt,
      acceptedAt: row.acceptedAt,
      revokedAt: row.revokedAt,
      createdAt: row.createdAt,
    })),
    totals[0]?.total ?? 0,
    input.page,
  );
}

/**
 * Deactivates (ending every session at once) or reactivates a parent of the actor's school.
 * A parent of another school is NOT_FOUND.
 */
export function setParentActive(scope: SchoolScope, input: z.infer<typeof setParentActiveInput>) {
  return setAccountActive(scope, "parent", { id: input.parentId, active: input.active }, "Parent not found");
}
