import { said } from "./said.ts";
/**
 * A child's guardians (ADR 0053): the parent accounts that see the child, its rides and trips. One
 * household invites the other's parent by e-mail; either may leave, the owner may remove a guardian,
 * and a child always keeps one. Zod-free: pages import these without the schemas.
 */

/** At most this many guardians and pending invitations per child (two households, and a spare). */
export const GUARDIANS_PER_CHILD_MAX = 4;

export const GUARDIAN_MESSAGES = {
  invited: said(/*i18n*/ { id: "If the address can be invited, an invitation is on its way." }),
  removed: said(/*i18n*/ { id: "Guardian removed" }),
  left: said(/*i18n*/ { id: "You are no longer a guardian of this child" }),
  accepted: said(/*i18n*/ { id: "You are now a guardian of this child" }),
  revoked: said(/*i18n*/ { id: "Invitation withdrawn" }),
  resendOnlyWaiting: said(/*i18n*/ { id: "Only an invitation still waiting can be resent. Send a new one instead." }),
  lastGuardian: said(
    /*i18n*/ { id: "A child needs at least one guardian. Delete the child instead, or invite another guardian first." },
  ),
  onlyOwnerRemoves: said(/*i18n*/ { id: "Only the parent who added this child can remove another guardian." }),
  notGuardian: said(/*i18n*/ { id: "Guardian not found" }),
  alreadyGuardian: said(/*i18n*/ { id: "This person is already a guardian of this child." }),
  yourself: said(/*i18n*/ { id: "You are already a guardian of this child." }),
  pendingExists: said(/*i18n*/ { id: "This address already has a pending invitation for this child." }),
  tooMany: `A child can have at most ${GUARDIANS_PER_CHILD_MAX} guardians and pending invitations.`,
  wrongAccount: said(
    /*i18n*/ { id: "This invitation is for another e-mail address. Sign in with the invited address to accept it." },
  ),
} as const;
