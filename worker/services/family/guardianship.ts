import { and, eq, gt, inArray, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "#db/client.ts";
import { childGuardians, children, invitations } from "#db/schema/index.ts";
import type { ParentScope } from "../_shared/scope.ts";

/**
 * The one rule of who may see and act for a child (ADR 0053): the parent accounts with a
 * `child_guardians` row for it, in the child's school. Every parent read or write of a child goes
 * through these predicates, never through `children.parent_id` (the owner, which only decides who
 * may remove another guardian).
 *
 * `parentId` and `schoolId` are values, columns or placeholders (the prepared dashboard passes
 * `sql.placeholder`). The subquery walks `child_guardians_parent_idx`: a family's rows are few.
 */
type Value = string | SQL | Placeholder | SQLiteColumn;

/** `childColumn` names a child one of the parent's guardianships covers. */
export function guardedBy(childColumn: SQLiteColumn | SQL, parentId: Value, schoolId: Value): SQL {
  return sql`${childColumn} in (select ${childGuardians.childId} from ${childGuardians} where ${childGuardians.parentId} = ${parentId} and ${childGuardians.schoolId} = ${schoolId})`;
}

/**
 * The session's children: `children.id` is one the parent guards, in the session's school (checked
 * on the row, never used to find it: the unary `+` keeps SQLite off the school's index, whose
 * children grow with the school).
 */
export function familyOf(scope: Pick<ParentScope, "parentId" | "schoolId">): SQL {
  return sql`${guardedBy(children.id, scope.parentId, scope.schoolId)} and +${children.schoolId} = ${scope.schoolId}`;
}

/** One child of the session's family (NOT_FOUND for any other id, as before). */
export function ownChild(scope: Pick<ParentScope, "parentId" | "schoolId">, childId: string): SQL {
  return sql`${children.id} = ${childId} and ${familyOf(scope)}`;
}

/** Another column holding a child id (riders, enrollments) restricted to the session's family. */
export function familyChildColumn(scope: Pick<ParentScope, "parentId" | "schoolId">, column: SQLiteColumn): SQL {
  return guardedBy(column, scope.parentId, scope.schoolId);
}

/**
 * Children `parentId` guards that no other account guards: what leaves with that parent (Delete
 * Child's rules) when they go. A predicate on `children`.
 */
export function guardedOnlyBy(parentId: string): SQL {
  return sql`${children.id} in (select mine.child_id from ${childGuardians} as mine where mine.parent_id = ${parentId}
    and not exists (select 1 from ${childGuardians} as other where other.child_id = mine.child_id and other.parent_id <> ${parentId}))`;
}

/**
 * The statements that take `parentId` off the children `childIds` selects (a predicate on
 * `children`) and keep each of them owned: where `parentId` was the owner, the longest-standing
 * other guardian becomes it (`children.parent_id` and the row's role). Children nobody else guards
 * are not touched (the caller deletes them, or refuses). Every statement runs only if `onlyIf`.
 */
export function leaveChildren(db: Db, parentId: string, childIds: SQL, onlyIf: SQL = sql`1`) {
  const successor = sql`(select other.parent_id from ${childGuardians} as other
    where other.child_id = ${children.id} and other.parent_id <> ${parentId}
    order by other.created_at, other.id limit 1)`;
  const shared = sql`exists (select 1 from ${childGuardians} as other where other.child_id = ${children.id} and other.parent_id <> ${parentId})`;
  return [
    db
      .update(children)
      .set({ parentId: successor })
      .where(and(eq(children.parentId, parentId), childIds, shared, onlyIf)),
    db
      .update(childGuardians)
      .set({ role: "owner" })
      .where(
        and(
          eq(childGuardians.role, "guardian"),
          sql`${childGuardians.parentId} = (select ${children.parentId} from ${children} where ${children.id} = ${childGuardians.childId})`,
          sql`${childGuardians.childId} in (select ${children.id} from ${children} where ${childIds})`,
          onlyIf,
        ),
      ),
    db
      .delete(childGuardians)
      .where(
        and(
          eq(childGuardians.parentId, parentId),
          sql`${childGuardians.childId} in (select ${children.id} from ${children} where ${childIds} and ${shared})`,
          onlyIf,
        ),
      ),
  ] as const;
}

/**
 * The statements that make `parentId` a guardian of `childId`, written only if `onlyIf` holds and
 * the child is still in the school (a child deleted meanwhile takes no guardian). A child nobody owns
 * yet (a pupil the school imported, ADR 0053) gets its first guardian as owner. A second link of the
 * same pair is ignored (the unique index), so a retried acceptance adds nothing.
 */
export function linkGuardian(
  db: Db,
  link: { childId: string; parentId: string; schoolId: string; at: Date },
  onlyIf: SQL,
) {
  const ownerless = sql`(select ${children.parentId} from ${children} where ${children.id} = ${link.childId}) is null`;
  return [
    db.run(sql`insert or ignore into ${childGuardians} (id, child_id, parent_id, school_id, role, created_at)
      select ${crypto.randomUUID()}, ${link.childId}, ${link.parentId}, ${link.schoolId},
        case when ${ownerless} then 'owner' else 'guardian' end, ${link.at.getTime()}
      where ${onlyIf} and exists (select 1 from ${children} where ${children.id} = ${link.childId} and ${children.schoolId} = ${link.schoolId})`),
    db
      .update(children)
      .set({ parentId: link.parentId })
      .where(
        and(
          eq(children.id, link.childId),
          sql`${children.parentId} is null`,
          sql`exists (select 1 from ${childGuardians} where ${childGuardians.childId} = ${link.childId} and ${childGuardians.parentId} = ${link.parentId} and ${childGuardians.role} = 'owner')`,
          onlyIf,
        ),
      ),
  ] as const;
}

type GuardianInvitation = Pick<typeof invitations.$inferSelect, "id" | "email" | "schoolId" | "childId" | "metadata">;

/**
 * What accepting a guardian invitation links: its child and, for a school's pupil import, the
 * address's other open invitations of the same import (one e-mail was sent for all of them), which
 * are accepted in the same batch. The statements are written only if `won` (the acceptance's claim).
 */
export async function acceptGuardianLinks(
  db: Db,
  invitation: GuardianInvitation,
  parentId: string,
  now: Date,
  won: SQL,
) {
  if (!invitation.childId) return [];
  const importId = invitation.metadata.import_id;
  const siblings = importId
    ? await db
        .select({ id: invitations.id, childId: invitations.childId })
        .from(invitations)
        .where(
          and(
            eq(invitations.email, invitation.email),
            eq(invitations.schoolId, invitation.schoolId),
            eq(invitations.status, "pending"),
            gt(invitations.expiresAt, now),
            ne(invitations.id, invitation.id),
            sql`json_extract(${invitations.metadata}, '$.import_id') = ${importId}`,
          ),
        )
    : [];
  const childIds = [invitation.childId, ...siblings.flatMap((row) => (row.childId ? [row.childId] : []))];
  return [
    ...(siblings.length > 0
      ? [
          db
            .update(invitations)
            .set({ status: "accepted", acceptedAt: now, acceptedUserId: parentId, updatedAt: now })
            .where(
              and(
                inArray(
                  invitations.id,
                  siblings.map((row) => row.id),
                ),
                eq(invitations.status, "pending"),
                won,
              ),
            ),
        ]
      : []),
    ...childIds.flatMap((childId) =>
      linkGuardian(db, { childId, parentId, schoolId: invitation.schoolId, at: now }, won),
    ),
  ];
}
