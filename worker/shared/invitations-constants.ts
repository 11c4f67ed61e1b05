import { said } from "./said.ts";
// No zod here: the invitations page reads these without loading the schemas (invitations.ts).

export const INVITATIONS_PAGE_SIZE = 20;
/** The e-mail log modal reads at most 100 rows. */
export const EMAIL_LOG_LIMIT = 100;

export const INVITATION_STATUS_FILTERS = ["all", "pending", "accepted", "expired", "revoked"] as const;
export const INVITATION_ROLE_FILTERS = ["all", "school_admin", "parent", "driver"] as const;
/** An invited role as the e-mails and the audit log name it. */
export const INVITATION_ROLE_LABELS = { school_admin: "school admin", parent: "parent", driver: "driver" } as const;

export const INVITATION_MESSAGES = {
  missingToken: said(/*i18n*/ { id: "Invalid invitation link. Missing token." }),
  invalidOrExpired: said(/*i18n*/ { id: "Invalid or expired invitation" }),
  expired: said(/*i18n*/ { id: "Invitation has expired" }),
  nameRequired: said(/*i18n*/ { id: "Name is required" }),
  emergencyContactRequired: said(/*i18n*/ { id: "Emergency contact is required for parents" }),
  emergencyPhoneRequired: said(/*i18n*/ { id: "Emergency phone is required for parents" }),
  selectSchool: said(/*i18n*/ { id: "Please select a school for the admin" }),
  accountExists: said(/*i18n*/ { id: "An account with this email already exists. Please sign in instead." }),
  pendingExists: said(/*i18n*/ { id: "A pending invitation already exists for this email. Resend it instead." }),
  resendOnlyPending: said(/*i18n*/ { id: "Only pending invitations that have not expired can be resent" }),
  revokeOnlyPending: said(/*i18n*/ { id: "Only pending invitations can be revoked" }),
  regenerateOnlyExpired: said(/*i18n*/ { id: "Only expired invitations can be regenerated" }),
  notFound: said(/*i18n*/ { id: "Invitation not found" }),
  resent: said(/*i18n*/ { id: "Invitation resent successfully" }),
  resentWithNewToken: said(/*i18n*/ { id: "Invitation resent with new token" }),
  revoked: said(/*i18n*/ { id: "Invitation revoked successfully" }),
} as const;
