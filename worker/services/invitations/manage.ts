import { and, eq } from "drizzle-orm";
import { rowHolds } from "#db/conditional.ts";
import { invitations } from "#db/schema/index.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { revokedInvitationEmail } from "#worker/email/templates.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import type { Scope } from "../_shared/scope.ts";
import { DAY_MS } from "../_shared/time.ts";
import { limitEmailSend } from "../email/limits.ts";
import { AppError } from "../errors.ts";
import { readPlatformSettings } from "../platform/settings.ts";
import {
  accountWithEmail,
  findManageableInvitation,
  invitationOrNotice,
  invitedName,
  isExpired,
  issueSecrets,
} from "./shared.ts";

/**
 * Resend (pending, not expired) or regenerate (expired: new expiry, pending again). Only hashes are
 * stored, so every resend issues a fresh token — the previous link stops working (a new token
 * revokes the old one). Returns the spec's success message.
 */
export async function resendInvitation(
  scope: Scope,
  input: { inviteId: string; regenerateToken: boolean },
): Promise<{ message: string }> {
  const { deps, actor, meta, now } = scope;
  const { db, config } = deps;
  const regenerate = input.regenerateToken;
  const { invitation, schoolName } = await findManageableInvitation(db, input.inviteId, actor);
  const expired = invitation.status === "expired" || (invitation.status === "pending" && isExpired(invitation, now));
  if (regenerate ? !expired : invitation.status !== "pending" || expired) {
    throw new AppError(
      "BAD_REQUEST",
      regenerate ? INVITATION_MESSAGES.regenerateOnlyExpired : INVITATION_MESSAGES.resendOnlyPending,
    );
  }
  await limitEmailSend(db, { recipient: invitation.email, actorId: actor.id, ipAddress: meta.ipAddress }, now);
  const settings = regenerate ? await readPlatformSettings(db) : null;
  const addressHasAccount = (await accountWithEmail(db, invitation.role, invitation.email)) !== null;
  const secrets = await issueSecrets(invitation.role);
  const expiresAt = settings
    ? new Date(now.getTime() + settings.invitationValidityDays * DAY_MS)
    : invitation.expiresAt;
  // The e-mail and the audit row exist only if our update won (the new token is in place).
  const won = rowHolds(invitations, invitation.id, invitations.tokenHash, secrets.tokenHash);
  await commitWithOutbox(
    scope,
    [
      db
        .update(invitations)
        .set({
          tokenHash: secrets.tokenHash,
          temporaryPasswordHash: secrets.temporaryPasswordHash,
          status: "pending",
          expiresAt,
          reminderSentAt: null,
          updatedAt: now,
        })
        // Guarded: the invitation must still be what we checked (nobody accepted or revoked it meanwhile).
        .where(
          and(
            eq(invitations.id, invitation.id),
            eq(invitations.status, invitation.status),
            eq(invitations.tokenHash, invitation.tokenHash),
          ),
        ),
    ],
    {
      emails: [
        {
          ...invitationOrNotice({ ...invitation, expiresAt }, schoolName, secrets, config.appUrl, addressHasAccount),
          to: invitation.email,
          schoolId: invitation.schoolId,
          relatedId: invitation.id,
        },
      ],
      audit: {
        eventType: regenerate ? "invitation_regenerated" : "invitation_resent",
        description: `${regenerate ? "Regenerated and resent" : "Resent"} the invitation of ${invitation.email}`,
        schoolId: invitation.schoolId,
        metadata: { invite_id: invitation.id, email: invitation.email },
      },
      claim: { won, lost: new AppError("CONFLICT", INVITATION_MESSAGES.resendOnlyPending) },
    },
  );
  return { message: regenerate ? INVITATION_MESSAGES.resentWithNewToken : INVITATION_MESSAGES.resent };
}

/** Revokes a pending invitation: status revoked, revoked_at and updated_at stamped; the invitee is told. */
export async function revokeInvitation(scope: Scope, input: { inviteId: string }): Promise<{ message: string }> {
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
          ...revokedInvitationEmail({ name: invitedName(invitation.metadata) ?? invitation.email, schoolName }),
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
