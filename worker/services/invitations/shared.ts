import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  drivers,
  type EmailType,
  type InvitationMetadata,
  invitations,
  parents,
  schoolAdmins,
  schools,
} from "#db/schema/index.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { randomHex, randomReadable, sha256Hex } from "#worker/auth/crypto.ts";
import {
  driverInvitationEmail,
  type EmailReader,
  existingAccountNoticeEmail,
  invitationReminderEmail,
  parentInvitationEmail,
  type RenderedEmail,
  schoolAdminInvitationEmail,
} from "#worker/email/templates.ts";
import type { Actor } from "../_shared/scope.ts";
import { DAY_MS, HOUR_MS } from "../_shared/time.ts";
import { AppError } from "../errors.ts";
import { readPlatformSettings } from "../platform/settings.ts";

export type Invitation = typeof invitations.$inferSelect;
export type InvitableRole = Invitation["role"];
/** The roles a school admin invites to their own school (a super admin invites school admins too). */
export const SCHOOL_ADMIN_INVITES = ["parent", "driver"] as const satisfies readonly InvitableRole[];

/** A secure token is 32 random bytes as hex; the temporary password 12 readable characters. */
export const TOKEN_BYTES = 32;
export const TEMPORARY_PASSWORD_LENGTH = 12;
/** A reminder goes out once, about this long before the invitation expires. */
export const REMINDER_BEFORE_EXPIRY_MS = 48 * HOUR_MS;

export type IssuedSecrets = {
  token: string;
  tokenHash: string;
  temporaryPassword: string | null;
  temporaryPasswordHash: string | null;
};

/** A fresh token (and, for school admins, a temporary password); only their hashes are stored. */
export async function issueSecrets(role: InvitableRole): Promise<IssuedSecrets> {
  const token = randomHex(TOKEN_BYTES);
  const temporaryPassword = role === "school_admin" ? randomReadable(TEMPORARY_PASSWORD_LENGTH) : null;
  return {
    token,
    tokenHash: await sha256Hex(token),
    temporaryPassword,
    temporaryPasswordHash: temporaryPassword ? await sha256Hex(temporaryPassword) : null,
  };
}

export function acceptLinkBase(appUrl: string): string {
  return `${appUrl}/accept-invite`;
}

export function acceptLink(appUrl: string, token: string): string {
  return `${acceptLinkBase(appUrl)}?token=${token}`;
}

export function invitedName(metadata: InvitationMetadata): string | null {
  return metadata.admin_name ?? metadata.parent_name ?? metadata.driver_name ?? metadata.invitedUserName ?? null;
}

/** Metadata as the spec names it. The accept link is stored without its token (the token is a secret). */
export function invitationMetadata(role: InvitableRole, name: string, appUrl: string): InvitationMetadata {
  return {
    ...(role === "school_admin"
      ? { admin_name: name }
      : role === "driver"
        ? { driver_name: name }
        : { parent_name: name }),
    invitedUserName: name,
    accept_invite_link: acceptLinkBase(appUrl),
  };
}

/** The invitation e-mail of its role, with the raw secrets that exist only in this message. */
export function invitationEmail(
  invitation: Pick<Invitation, "role" | "email" | "expiresAt" | "metadata">,
  schoolName: string,
  secrets: Pick<IssuedSecrets, "token" | "temporaryPassword">,
  appUrl: string,
  kind: "invite" | "reminder",
  reader: EmailReader,
): RenderedEmail {
  const name = invitedName(invitation.metadata) ?? invitation.email;
  const link = acceptLink(appUrl, secrets.token);
  const base = { ...reader, name, schoolName, acceptLink: link, expiresAt: invitation.expiresAt };
  if (kind === "reminder") return invitationReminderEmail(base);
  if (invitation.role === "school_admin") {
    return schoolAdminInvitationEmail({
      ...reader,
      name,
      schoolName,
      email: invitation.email,
      temporaryPassword: secrets.temporaryPassword ?? "",
      acceptLink: link,
      loginLink: `${appUrl}/login/school`,
      expiresAt: invitation.expiresAt,
    });
  }
  if (invitation.role === "driver") return driverInvitationEmail(base);
  return parentInvitationEmail(base);
}

