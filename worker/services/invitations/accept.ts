import { and, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { insertWhere, rowHolds } from "#db/conditional.ts";
import { drivers, invitations, parents, schoolAdmins, schools } from "#db/schema/index.ts";
import {
  type AcceptInvitationInput,
  acceptInvitationRoleIssues,
  INVITATION_MESSAGES,
  INVITATION_ROLE_LABELS,
  type tokenInput,
} from "#shared/invitations.ts";
import { isLocale } from "#shared/locales.ts";
import { phoneRegion } from "#shared/phone-region.ts";
import { constantTimeEqualText, sha256Hex } from "#worker/auth/crypto.ts";
import { hashPassword } from "#worker/auth/password.ts";
import { createSession, type NewSession } from "#worker/auth/session.ts";
import { findAccountById, normalizeEmail, type SessionUser, toSessionUser, USER_TABLES } from "#worker/auth/users.ts";
import { checkedPhone } from "../_shared/phone.ts";
import type { PublicScope } from "../_shared/scope.ts";
import { auditInsert, type RequestMeta } from "../audit.ts";
import { assertAcceptableNewPassword } from "../auth/account.ts";
import { AppError } from "../errors.ts";
import { acceptGuardianLinks } from "../family/guardianship.ts";
import { accountWithEmail, type Invitation, invitedName, isExpired } from "./shared.ts";

/** The invitation a token names, if it is still pending; the spec's messages otherwise. */
async function pendingInvitationByToken(db: Db, token: string, now: Date) {
  const trimmed = token.trim();
  if (!trimmed) throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.missingToken);
  const [row] = await db
    .select({
      invitation: invitations,
      schoolName: schools.name,
      schoolActive: schools.isActive,
      country: schools.country,
      timeZone: schools.timeZone,
    })
    .from(invitations)
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .where(eq(invitations.tokenHash, await sha256Hex(trimmed)))
    .limit(1);
  if (row?.invitation.status !== "pending" || !row.schoolActive) {
    throw new AppError("NOT_FOUND", INVITATION_MESSAGES.invalidOrExpired);
  }
  if (isExpired(row.invitation, now)) throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.expired);
  return { ...row, region: phoneRegion(row) };
}

/** What the accept-invite page shows before the form. */
export async function describeInvitation(scope: PublicScope, input: z.infer<typeof tokenInput>) {
  const { deps, now } = scope;
  const { db } = deps;
  const { token } = input;
  const { invitation, schoolName, region } = await pendingInvitationByToken(db, token, now);
  return {
    email: invitation.email,
    role: invitation.role,
    schoolName,
    /** The form reads phone numbers typed without + in the school's region, as the server does. */
    phoneRegion: region,
    name: invitedName(invitation.metadata),
    expiresAt: invitation.expiresAt,
    /** A guardian invitation: the child shared and who shares it (ADR 0053); null otherwise. */
    guardianOf: invitation.childId
      ? { childName: invitation.metadata.child_name ?? "", inviterName: invitation.metadata.inviter_name ?? "" }
      : null,
  };
}

export type AcceptedAccount = { user: SessionUser; session: NewSession };

type NewAccount = {
  invitation: Invitation;
  userId: string;
  passwordHash: string;
  mustChangePassword: boolean;
  profile: {
    name: string;
    phone: string;
    address: string;
    position?: string;
    emergencyContact?: string;
    emergencyPhone?: string;
  };
};

/**
 * Accepts an invitation atomically: one batch marks it accepted (only if still pending and
 * unexpired, stamping the new user id), creates the account only if that stamp is ours, and
 * audits. Of two concurrent redemptions of one token, exactly one creates an account.
 */
async function redeem(db: Db, account: NewAccount, meta: RequestMeta, now: Date): Promise<boolean> {
  const { invitation, userId, profile } = account;
  const won = rowHolds(invitations, invitation.id, invitations.acceptedUserId, userId);
  const guardianLinks = await acceptGuardianLinks(db, invitation, userId, now, won);
  const common = {
    id: userId,
    schoolId: invitation.schoolId,
    email: invitation.email,
    name: profile.name,
    passwordHash: account.passwordHash,
    phone: profile.phone,
    address: profile.address,
    mustChangePassword: account.mustChangePassword,
    // A language the invitation carries (a school's first admin: their registration's) is theirs.
    locale: isLocale(invitation.metadata.locale) ? invitation.metadata.locale : null,
    isActive: true,
    createdBy: invitation.invitedBy,
    createdAt: now,
    updatedAt: now,
  };
  const { address: _address, ...driver } = common;
  const userInsert =
    invitation.role === "school_admin"
      ? insertWhere(db, schoolAdmins, { ...common, position: profile.position || "Administrator" }, won)
      : invitation.role === "driver"
        ? insertWhere(db, drivers, driver, won)
        : insertWhere(
            db,
            parents,
            {
              ...common,
              emergencyContact: profile.emergencyContact ?? "",
              emergencyPhone: profile.emergencyPhone ?? "",
            },
            won,
          );
  const [, inserted] = await db.batch([
    db
      .update(invitations)
      .set({ status: "accepted", acceptedAt: now, acceptedUserId: userId, updatedAt: now })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, "pending"), gt(invitations.expiresAt, now))),
    userInsert,
    // A guardian invitation (ADR 0053): the new account guards the child (and its import siblings), in the same batch.
    ...guardianLinks,
    auditInsert(
      db,
      {
        eventType: "invitation_accepted",
        description: `${invitation.email} accepted the ${INVITATION_ROLE_LABELS[invitation.role]} invitation`,
        userId,
        userRole: invitation.role,
        schoolId: invitation.schoolId,
        metadata: { invite_id: invitation.id, email: invitation.email },
        at: now,
      },
      meta,
      won,
    ),
  ]);
  return inserted.rowsAffected === 1;
}

