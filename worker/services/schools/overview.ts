import { and, count, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { parents, schools, trips } from "#db/schema/index.ts";
import { said } from "#shared/said.ts";
import { AppError } from "../errors.ts";

/** A school's headline counts: the super admin's read-only support view of it. */
export async function readSchoolOverview(db: Db, schoolId: string) {
  const [schoolRows, tripRows, parentRows] = await db.batch([
    db
      .select({
        id: schools.id,
        name: schools.name,
        code: schools.code,
        subscriptionStatus: schools.subscriptionStatus,
        plan: schools.plan,
      })
      .from(schools)
      .where(eq(schools.id, schoolId)),
    db.select({ total: count() }).from(trips).where(eq(trips.schoolId, schoolId)),
    db
      .select({ total: count() })
      .from(parents)
      .where(and(eq(parents.schoolId, schoolId), eq(parents.isActive, true))),
  ]);
  const school = schoolRows[0];
  if (!school) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  return { school, trips: tripRows[0]?.total ?? 0, activeParents: parentRows[0]?.total ?? 0 };
}
