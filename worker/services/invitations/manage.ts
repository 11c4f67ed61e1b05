import { and, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { rowHolds } from "#db/conditional.ts";
import { children, type EmailType, invitations } from "#db/schema/index.ts";
import { INVITATION_MESSAGES, type invitationIdInput, type resendInvitationInput } from "#shared/invitations.ts";
import { type RenderedEmail, revokedInvitationEmail } from "#worker/email/templates.ts";
import { schoolLocale } from "#worker/i18n/person.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import type { Scope } from "../_shared/scope.ts";
import { limitEmailSend } from "../email/limits.ts";
import { AppError } from "../errors.ts";
import { guardianInvitationMessage, resentGuardianNames } from "../guardians/email.ts";
import { childHasRoomFor, guardiansAndOpen, refuseUnlessRoom } from "../guardians/room.ts";
import {
  accountWithEmail,
  findManageableInvitation,
  freshExpiry,
  type Invitation,
  type IssuedSecrets,
  invitationOrNotice,
  invitedName,
  isExpired,
  issueSecrets,
} from "./shared.ts";

/**
 * What resending an invitation does: `resend` a pending one before its expiry (a new link, the same
 * expiry), `renew` an expired one, marked so or pending past its expiry (a new link, a new expiry,
 * pending again); null for one accepted or revoked (nothing to resend).
 */
export type ResendKind = "resend" | "renew";
export function resendKind(invitation: Pick<Invitation, "status" | "expiresAt">, now: Date): ResendKind | null {
  if (invitation.status === "expired" || (invitation.status === "pending" && isExpired(invitation, now)))
    return "renew";
  return invitation.status === "pending" ? "resend" : null;
}

/** The expiry after a resend: a renewal runs the platform's validity again from now; a resend keeps it. */
export async function resentExpiry(db: Db, invitation: Pick<Invitation, "expiresAt">, kind: ResendKind, now: Date) {
  return kind === "renew" ? await freshExpiry(db, now) : invitation.expiresAt;
}

/** The answer to a resend (the same whatever the address, AU1). */
export const resentMessage = (kind: ResendKind) =>
  kind === "renew" ? INVITATION_MESSAGES.resentWithNewToken : INVITATION_MESSAGES.resent;

/**
 * The claim of a resend: the fresh token's hash (only hashes are stored, so the previous link stops
 * working), the expiry, pending again, the reminder due again. Guarded: the invitation must still be
 * what was read (nobody accepted, revoked or resent it meanwhile), and `onlyIf` must hold.
 */
export function reissueInvitation(
  db: Db,
  invitation: Pick<Invitation, "id" | "status" | "tokenHash">,
  secrets: Pick<IssuedSecrets, "tokenHash" | "temporaryPasswordHash">,
  expiresAt: Date,
  now: Date,
  onlyIf: SQL = sql`1`,
) {
  return db
    .update(invitations)
    .set({
      tokenHash: secrets.tokenHash,
      temporaryPasswordHash: secrets.temporaryPasswordHash,
      status: "pending",
      expiresAt,
      reminderSentAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(invitations.id, invitation.id),
        eq(invitations.status, invitation.status),
        eq(invitations.tokenHash, invitation.tokenHash),
        onlyIf,
      ),
    );
}

/**
 * The e-mail of a resend: a guardian invitation (it names a child: a parent's, or a pupil import's)
 * gets the guardian e-mail, as when it was sent; any other, its role's invitation (or the notice).
 */
async function resentMessageOf(
  db: Db,
  appUrl: string,
  invitation: Invitation,
  schoolName: string,
  secrets: IssuedSecrets,
): Promise<RenderedEmail & { type: EmailType }> {
  if (invitation.childId) {
    const [child] = await db.select({ name: children.name }).from(children).where(eq(children.id, invitation.childId));
    const names = resentGuardianNames(invitation, {
      inviterName: schoolName,
      childName: child?.name ?? invitation.metadata.child_name ?? "",
      schoolName,
    });
    return (await guardianInvitationMessage(db, appUrl, invitation, names, secrets)).message;
  }
  const addressHasAccount = (await accountWithEmail(db, invitation.role, invitation.email)) !== null;
  return invitationOrNotice(invitation, schoolName, secrets, appUrl, addressHasAccount, {
    locale: await schoolLocale(db, invitation.schoolId),
  });
}

/**
 * Resend (pending, not expired) or regenerate (expired: new expiry, pending again). Every resend
 * issues a fresh token — the previous link stops working. Returns the spec's success message.
 */
export async function resendInvitation(
  scope: Scope,
  input: z.infer<typeof resendInvitationInput>,
): Promise<{ message: string }> {
  const { deps, actor, meta, now } = scope;
  const { db, config } = deps;
  const regenerate = input.regenerateToken;
  const { invitation, schoolName } = await findManageableInvitation(db, input.inviteId, actor);
  const kind = resendKind(invitation, now);
  if (kind !== (regenerate ? "renew" : "resend")) {
    throw new AppError(
      "BAD_REQUEST",
      regenerate ? INVITATION_MESSAGES.regenerateOnlyExpired : INVITATION_MESSAGES.resendOnlyPending,
    );
  }
  // A renewed guardian invitation is open again: the child must have room for it, as for a new one.
  let onlyIf: SQL | undefined;
  if (kind === "renew" && invitation.childId) {
    const [guardianRows, openRows] = await db.batch(guardiansAndOpen(db, invitation.childId, now));
    refuseUnlessRoom(guardianRows, openRows, invitation.email);
    onlyIf = childHasRoomFor(invitation.childId, invitation.email, now);
  }
  await limitEmailSend(db, { recipient: invitation.email, actorId: actor.id, ipAddress: meta.ipAddress }, now);
  const expiresAt = await resentExpiry(db, invitation, kind, now);
  const secrets = await issueSecrets(invitation.role);
  const message = await resentMessageOf(db, config.appUrl, { ...invitation, expiresAt }, schoolName, secrets);
  // The e-mail and the audit row exist only if our update won (the new token is in place).
  const won = rowHolds(invitations, invitation.id, invitations.tokenHash, secrets.tokenHash);
  await commitWithOutbox(scope, [reissueInvitation(db, invitation, secrets, expiresAt, now, onlyIf)], {
    emails: [
      {
        ...message,
        to: invitation.email,
        schoolId: invitation.schoolId,
        relatedId: invitation.id,
      },
    ],
    audit: {
      eventType: kind === "renew" ? "invitation_regenerated" : "invitation_resent",
      description: `${regenerate ? "Regenerated and resent" : "Resent"} the invitation of ${invitation.email}`,
      schoolId: invitation.schoolId,
      metadata: { invite_id: invitation.id, email: invitation.email },
    },
    claim: { won, lost: new AppError("CONFLICT", INVITATION_MESSAGES.resendOnlyPending) },
  });
  return { message: resentMessage(kind) };
}

/** Revokes a pending invitation: status revoked, revoked_at and updated_at stamped; the invitee is told. */
export async function revokeInvitation(
  scope: Scope,
  input: z.infer<typeof invitationIdInput>,
): Promise<{ message: string }> {
  const { deps, actor, now } = scope;
  const { db } = deps;
  const { invitation, schoolName } = await findManageableInvitation(db, input.inviteId, actor);
  if (invitation.status !== "pending") throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.revokeOnlyPending);
  // The token dies with the invitation; the replacement is unique to this request, so a concurrent
  // revoke cannot also count as the winner.
  const marker = `revoked:${crypto.randomUUID()}`;
  const won = rowHolds(invitations, invitation.id, invitations.tokenHash, marker);
  await commitWithOutbox(
    scope,
    [
      db
        .update(invitations)
        .set({ status: "revoked", revokedAt: now, updatedAt: now, tokenHash: marker })
        .where(and(eq(invitations.id, invitation.id), eq(invitations.status, "pending"))),
    ],
    {
      emails: [
        {
          ...revokedInvitationEmail({
            locale: await schoolLocale(db, invitation.schoolId),
            name: invitedName(invitation.metadata) ?? invitation.email,
            schoolName,
          }),
          type: "invite_revoked",
          to: invitation.email,
          schoolId: invitation.schoolId,
          relatedId: invitation.id,
        },
      ],
      audit: {
        eventType: "invitation_revoked",
        description: `Revoked the invitation of ${invitation.email}`,
        schoolId: invitation.schoolId,
        metadata: { invite_id: invitation.id, email: invitation.email },
      },
      claim: { won, lost: new AppError("CONFLICT", INVITATION_MESSAGES.revokeOnlyPending) },
    },
  );
  return { message: INVITATION_MESSAGES.revoked };
}
