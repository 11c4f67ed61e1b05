import { and, eq } from "drizzle-orm";
import { parents, schoolAdmins, schools } from "../../../db/schema/index.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { dataSubjectOf } from "./export.ts";

/**
 * "My Account"'s profile: what the signed-in parent or school admin's record says about them (the
 * session carries the name and e-mail but not the phone). Read-only: no procedure edits it.
 */
export async function myProfile(scope: SchoolScope) {
  const { db } = scope.deps;
  const subject = dataSubjectOf(scope);
  const table = subject.role === "parent" ? parents : schoolAdmins;
  const [row] = await db
    .select({ name: table.name, email: table.email, phone: table.phone, school: schools.name })
    .from(table)
    .innerJoin(schools, eq(schools.id, table.schoolId))
    .where(and(eq(table.id, subject.id), eq(table.schoolId, subject.schoolId)));
  if (!row) throw new AppError("NOT_FOUND", "Account not found");
  return row;
}
