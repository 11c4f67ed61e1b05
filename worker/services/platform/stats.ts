import { and, eq, gt } from "drizzle-orm";
import { invitations } from "../../../db/schema/index.ts";
import { cappedCount, cappedPageOf } from "../_shared/paging.ts";
import type { Scope } from "../_shared/scope.ts";
import { countersOf, countersQuery } from "./counters.ts";

/**
 * The super admin's stat cards: schools (and active ones), school admins and parents from the
 * counters; pending invites (pending and not expired) counted up to the cap ("1,000+").
 */
export async function platformStats(scope: Scope) {
  const { deps, now } = scope;
  const { db } = deps;
  const pendingInvites = and(eq(invitations.status, "pending"), gt(invitations.expiresAt, now));
  const [counterRows, inviteRows] = await db.batch([countersQuery(db), cappedCount(db, invitations, pendingInvites, 1, 1)]);
  const counters = countersOf(counterRows);
  const invites = cappedPageOf([], inviteRows[0]?.total ?? 0, 1, 1);
  return {
    totalSchools: counters.schools,
    activeSchools: counters.schools_active,
    schoolAdmins: counters.school_admins,
    parents: counters.parents,
    pendingInvites: invites.total,
    pendingInvitesCapped: invites.totalCapped,
  };
}