const EMAIL_TYPE_OF = {
  school_admin: "school_admin_invite",
  parent: "parent_invite",
  driver: "driver_invite",
} as const satisfies Record<InvitableRole, EmailType>;

const ACCOUNT_TABLE_OF = { school_admin: schoolAdmins, parent: parents, driver: drivers } as const;

/** Where an invited role signs in. */
const LOGIN_PATH_OF = { school_admin: "/login/school", parent: "/login/parent", driver: "/login/driver" } as const;

function accountTable(role: InvitableRole) {
  return ACCOUNT_TABLE_OF[role];
}

/** The account of this role that already uses the address, if any (with its school). */
export async function accountWithEmail(db: Db, role: InvitableRole, email: string) {
  const table = accountTable(role);
  const [row] = await db
    .select({ id: table.id, schoolId: table.schoolId })
    .from(table)
    .where(eq(table.email, email))
    .limit(1);
  return row ?? null;
}

/** Reminders go only to addresses without an account of the invitation's role (see `invitationOrNotice`). */
export function noAccountYet() {
  return sql`not exists (select 1 from ${parents} where ${parents.email} = ${invitations.email} and ${invitations.role} = 'parent')
    and not exists (select 1 from ${schoolAdmins} where ${schoolAdmins.email} = ${invitations.email} and ${invitations.role} = 'school_admin')
    and not exists (select 1 from ${drivers} where ${drivers.email} = ${invitations.email} and ${invitations.role} = 'driver')`;
}

/**
 * The e-mail an invitation (or its resend) sends. No second account may use an address, so an
 * invitation to an address that has an account can never be accepted: its owner gets a notice
 * without any link instead, while the inviter is answered as for a fresh address (ADR 0012).
 */
export function invitationOrNotice(
  invitation: Pick<Invitation, "role" | "email" | "expiresAt" | "metadata">,
  schoolName: string,
  secrets: Pick<IssuedSecrets, "token" | "temporaryPassword">,
  appUrl: string,
  addressHasAccount: boolean,
  reader: EmailReader,
): RenderedEmail & { type: EmailType } {
  if (!addressHasAccount)
    return {
      ...invitationEmail(invitation, schoolName, secrets, appUrl, "invite", reader),
      type: EMAIL_TYPE_OF[invitation.role],
    };
  return {
    ...existingAccountNoticeEmail({
      locale: reader.locale,
      schoolName,
      role: invitation.role,
      loginLink: `${appUrl}${LOGIN_PATH_OF[invitation.role]}`,
    }),
    type: "invite_notice",
  };
}

/**
 * An invitation the actor may manage, with its school's name. A school admin reaches only parent
 * and driver invitations of their own school; anything else is NOT_FOUND (no hint that it exists).
 */
export async function findManageableInvitation(db: Db, inviteId: string, actor: Actor) {
  const [row] = await db
    .select({ invitation: invitations, schoolName: schools.name })
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .where(
      actor.role === "super_admin"
        ? eq(invitations.id, inviteId)
        : and(
            eq(invitations.id, inviteId),
            eq(invitations.schoolId, actor.schoolId ?? ""),
            inArray(invitations.role, SCHOOL_ADMIN_INVITES),
          ),
    )
    .limit(1);
  if (!row || (actor.role !== "super_admin" && actor.role !== "school_admin")) {
    throw new AppError("NOT_FOUND", INVITATION_MESSAGES.notFound);
  }
  return row;
}

/** The expiry of an invitation issued (or renewed) now: the platform's validity from now. */
export async function freshExpiry(db: Db, now: Date): Promise<Date> {
  const settings = await readPlatformSettings(db);
  return new Date(now.getTime() + settings.invitationValidityDays * DAY_MS);
}

export function isExpired(invitation: Pick<Invitation, "expiresAt">, now: Date): boolean {
  return invitation.expiresAt.getTime() <= now.getTime();
}
