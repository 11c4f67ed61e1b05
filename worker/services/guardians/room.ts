import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { childGuardians, invitations, parents } from "#db/schema/index.ts";
import { GUARDIAN_MESSAGES, GUARDIANS_PER_CHILD_MAX } from "#shared/guardians.ts";
import { AppError } from "../errors.ts";

/**
 * The one rule of a child's room for guardians (GUARDIANS_PER_CHILD_MAX guardians and open
 * invitations together), for every path that opens an invitation naming a child: a parent's invite
 * and resend, and the school admin's renewal of an expired one.
 */

/** The open invitations of a child (pending, not expired): `invitations` rows. */
const openFor = (childId: string, now: Date) =>
  and(eq(invitations.childId, childId), eq(invitations.status, "pending"), gt(invitations.expiresAt, now));

/** A child's guardians' addresses and its open invitations' (for `refuseUnlessRoom`), to read in a batch. */
export function guardiansAndOpen(db: Db, childId: string, now: Date) {
  return [
    db
      .select({ email: parents.email })
      .from(childGuardians)
      .innerJoin(parents, eq(parents.id, childGuardians.parentId))
      .where(eq(childGuardians.childId, childId)),
    db.select({ email: invitations.email }).from(invitations).where(openFor(childId, now)),
  ] as const;
}

/** Whether a child takes one more open invitation, to `email`: its guardians' and open invitations' addresses. */
export function refuseUnlessRoom(guardianRows: { email: string }[], openRows: { email: string }[], email: string) {
  if (guardianRows.some((row) => row.email === email))
    throw new AppError("CONFLICT", GUARDIAN_MESSAGES.alreadyGuardian);
  if (openRows.some((row) => row.email === email)) throw new AppError("CONFLICT", GUARDIAN_MESSAGES.pendingExists);
  if (guardianRows.length + openRows.length >= GUARDIANS_PER_CHILD_MAX)
    throw new AppError("BAD_REQUEST", GUARDIAN_MESSAGES.tooMany);
}

/** The same as a write's guard: below the bound, and no open invitation to the address. */
export function childHasRoomFor(childId: string, email: string, now: Date): SQL {
  const open = sql`(select count(*) from ${invitations} where ${openFor(childId, now)})`;
  const guardians = sql`(select count(*) from ${childGuardians} where ${childGuardians.childId} = ${childId})`;
  return sql`${open} + ${guardians} < ${GUARDIANS_PER_CHILD_MAX}
    and not exists (select 1 from ${invitations} where ${openFor(childId, now)} and ${invitations.email} = ${email})`;
}
