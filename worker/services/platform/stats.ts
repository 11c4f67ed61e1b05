import { and, count, eq, gt, sql } from "drizzle-orm";
import { invitations, parents, schoolAdmins, schools } from "../../../db/schema/index.ts";
import type { Scope } from "../_shared/scope.ts";

/** The super admin's stat cards: schools (and active ones), school admins, parents, pending invites. */
export async function platformStats(scope: Scope) {
  const { deps, now } = scope;
  const { db } = deps;
  const [schoolRow, adminRow, parentRow, inviteRow] = await db.batch([
    db
      .select({
        total: count(),
        active: sql<number>`coalesce(sum(case when ${schools.isActive} = 1 and ${schools.subscriptionStatus} = 'active' then 1 else 0 end), 0)`,
      })
      .from(schools),
    db.select({ total: count() }).from(schoolAdmins),
    db.select({ total: count() }).from(parents),
    db
      .select({ total: count() })
      .from(invitations)
      .where(and(eq(invitations.status, "pending"), gt(invitations.expiresAt, now))),
  ]);
  return {
    totalSchools: schoolRow[0]?.total ?? 0,
    activeSchools: Number(schoolRow[0]?.active ?? 0),
    schoolAdmins: adminRow[0]?.total ?? 0,
    parents: parentRow[0]?.total ?? 0,
    pendingInvites: inviteRow[0]?.total ?? 0,
  };
}
