import type { Invitation } from "#worker/services/invitations/shared.ts";

/** What an inviter learns of the invitation just created (never its token). */
export function invitationReceipt(invitation: Invitation) {
  return { id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt };
}
