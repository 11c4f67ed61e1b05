import { and, asc, eq, sql } from "drizzle-orm";
import { insertWhere } from "#db/conditional.ts";
import { children, trips } from "#db/schema/index.ts";
import { CHILD_MESSAGES, CHILDREN_PER_PARENT_MAX, type ChildValues } from "#shared/children.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { releaseChildren } from "../flight-trips/release.ts";
import { uniqueRouteNames } from "../trips/trips.ts";

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

/** The family's rows: this parent's children, in this parent's school. */
const family = (scope: ParentScope) =>
  and(eq(children.parentId, scope.parentId), eq(children.schoolId, scope.schoolId));
const own = (scope: ParentScope, childId: string) => and(eq(children.id, childId), family(scope));

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

function childValues(child: ChildValues) {
  return {
    name: child.name,
    age: child.age,
    grade: child.grade,
    school: child.school,
    busRoute: child.busRoute,
    busNumber: child.busNumber,
    allergyInfo: child.allergyInfo,
    specialNeeds: child.specialNeeds,
    emergencyContact: child.emergencyContact,
  };
}

/** My Children: the parent's own children, ordered by name (spec §7). */
export async function listChildren(scope: ParentScope) {
  const { db } = scope.deps;
  const rows = await db
    .select(CHILD_COLUMNS)
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

/** Add Child: into the parent's family and school (from the session), at most CHILDREN_PER_PARENT_MAX. */
export async function createChild(scope: ParentScope, input: { child: ChildValues }) {
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
        ...childValues(input.child),
        createdAt: scope.now,
        updatedAt: scope.now,
      },
      sql`(select count(*) from ${children} where ${children.parentId} = ${scope.parentId}) < ${CHILDREN_PER_PARENT_MAX}`,
    ),
    childAudit(scope, "added", id, childExists(scope, id)),
  ]);
  if (result.rowsAffected === 0) throw new AppError("BAD_REQUEST", CHILD_MESSAGES.tooMany);
  return { id };
}

/** Edit Child: only one of the parent's own children; any other id is NOT_FOUND and changes nothing. */
export async function updateChild(scope: ParentScope, input: { childId: string; child: ChildValues }) {
  const { db } = scope.deps;
  const [updated] = await db.batch([
    db
      .update(children)
      .set({ ...childValues(input.child), updatedAt: scope.now })
      .where(own(scope, input.childId))
      .returning({ id: children.id }),
    childAudit(scope, "updated", input.childId, childExists(scope, input.childId)),
  ]);
  if (updated.length === 0) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  return { id: input.childId };
}

/**
 * Delete Child (after the spec's confirmation): only one of the parent's own children. Its field
 * trips follow the opt-out rule (flight-trips/release.ts): refused after a deadline it holds a seat
 * past, otherwise open Checkouts closed and what was paid for trips still to come refunded.
 */
export async function deleteChild(scope: ParentScope, input: { childId: string }) {
  const { db } = scope.deps;
  const release = await releaseChildren(scope, own(scope, input.childId)!);
  const [, , deleted] = await db.batch([
    childAudit(scope, "removed", input.childId, childExists(scope, input.childId)),
    release.decide(),
    db.delete(children).where(own(scope, input.childId)).returning({ id: children.id }),
  ]);
  if (deleted.length === 0) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  await release.settle("child_deleted");
  return { id: input.childId };
}
