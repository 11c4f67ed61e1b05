import { and, asc, eq } from "drizzle-orm";
import { children, schools } from "../../../db/schema/index.ts";
import type { ParentScope } from "../_shared/scope.ts";

/** A parent's home: their school and their children (own family only). */
export async function parentOverview(scope: ParentScope) {
  const { db } = scope.deps;
  const [schoolRows, childRows] = await db.batch([
    db.select({ id: schools.id, name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId)),
    db
      .select({ id: children.id, name: children.name, grade: children.grade, age: children.age })
      .from(children)
      .where(and(eq(children.parentId, scope.parentId), eq(children.schoolId, scope.schoolId)))
      .orderBy(asc(children.name)),
  ]);
  return { school: schoolRows[0] ?? null, children: childRows };
}
