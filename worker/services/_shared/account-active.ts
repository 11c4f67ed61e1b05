import { and, eq } from "drizzle-orm";
import { drivers, parents } from "#db/schema/index.ts";
import { invalidateUserSessionsQuery } from "#worker/auth/session.ts";
import { AppError } from "../errors.ts";
import { schoolAudit } from "./school-audit.ts";
import type { SchoolScope } from "./scope.ts";

/** The accounts a school admin deactivates and reactivates: its parents and its drivers (ADR 0057). */
const ACCOUNTS = { parent: parents, driver: drivers } as const;

/**
 * Deactivates (ending every session at once) or reactivates an account of the session's school, with
 * its audit row (`<role>_deactivated|_reactivated`), in one batch; already so, nothing is written.
 * Another school's account, or none, is NOT_FOUND with `notFound`.
 */
export async function setAccountActive(
  scope: SchoolScope,
  role: keyof typeof ACCOUNTS,
  input: { id: string; active: boolean },
  notFound: string,
) {
  const { db } = scope.deps;
  const table: typeof parents | typeof drivers = ACCOUNTS[role];
  const mine = and(eq(table.id, input.id), eq(table.schoolId, scope.schoolId));
  const [account] = await db
    .select({ id: table.id, email: table.email, isActive: table.isActive })
    .from(table)
    .where(mine);
  if (!account) throw new AppError("NOT_FOUND", notFound);
  if (account.isActive === input.active) return { isActive: account.isActive };
  await db.batch([
    db.update(table).set({ isActive: input.active, updatedAt: scope.now }).where(mine),
    invalidateUserSessionsQuery(db, role, account.id),
    schoolAudit(
      scope,
      `${role}_${input.active ? "reactivated" : "deactivated"}`,
      `${input.active ? "Reactivated" : "Deactivated"} ${role} ${account.email}`,
      { [`${role}_id`]: account.id, email: account.email },
    ),
  ]);
  return { isActive: input.active };
}
