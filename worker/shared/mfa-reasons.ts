// No zod here: the web app's entry reads these reasons without loading any schema.

/** Reasons the web app recognises in `error.data.reason` (FORBIDDEN answers). */
export const FORBIDDEN_REASONS = {
  /** The action needs a recent re-authentication: password only. */
  sudoRequired: "SUDO_REQUIRED",
  /** The same, and the user has a TOTP authenticator: password and code. */
  sudoRequiredWithCode: "SUDO_REQUIRED_WITH_CODE",
  /** Production: a super admin must enrol before anything else. */
  mfaEnrollmentRequired: "MFA_ENROLMENT_REQUIRED",
  /** The Connect gate: the school has no connected payment account yet (go to /school-admin/connect-stripe). */
  connectRequired: "CONNECT_REQUIRED",
} as const;
export type ForbiddenReason = (typeof FORBIDDEN_REASONS)[keyof typeof FORBIDDEN_REASONS];
