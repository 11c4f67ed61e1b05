import { and, eq, gt, sql } from "drizzle-orm";
import { invitations } from "#db/schema/index.ts";
import { cappedCountUpTo, cappedPageOf, countLimit } from "../_shared/paging.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { Scope } from "../_shared/scope.ts";
import { countersOf, countersQuery } from "./counters.ts";

/** The stat cards' two reads, prepared once per database (ADR 0028); the clock is a placeholder. */
const statsStatements = preparedPerShape((db) => ({
  counters: countersQuery(db).prepare(),
  pendingInvites: cappedCountUpTo(
    db,
    invitations,
    and(eq(invitations.status, "pending"), gt(invitations.expiresAt, sql.placeholder("now"))),
    sql.placeholder("countLimit"),
  ).prepare(),
}));

/**
 * The super admin's stat cards: schools (and active ones), school admins and parents from the
 * counters; pending invites (pending and not expired) counted up to the cap ("1,000+").
 */
export async function platformStats(scope: Scope) {
  const { deps, now } = scope;
  const statements = statsStatements(deps.db, "");
  const [counterRows, inviteRows] = await batchPrepared(deps.db, [
    [statements.counters, {}],
    [statements.pendingInvites, { now: invitations.expiresAt.mapToDriverValue(now), countLimit: countLimit(1, 1) }],
  ]);
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
