import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { drivers, invitations } from "#db/schema/index.ts";
import {
  DRIVER_ADMIN_MESSAGES,
  DRIVERS_LIMIT,
  type inviteDriverInput,
  type setDriverActiveInput,
} from "#shared/drivers.ts";
import { formatPhone } from "#shared/phone.ts";
import { setAccountActive } from "../_shared/account-active.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { createInvitation } from "../invitations/create.ts";

/**
 * The school's drivers (ADR 0057): accounts made by the invitation machinery (role `driver`), listed
 * with the invitations not yet accepted, deactivated and reactivated like parents. Only the
 * session's school.
 */

/** The Drivers section: every driver of the school by name, and the pending or expired invitations. */
export async function listDrivers(scope: SchoolScope) {
  const { db } = scope.deps;
  const [driverRows, invitationRows] = await db.batch([
    db
      .select({
        id: drivers.id,
        name: drivers.name,
        email: drivers.email,
        phone: drivers.phone,
        isActive: drivers.isActive,
        lastLogin: drivers.lastLogin,
        createdAt: drivers.createdAt,
      })
      .from(drivers)
      .where(eq(drivers.schoolId, scope.schoolId))
      .orderBy(asc(drivers.name), asc(drivers.id))
      .limit(DRIVERS_LIMIT),
    db
      .select({
        id: invitations.id,
        email: invitations.email,
        metadata: invitations.metadata,
        status: invitations.status,
        expiresAt: invitations.expiresAt,
        createdAt: invitations.createdAt,
      })
      .from(invitations)
      .where(
        and(
          eq(invitations.schoolId, scope.schoolId),
          eq(invitations.role, "driver"),
          inArray(invitations.status, ["pending", "expired"]),
        ),
      )
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(DRIVERS_LIMIT),
  ]);
  return {
    drivers: driverRows.map((row) => ({ ...row, phone: formatPhone(row.phone, scope.phoneRegion) })),
    invitations: invitationRows.map(({ metadata, ...row }) => ({
      ...row,
      name: metadata.driver_name ?? metadata.invitedUserName ?? null,
      /** Pending but past its expiry (the hourly sweep will mark it expired). */
      expired: row.status === "expired" || row.expiresAt.getTime() <= scope.now.getTime(),
    })),
  };
}

/** Invite a driver to the session's school: the invitation machinery's e-mail, link, expiry and audit. */
export async function inviteDriver(scope: SchoolScope, input: z.infer<typeof inviteDriverInput>) {
  const invitation = await createInvitation(scope, { role: "driver", ...input, schoolId: scope.schoolId });
  return { id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt };
}

/** Deactivates (ending every session at once) or reactivates a driver of the school; another school's is NOT_FOUND. */
export function setDriverActive(scope: SchoolScope, input: z.infer<typeof setDriverActiveInput>) {
  return setAccountActive(
    scope,
    "driver",
    { id: input.driverId, active: input.active },
    DRIVER_ADMIN_MESSAGES.notFound,
  );
}

/**
 * The driver a route or a trip is given, with the name it then carries (the account's). One of the
 * school's drivers, active unless it is the one already assigned (`current`); null: no driver account.
 */
export async function assignableDriver(
  scope: SchoolScope,
  driverId: string | null,
  current: string | null = null,
): Promise<{ id: string; name: string } | null> {
  if (driverId === null) return null;
  const [driver] = await scope.deps.db
    .select({ id: drivers.id, name: drivers.name, isActive: drivers.isActive })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.schoolId, scope.schoolId)));
  if (!driver) throw new AppError("NOT_FOUND", DRIVER_ADMIN_MESSAGES.notFound);
  if (!driver.isActive && driver.id !== current) throw new AppError("CONFLICT", DRIVER_ADMIN_MESSAGES.inactive);
  return { id: driver.id, name: driver.name };
}
