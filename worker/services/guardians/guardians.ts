import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { childGuardians, children, invitations, parents } from "#db/schema/index.ts";
import { CHILD_MESSAGES } from "#shared/children.ts";
import { type childGuardiansInput, GUARDIAN_MESSAGES, type removeGuardianInput } from "#shared/guardians.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { leaveChildren, ownChild } from "../family/guardianship.ts";
import { invitedName } from "../invitations/shared.ts";

/**
 * A child's guardians (ADR 0053): who sees the child, and the invitations still open. Only for a
 * child the parent guards; any other id is NOT_FOUND, as for every child.
 */
export async function childGuardianList(scope: ParentScope, input: z.infer<typeof childGuardiansInput>) {
  const { db } = scope.deps;
  const [childRows, guardianRows, invitationRows] = await db.batch([
    db
      .select({ id: children.id, name: children.name, owner: children.parentId })
      .from(children)
      .where(ownChild(scope, input.childId)),
    db
      .select({ id: parents.id, name: parents.name, email: parents.email, role: childGuardians.role })
      .from(childGuardians)
      .innerJoin(parents, eq(parents.id, childGuardians.parentId))
      .where(and(eq(childGuardians.childId, input.childId), eq(childGuardians.schoolId, scope.schoolId)))
      // The owner first, then the others as they joined.
      .orderBy(sql`${childGuardians.role} = 'owner' desc`, asc(childGuardians.createdAt), asc(childGuardians.id)),
    db
      .select({
        id: invitations.id,
        email: invitations.email,
        metadata: invitations.metadata,
        expiresAt: invitations.expiresAt,
      })
      .from(invitations)
      .where(
        and(
          eq(invitations.childId, input.childId),
          eq(invitations.schoolId, scope.schoolId),
          eq(invitations.status, "pending"),
          gt(invitations.expiresAt, scope.now),
        ),
      )
      .orderBy(asc(invitations.createdAt), asc(invitations.id)),
  ]);
  const child = childRows[0];
  if (!child) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  return {
    child: { id: child.id, name: child.name },
    youOwn: child.owner === scope.parentId,
    guardians: guardianRows.map((row) => ({ ...row, isYou: row.id === scope.parentId })),
    invitations: invitationRows.map(({ metadata, ...row }) => ({ ...row, name: invitedName(metadata) ?? row.email })),
  };
}

/**
 * Remove a guardian: the parent themself (leave), or, by the child's owner, another guardian. The
 * last guardian is never removed: ONE batch takes the row off only while another guardian remains
 * (`leaveChildren`), so two guardians leaving at once leave one behind. An owner who leaves passes
 * the child to the longest-standing other guardian.
 */
export async function removeGuardian(scope: ParentScope, input: z.infer<typeof removeGuardianInput>) {
  const { db } = scope.deps;
  const [child] = await db.select({ owner: children.parentId }).from(children).where(ownChild(scope, input.childId));
  if (!child) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  const leaving = input.parentId === scope.parentId;
  if (!leaving && child.owner !== scope.parentId) throw new AppError("FORBIDDEN", GUARDIAN_MESSAGES.onlyOwnerRemoves);
  const [target] = await db
    .select({ id: childGuardians.id })
    .from(childGuardians)
    .where(and(eq(childGuardians.childId, input.childId), eq(childGuardians.parentId, input.parentId)));
  if (!target) throw new AppError("NOT_FOUND", GUARDIAN_MESSAGES.notGuardian);

  const [, , removed] = await db.batch([
    ...leaveChildren(db, input.parentId, eq(children.id, input.childId)!),
    auditInsert(
      db,
      {
        eventType: leaving ? "guardian_left" : "guardian_removed",
        description: leaving ? "Guardian left a child" : "Guardian removed from a child",
        userId: scope.actor.id,
        userRole: "parent",
        schoolId: scope.schoolId,
        metadata: { child_id: input.childId, parent_id: input.parentId },
        at: scope.now,
      },
      scope.meta,
      sql`not exists (select 1 from ${childGuardians} where ${childGuardians.id} = ${target.id})`,
    ),
  ]);
  if (removed.rowsAffected !== 1) throw new AppError("CONFLICT", GUARDIAN_MESSAGES.lastGuardian);
  return { message: leaving ? GUARDIAN_MESSAGES.left : GUARDIAN_MESSAGES.removed };
}
