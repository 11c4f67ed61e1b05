import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { insertWhere } from "#db/conditional.ts";
import { childGuardians, children, trips } from "#db/schema/index.ts";
import {
  CHILD_MESSAGES,
  CHILDREN_PER_PARENT_MAX,
  type childIdInput,
  childRecord,
  type createChildInput,
  type updateChildInput,
} from "#shared/children.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { releaseChildren } from "../flight-trips/release.ts";
import { uniqueRouteNames } from "../trips/trips.ts";
import { familyOf, ownChild } from "./guardianship.ts";

/** What My Children shows and edits of a child (never the parent or school ids). */
export const CHILD_COLUMNS = {
  id: children.id,
  name: children.name,
  age: children.age,
  grade: children.grade,
  school: children.school,
  busRoute: children.busRoute,
  busNumber: children.busNumber,
  allergyInfo: children.allergyInfo,
  specialNeeds: children.specialNeeds,
  emergencyContact: children.emergencyContact,
};

/** The family's rows: the children this parent is a guardian of, in this parent's school (ADR 0053). */
const family = (scope: ParentScope) => familyOf(scope);
const own = (scope: ParentScope, childId: string) => ownChild(scope, childId);
/** The child's owner (the account that added it): only they delete the record for every guardian. */
const owned = (scope: ParentScope, childId: string) => and(own(scope, childId), eq(children.parentId, scope.parentId));

/**
 * The audit row of a change to a child's record (LG1: a child's health and contact details are
 * sensitive), written in the change's batch only if the change happened. It names the child by id
 * only: the log keeps no child's name or health details.
 */
function childAudit(
  scope: ParentScope,
  action: "added" | "updated" | "removed",
  childId: string,
  onlyIf: ReturnType<typeof sql>,
) {
  return auditInsert(
    scope.deps.db,
    {
      eventType: `child_${action}`,
      description: `Child record ${action}`,
      userId: scope.actor.id,
      userRole: "parent",
      schoolId: scope.schoolId,
      metadata: { child_id: childId },
      at: scope.now,
    },
    scope.meta,
    onlyIf,
  );
}

const childExists = (scope: ParentScope, childId: string) =>
  sql`exists (select 1 from ${children} where ${own(scope, childId)})`;

/** My Children: the children the parent guards, ordered by name; `owned`: theirs to delete (ADR 0053). */
export async function listChildren(scope: ParentScope) {
  const { db } = scope.deps;
  const rows = await db
    .select({ ...CHILD_COLUMNS, owned: sql<boolean>`${children.parentId} = ${scope.parentId}`.mapWith(Boolean) })
    .from(children)
    .where(family(scope))
    .orderBy(asc(children.name), asc(children.id));
  return { children: rows };
}

/**
 * The bus routes the form suggests: the route names of the school's trips (so trip updates find the
 * child) and the family's own. Other families' free text is not shown to a parent.
 */
export async function childRouteNames(scope: ParentScope) {
  const { db } = scope.deps;
  const [fromTrips, fromFamily] = await db.batch([
    db.selectDistinct({ name: trips.routeName }).from(trips).where(eq(trips.schoolId, scope.schoolId)),
    db.selectDistinct({ name: children.busRoute }).from(children).where(family(scope)),
  ]);
  return { routes: uniqueRouteNames([...fromTrips, ...fromFamily].map((row) => row.name)) };
}

/**
 * Add Child: into the parent's family and school (from the session), at most CHILDREN_PER_PARENT_MAX
 * children the parent guards. The parent becomes its owner guardian by the `children_owner_guardian`
 * trigger, whoever inserts a child.
 */
export async function createChild(scope: ParentScope, input: z.infer<typeof createChildInput>) {
  const { db } = scope.deps;
  const id = crypto.randomUUID();
  // One statement: the count and the insert cannot be split by a concurrent add.
  const [result] = await db.batch([
    insertWhere(
      db,
      children,
      {
        id,
        schoolId: scope.schoolId,
        parentId: scope.parentId,
        ...childRecord(input.child),
        createdAt: scope.now,
        updatedAt: scope.now,
      },
      sql`(select count(*) from ${childGuardians} where ${childGuardians.parentId} = ${scope.parentId}) < ${CHILDREN_PER_PARENT_MAX}`,
    ),
    childAudit(scope, "added", id, childExists(scope, id)),
  ]);
  if (result.rowsAffected === 0) throw new AppError("BAD_REQUEST", CHILD_MESSAGES.tooMany);
  return { id };
}

/** Edit Child: only one of the parent's own children; any other id is NOT_FOUND and changes nothing. */
export async function updateChild(scope: ParentScope, input: z.infer<typeof updateChildInput>) {
  const { db } = scope.deps;
  const [updated] = await db.batch([
    db
      .update(children)
      .set({ ...childRecord(input.child), updatedAt: scope.now })
      .where(own(scope, input.childId))
      .returning({ id: children.id }),
    childAudit(scope, "updated", input.childId, childExists(scope, input.childId)),
  ]);
  if (updated.length === 0) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  return { id: input.childId };
}

/**
 * Delete Child (after the spec's confirmation): only a child the parent owns; a guardian who is
 * not the owner removes themself instead (guardians.ts), so one household cannot delete the
 * other's record. Its field
 * trips follow the opt-out rule (flight-trips/release.ts): refused after a deadline it holds a seat
 * past, otherwise open Checkouts closed and what was paid for trips still to come refunded.
 */
export async function deleteChild(scope: ParentScope, input: z.infer<typeof childIdInput>) {
  const { db } = scope.deps;
  const [guarded] = await db.select({ owner: children.parentId }).from(children).where(own(scope, input.childId));
  if (!guarded) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  if (guarded.owner !== scope.parentId) throw new AppError("FORBIDDEN", CHILD_MESSAGES.onlyOwnerDeletes);
  const release = await releaseChildren(scope, owned(scope, input.childId)!);
  const [, , deleted] = await db.batch([
    childAudit(scope, "removed", input.childId, childExists(scope, input.childId)),
    release.decide(),
    db.delete(children).where(owned(scope, input.childId)).returning({ id: children.id }),
  ]);
  if (deleted.length === 0) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  await release.settle("child_deleted");
  return { id: input.childId };
}
