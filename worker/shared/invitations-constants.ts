// No zod here: the invitations page reads these without loading the schemas (invitations.ts).

export const INVITATIONS_PAGE_SIZE = 20;
/** The e-mail log modal reads at most 100 rows. */
export const EMAIL_LOG_LIMIT = 100;

export const INVITATION_STATUS_FILTERS = ["all", "pending", "accepted", "expired", "revoked"] as const;
export const INVITATION_ROLE_FILTERS = ["all", "school_admin", "parent", "driver"] as const;
/** An invited role as the e-mails and the audit log name it. */
export const INVITATION_ROLE_LABELS = { school_admin: "school admin", parent: "parent", driver: "driver" } as const;

export const INVITATION_MESSAGES = {
  missingToken: "Invalid invitation link. Missing token.",
  invalidOrExpired: "Invalid or expired invitation",
  expired: "Invitation has expired",
  nameRequired: "Name is required",
  emergencyContactRequired: "Emergency contact is required for parents",
  emergencyPhoneRequired: "Emergency phone is required for parents",
  selectSchool: "Please select a school for the admin",
  accountExists: "An account with this email already exists. Please sign in instead.",
  pendingExists: "A pending invitation already exists for this email. Resend it instead.",
  resendOnlyPending: "Only pending invitations that have not expired can be resent",
  revokeOnlyPending: "Only pending invitations can be revoked",
  regenerateOnlyExpired: "Only expired invitations can be regenerated",
  notFound: "Invitation not found",
  resent: "Invitation resent successfully",
  resentWithNewToken: "Invitation resent with new token",
  revoked: "Invitation revoked successfully",
} as const;
