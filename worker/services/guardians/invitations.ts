import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { insertWhere, rowHolds } from "#db/conditional.ts";
import { childGuardians, children, invitations, schools } from "#db/schema/index.ts";
import { CHILD_MESSAGES } from "#shared/children.ts";
import {
  type acceptGuardianInvitationInput,
  GUARDIAN_MESSAGES,
  type inviteGuardianInput,
  type resendGuardianInvitationInput,
  type revokeGuardianInvitationInput,
} from "#shared/guardians.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { randomHex, sha256Hex } from "#worker/auth/crypto.ts";
import { normalizeEmail } from "#worker/auth/users.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { HOUR_MS } from "../_shared/time.ts";
import { auditInsert } from "../audit.ts";
import { limitEmailSend } from "../email/limits.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { acceptGuardianLinks, familyChildColumn, ownChild } from "../family/guardianship.ts";
import { reissueInvitation, resendKind, resentExpiry, resentMessage } from "../invitations/manage.ts";
import {
  freshExpiry,
  type Invitation,
  invitationMetadata,
  isExpired,
  issueSecrets,
  TOKEN_BYTES,
} from "../invitations/shared.ts";
import { guardianInvitationMessage, resentGuardianNames } from "./email.ts";
import { childHasRoomFor, guardiansAndOpen, refuseUnlessRoom } from "./room.ts";

/** Guardian invitations a parent may send: a few an hour (a family, not a mailing), on top of the e-mail limits (TK3). */
export const GUARDIAN_INVITATION_LIMIT = { windowMs: HOUR_MS, max: 5 } as const;

/**
 * The guard of the write: the child still guarded by the parent, and room for the address
 * (`childHasRoomFor`: below the bound, no open invitation to it; two concurrent invitations of one
 * address make one).
 */
function roomFor(scope: ParentScope, childId: string, email: string, now: Date): SQL {
  return sql`exists (select 1 from ${children} where ${ownChild(scope, childId)})
    and ${childHasRoomFor(childId, email, now)}`;
}

/**
 * The limits of sending a guardian invitation (or resending one): the parent's hourly window, then
 * the e-mail limits (TK3). Called after the refusals, which tell nothing the guardians list does not.
 */
async function limitGuardianInvitation(scope: ParentScope, email: string) {
  const { db } = scope.deps;
  const limit = await hitWindow(
    db,
    `guardians:invite:${scope.parentId}`,
    scope.now,
    GUARDIAN_INVITATION_LIMIT.windowMs,
    GUARDIAN_INVITATION_LIMIT.max,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  await limitEmailSend(db, { recipient: email, actorId: scope.actor.id, ipAddress: scope.meta.ipAddress }, scope.now);
}

/**
 * `parent.guardians.invite`: a parent invites a second guardian of one of their children by e-mail,
 * through the invitation machinery (a pending `parent` invitation of the school with `child_id`,
 * token hashed, expiry from the platform settings, the e-mail limits, the hourly reminder and expiry
 * sweeps, an admin's revoke). The answer is the same for every address (AU1): a fresh address gets
 * the link to create an account; one with a parent account at this school gets the link to sign in
 * and accept; one with an account at another school gets the notice without any link (ADR 0012).
 */
export async function inviteGuardian(scope: ParentScope, input: z.infer<typeof inviteGuardianInput>) {
  const { deps, actor, now } = scope;
  const { db, config } = deps;
  const email = normalizeEmail(input.email);
  const [childRows, guardianRows, openRows, schoolRows] = await db.batch([
    db.select({ id: children.id, name: children.name }).from(children).where(ownChild(scope, input.childId)),
    ...guardiansAndOpen(db, input.childId, now),
    db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId)),
  ]);
  const child = childRows[0];
  if (!child) throw new AppError("NOT_FOUND", CHILD_MESSAGES.notFound);
  if (email === normalizeEmail(actor.email)) throw new AppError("CONFLICT", GUARDIAN_MESSAGES.yourself);
  refuseUnlessRoom(guardianRows, openRows, email);
  await limitGuardianInvitation(scope, email);

  const expiresAt = await freshExpiry(db, now);
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
    expiresAt,
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
  const { notified, message } = await guardianInvitationMessage(
    db,
    config.appUrl,
    invitation,
    { name: input.name.trim(), inviterName: actor.name, childName: child.name, schoolName },
    secrets,
  );
  // ONE guarded insert: there is still room for the address (see `roomFor`).
  await commitWithOutbox(scope, [insertWhere(db, invitations, invitation, roomFor(scope, child.id, email, now))], {
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
        ...(notified ? { existing_account_notified: true } : {}),
      },
    },
    claim: {
      won: rowHolds(invitations, invitation.id, invitations.tokenHash, secrets.tokenHash),
      lost: new AppError("CONFLICT", GUARDIAN_MESSAGES.pendingExists),
    },
  });
  return { message: GUARDIAN_MESSAGES.invited };
}

