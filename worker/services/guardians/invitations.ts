import { and, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { insertWhere, rowHolds } from "#db/conditional.ts";
import { childGuardians, children, invitations, parents, schools } from "#db/schema/index.ts";
import { CHILD_MESSAGES } from "#shared/children.ts";
import {
  type acceptGuardianInvitationInput,
  GUARDIAN_MESSAGES,
  GUARDIANS_PER_CHILD_MAX,
  type inviteGuardianInput,
  type revokeGuardianInvitationInput,
} from "#shared/guardians.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { randomHex, sha256Hex } from "#worker/auth/crypto.ts";
import { normalizeEmail } from "#worker/auth/users.ts";
import { guardianInvitationEmail } from "#worker/email/templates.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { DAY_MS, HOUR_MS } from "../_shared/time.ts";
import { auditInsert } from "../audit.ts";
import { limitEmailSend } from "../email/limits.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { acceptGuardianLinks, ownChild } from "../family/guardianship.ts";
import {
  acceptLink,
  accountWithEmail,
  type Invitation,
  invitationMetadata,
  invitationOrNotice,
  isExpired,
  issueSecrets,
  TOKEN_BYTES,
} from "../invitations/shared.ts";
import { readPlatformSettings } from "../platform/settings.ts";

/** Guardian invitations a parent may send: a few an hour (a family, not a mailing), on top of the e-mail limits (TK3). */
export const GUARDIAN_INVITATION_LIMIT = { windowMs: HOUR_MS, max: 5 } as const;

/** Where an address that already has a parent account at the school accepts: signed in, on My Children. */
export function guardianAcceptLink(appUrl: string, token: string): string {
  return `${appUrl}/parent/children?guardianToken=${token}`;
}

/** The open invitations of a child (pending, not expired): `invitations` rows. */
const openFor = (childId: string, now: Date) =>
  and(eq(invitations.childId, childId), eq(invitations.status, "pending"), gt(invitations.expiresAt, now));

/**
 * `parent.guardians.invite`: a parent invites a second guardian of one of their children by e-mail,
 * through the invitation machinery (a pending `parent` invitation of the school with `child_id`,
 * token hashed, expiry from the platform settings, the e-mail limits, the hourly reminder and expiry
 * sweeps, an admin's revoke). The answer is the same for every address (AU1): a fresh address gets
 * the link to create an account; one with a parent account at this school gets the link to sign in
 * and accept; one with an account at another school gets the notice without any link (ADR 0012).
 */
export async function inviteGuardian(scope: ParentScope, input: z.infer<typeof inviteGuardianInput>) {
  const { deps, actor, meta, now } = scope;
  const { db, config } = deps;
  const email = normalizeEmail(input.email);
  const [childRows, guardianRows, openRows, schoolRows] = await db.batch([
    db.select({ id: children.id, name: children.name }).from(children).where(ownChild(scope, input.childId)),
    db
      .select({ email: parents.email })
      .from(childGuardians)
      .innerJoin(parents, eq(parents.id, childGuardians.parentId))
      .where(eq(childGuardians.childId, input.childId)),
    db.select({ email: invitations.email }).from(invitations).where(openFor(input.childId, now)),
    db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId)),
  ]);
  const child = childRows[0];
  if (!child) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  if (email === normalizeEmail(actor.email)) throw new AppError("CONFLICT", GUARDIAN_MESSAGES.yourself);
  if (guardianRows.some((row) => row.email === email))
    throw new AppError("CONFLICT", GUARDIAN_MESSAGES.alreadyGuardian);
  if (openRows.some((row) => row.email === email)) throw new AppError("CONFLICT", GUARDIAN_MESSAGES.pendingExists);
  if (guardianRows.length + openRows.length >= GUARDIANS_PER_CHILD_MAX)
    throw new AppError("BAD_REQUEST", GUARDIAN_MESSAGES.tooMany);
  // The invitations sent count, not the refusals above (which tell nothing the guardians list does not).
  const limit = await hitWindow(
    db,
    `guardians:invite:${scope.parentId}`,
    now,
    GUARDIAN_INVITATION_LIMIT.windowMs,
    GUARDIAN_INVITATION_LIMIT.max,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  await limitEmailSend(db, { recipient: email, actorId: actor.id, ipAddress: meta.ipAddress }, now);

  const [account, settings] = await Promise.all([accountWithEmail(db, "parent", email), readPlatformSettings(db)]);
  const schoolName = schoolRows[0]?.name ?? "";
  const secrets = await issueSecrets("parent");
  const invitation: Invitation = {
    id: crypto.randomUUID(),
    email,
    role: "parent",
    schoolId: scope.schoolId,
    tokenHash: secrets.tokenHash,
    temporaryPasswordHash: null,
    status: "pending",
    expiresAt: new Date(now.getTime() + settings.invitationValidityDays * DAY_MS),
    acceptedAt: null,
    acceptedUserId: null,
    childId: child.id,
    revokedAt: null,
    reminderSentAt: null,
    invitedBy: actor.id,
    invitedByRole: "parent",
    metadata: {
      ...invitationMetadata("parent", input.name.trim(), config.appUrl),
      inviter_name: actor.name,
      child_name: child.name,
    },
    createdAt: now,
    updatedAt: now,
  };
  const sameSchool = account?.schoolId === scope.schoolId;
  const message =
    account && !sameSchool
      ? invitationOrNotice(invitation, schoolName, secrets, config.appUrl, true)
      : {
          ...guardianInvitationEmail({
            name: input.name.trim(),
            inviterName: actor.name,
            childName: child.name,
            schoolName,
            acceptLink: sameSchool
              ? guardianAcceptLink(config.appUrl, secrets.token)
              : acceptLink(config.appUrl, secrets.token),
            expiresAt: invitation.expiresAt,
            hasAccount: sameSchool,
          }),
          type: "parent_invite" as const,
        };
  // ONE guarded insert: the child still guarded by the inviter, below the bound, no open invitation
  // to the address (two concurrent invitations of one address make one).
  const open = sql`(select count(*) from ${invitations} where ${openFor(child.id, now)})`;
  const guardians = sql`(select count(*) from ${childGuardians} where ${childGuardians.childId} = ${child.id})`;
  await commitWithOutbox(
    scope,
    [
      insertWhere(
        db,
        invitations,
        invitation,
        sql`exists (select 1 from ${children} where ${ownChild(scope, child.id)})
          and ${open} + ${guardians} < ${GUARDIANS_PER_CHILD_MAX}
          and not exists (select 1 from ${invitations} where ${openFor(child.id, now)} and ${invitations.email} = ${email})`,
      ),
    ],
    {
      emails: [{ ...message, to: email, schoolId: scope.schoolId, relatedId: invitation.id }],
      audit: {
        eventType: "invitation_sent",
        description: `Invited ${email} as a guardian of a child`,
        schoolId: scope.schoolId,
        metadata: {
          invite_id: invitation.id,
          email,
          role: "parent",
          child_id: child.id,
          ...(account && !sameSchool ? { existing_account_notified: true } : {}),
        },
      },
      claim: {
        won: rowHolds(invitations, invitation.id, invitations.tokenHash, secrets.tokenHash),
        lost: new AppError("CONFLICT", GUARDIAN_MESSAGES.pendingExists),
      },
    },
  );
  return { message: GUARDIAN_MESSAGES.invited };
}

