// No zod here: the invitations page reads these without loading the schemas (invitations.ts).

export const INVITES_PAGE_SIZE = 20;
/** Spec §9: the e-mail log modal reads at most 100 rows. */
export const EMAIL_LOG_LIMIT = 100;

export const INVITE_STATUS_FILTERS = ["all", "pending", "accepted", "expired", "revoked"] as const;
export const INVITE_ROLE_FILTERS = ["all", "school_admin", "parent"] as const;