/**
 * `parent.guardians.resend`: any guardian of the child sends an invitation still waiting again, with
 * the admin's resend rules (`resendKind`): a fresh token (the old link stops working), and one past
 * its expiry is renewed with a new expiry, as long as the child still has room for it (a renewed
 * invitation is open again). The invite's limits, e-mail and answer (AU1). Another family's or
 * school's invitation, or one that is not a guardian invitation, is NOT_FOUND and changes nothing.
 */
export async function resendGuardianInvitation(
  scope: ParentScope,
  input: z.infer<typeof resendGuardianInvitationInput>,
) {
  const { deps, actor, now } = scope;
  const { db, config } = deps;
  const [found] = await db
    .select({ invitation: invitations, childName: children.name, schoolName: schools.name })
    .from(invitations)
    .innerJoin(children, eq(children.id, invitations.childId))
    .innerJoin(schools, eq(schools.id, invitations.schoolId))
    .where(
      and(
        eq(invitations.id, input.inviteId),
        eq(invitations.schoolId, scope.schoolId),
        familyChildColumn(scope, invitations.childId),
      ),
    )
    .limit(1);
  if (!found) throw new AppError("NOT_FOUND", INVITATION_MESSAGES.notFound);
  const { invitation, childName, schoolName } = found;
  const childId = invitation.childId!;
  const kind = resendKind(invitation, now);
  if (!kind) throw new AppError("BAD_REQUEST", GUARDIAN_MESSAGES.resendOnlyWaiting);
  if (kind === "renew") {
    const [guardianRows, openRows] = await db.batch(guardiansAndOpen(db, childId, now));
    refuseUnlessRoom(guardianRows, openRows, invitation.email);
  }
  await limitGuardianInvitation(scope, invitation.email);

  const expiresAt = await resentExpiry(db, invitation, kind, now);
  const secrets = await issueSecrets("parent");
  const { notified, message } = await guardianInvitationMessage(
    db,
    config.appUrl,
    { ...invitation, expiresAt },
    resentGuardianNames(invitation, { inviterName: actor.name, childName, schoolName }),
    secrets,
  );
  // A renewed invitation is open again: the same room as a new one (a resend keeps its place).
  const onlyIf = kind === "renew" ? roomFor(scope, childId, invitation.email, now) : undefined;
  await commitWithOutbox(scope, [reissueInvitation(db, invitation, secrets, expiresAt, now, onlyIf)], {
    emails: [{ ...message, to: invitation.email, schoolId: scope.schoolId, relatedId: invitation.id }],
    audit: {
      eventType: kind === "renew" ? "invitation_regenerated" : "invitation_resent",
      description: `Resent the guardian invitation of ${invitation.email}`,
      schoolId: scope.schoolId,
      metadata: {
        invite_id: invitation.id,
        email: invitation.email,
        child_id: childId,
        ...(notified ? { existing_account_notified: true } : {}),
      },
    },
    claim: {
      won: rowHolds(invitations, invitation.id, invitations.tokenHash, secrets.tokenHash),
      lost: new AppError("CONFLICT", GUARDIAN_MESSAGES.resendOnlyWaiting),
    },
  });
  return { message: resentMessage(kind) };
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