/** `parent.guardians.revoke`: withdraw an open invitation of a child the parent guards. */
export async function revokeGuardianInvitation(
  scope: ParentScope,
  input: z.infer<typeof revokeGuardianInvitationInput>,
) {
  const { db } = scope.deps;
  const [updated] = await db.batch([
    db
      .update(invitations)
      .set({ status: "revoked", revokedAt: scope.now, updatedAt: scope.now })
      .where(
        and(
          eq(invitations.id, input.inviteId),
          eq(invitations.schoolId, scope.schoolId),
          eq(invitations.status, "pending"),
          sql`${invitations.childId} in (select ${childGuardians.childId} from ${childGuardians} where ${childGuardians.parentId} = ${scope.parentId} and ${childGuardians.schoolId} = ${scope.schoolId})`,
        ),
      )
      .returning({ id: invitations.id, email: invitations.email }),
    auditInsert(
      scope.deps.db,
      {
        eventType: "invitation_revoked",
        description: "A parent withdrew a guardian invitation",
        userId: scope.actor.id,
        userRole: "parent",
        schoolId: scope.schoolId,
        metadata: { invite_id: input.inviteId },
        at: scope.now,
      },
      scope.meta,
      sql`exists (select 1 from ${invitations} where ${invitations.id} = ${input.inviteId} and ${invitations.status} = 'revoked' and ${invitations.revokedAt} = ${scope.now.getTime()})`,
    ),
  ]);
  if (updated.length === 0) throw new AppError("NOT_FOUND", INVITATION_MESSAGES.notFound);
  return { message: GUARDIAN_MESSAGES.revoked };
}

/**
 * `parent.guardians.accept`: a parent already signed in at the invitation's school, with the invited
 * address, becomes the child's guardian without a second account. ONE batch: the invitation is
 * claimed (still pending and unexpired; its token hash replaced by a fresh one, so the spent link
 * stops working and of two concurrent acceptances exactly one wins), then the link and the audit
 * row, both only if the claim is ours.
 */
export async function acceptGuardianInvitation(
  scope: ParentScope,
  input: z.infer<typeof acceptGuardianInvitationInput>,
) {
  const { db } = scope.deps;
  const { now } = scope;
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(eq(invitations.tokenHash, await sha256Hex(input.token.trim())), eq(invitations.schoolId, scope.schoolId)),
    )
    .limit(1);
  if (!row?.childId || row.status !== "pending") throw new AppError("NOT_FOUND", INVITATION_MESSAGES.invalidOrExpired);
  if (isExpired(row, now)) throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.expired);
  if (row.email !== normalizeEmail(scope.actor.email)) throw new AppError("FORBIDDEN", GUARDIAN_MESSAGES.wrongAccount);
  const claim = await sha256Hex(randomHex(TOKEN_BYTES));
  const won = rowHolds(invitations, row.id, invitations.tokenHash, claim);
  const links = await acceptGuardianLinks(db, row, scope.parentId, now, won);
  const [claimed] = await db.batch([
    db
      .update(invitations)
      .set({ status: "accepted", acceptedAt: now, acceptedUserId: scope.parentId, tokenHash: claim, updatedAt: now })
      .where(and(eq(invitations.id, row.id), eq(invitations.status, "pending"), gt(invitations.expiresAt, now))),
    ...links,
    auditInsert(
      db,
      {
        eventType: "invitation_accepted",
        description: `${row.email} accepted a guardian invitation`,
        userId: scope.actor.id,
        userRole: "parent",
        schoolId: scope.schoolId,
        metadata: { invite_id: row.id, email: row.email, child_id: row.childId },
        at: now,
      },
      scope.meta,
      won,
    ),
  ]);
  if (claimed.rowsAffected !== 1) throw new AppError("CONFLICT", INVITATION_MESSAGES.invalidOrExpired);
  return { childId: row.childId, message: GUARDIAN_MESSAGES.accepted };
}