/** One address, one account per role: an invitation to an address that has one is never accepted. */
async function assertNoAccount(db: Db, invitation: Invitation) {
  if (await accountWithEmail(db, invitation.role, invitation.email))
    throw new AppError("CONFLICT", INVITATION_MESSAGES.accountExists);
}

async function signIn(
  db: Db,
  role: Invitation["role"],
  userId: string,
  meta: RequestMeta,
  now: Date,
): Promise<AcceptedAccount> {
  const table = USER_TABLES[role];
  await db.update(table).set({ lastLogin: now }).where(eq(table.id, userId));
  const account = await findAccountById(db, role, userId);
  if (!account) throw new AppError("NOT_FOUND", INVITATION_MESSAGES.invalidOrExpired);
  const session = await createSession(db, {
    userId,
    role,
    remember: false,
    now,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
  return { user: toSessionUser(account), session };
}

/** The accept-invite form: creates the account with the password the person chose, signs them in. */
export async function acceptInvitation(scope: PublicScope, input: AcceptInvitationInput): Promise<AcceptedAccount> {
  const { deps, meta, now } = scope;
  const { db } = deps;
  const { invitation, region } = await pendingInvitationByToken(db, input.token, now);
  const [roleIssue] = acceptInvitationRoleIssues(invitation.role, input);
  if (roleIssue) throw new AppError("BAD_REQUEST", roleIssue.message);
  // The phone rule in the school's region (the parent's emergency phone is required, checked above).
  const phone = checkedPhone(region, input.phone);
  const emergencyPhone =
    invitation.role === "parent"
      ? checkedPhone(region, input.emergencyPhone, INVITATION_MESSAGES.emergencyPhoneRequired)
      : undefined;
  await assertAcceptableNewPassword(deps, input.password);
  await assertNoAccount(db, invitation);

  const userId = crypto.randomUUID();
  const won = await redeem(
    db,
    {
      invitation,
      userId,
      passwordHash: await deps.passwordSlots.run(() => hashPassword(input.password)),
      // They just chose their password; there is nothing to change.
      mustChangePassword: false,
      profile: {
        name: input.name.trim(),
        phone,
        address: input.address?.trim() ?? "",
        position: input.position?.trim() || "Administrator",
        emergencyContact: input.emergencyContact?.trim(),
        emergencyPhone,
      },
    },
    meta,
    now,
  );
  if (!won) throw new AppError("CONFLICT", INVITATION_MESSAGES.invalidOrExpired);
  return signIn(db, invitation.role, userId, meta, now);
}

/**
 * A school admin with no account may sign in at /login/school with the e-mail and the
 * temporary password of a pending invitation. That creates the account (position Administrator,
 * must change password) and accepts the invitation. Returns null when no invitation matches.
 */
export async function acceptWithTemporaryPassword(
  db: Db,
  credentials: { email: string; password: string },
  meta: RequestMeta,
  now: Date,
): Promise<AcceptedAccount | null> {
  const email = normalizeEmail(credentials.email);
  const candidates = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.email, email),
        eq(invitations.role, "school_admin"),
        eq(invitations.status, "pending"),
        gt(invitations.expiresAt, now),
      ),
    );
  const passwordHash = await sha256Hex(credentials.password);
  const invitation = candidates.find(
    (candidate) =>
      candidate.temporaryPasswordHash !== null && constantTimeEqualText(candidate.temporaryPasswordHash, passwordHash),
  );
  if (!invitation) return null;
  const [school] = await db
    .select({ isActive: schools.isActive })
    .from(schools)
    .where(eq(schools.id, invitation.schoolId));
  if (!school?.isActive) return null;

  const userId = crypto.randomUUID();
  const won = await redeem(
    db,
    {
      invitation,
      userId,
      passwordHash: await hashPassword(credentials.password),
      mustChangePassword: true,
      profile: { name: invitedName(invitation.metadata) ?? email, phone: "", address: "", position: "Administrator" },
    },
    meta,
    now,
  );
  if (!won) return null;
  return signIn(db, "school_admin", userId, meta, now);
}
