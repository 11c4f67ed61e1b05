/**
 * A child's guardians (ADR 0053): the parent accounts that see the child, its rides and trips. One
 * household invites the other's parent by e-mail; either may leave, the owner may remove a guardian,
 * and a child always keeps one. Zod-free: pages import these without the schemas.
 */

/** At most this many guardians and pending invitations per child (two households, and a spare). */
export const GUARDIANS_PER_CHILD_MAX = 4;

export const GUARDIAN_MESSAGES = {
  invited: "If the address can be invited, an invitation is on its way.",
  removed: "Guardian removed",
  left: "You are no longer a guardian of this child",
  accepted: "You are now a guardian of this child",
  revoked: "Invitation withdrawn",
  resendOnlyWaiting: "Only an invitation still waiting can be resent. Send a new one instead.",
  lastGuardian: "A child needs at least one guardian. Delete the child instead, or invite another guardian first.",
  onlyOwnerRemoves: "Only the parent who added this child can remove another guardian.",
  notGuardian: "Guardian not found",
  alreadyGuardian: "This person is already a guardian of this child.",
  yourself: "You are already a guardian of this child.",
  pendingExists: "This address already has a pending invitation for this child.",
  tooMany: `A child can have at most ${GUARDIANS_PER_CHILD_MAX} guardians and pending invitations.`,
  wrongAccount: "This invitation is for another e-mail address. Sign in with the invited address to accept it.",
} as const;
