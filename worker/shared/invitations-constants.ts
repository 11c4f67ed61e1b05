// No zod here: the invitations page reads these without loading the schemas (invitations.ts).

export const INVITATIONS_PAGE_SIZE = 20;
/** The e-mail log modal reads at most 100 rows. */
export const EMAIL_LOG_LIMIT = 100;

export const INVITATION_STATUS_FILTERS = ["all", "pending", "accepted", "expired", "revoked"] as const;
export const INVITATION_ROLE_FILTERS = ["all", "school_admin", "parent", "driver"] as const;
/** An invited role as the e-mails and the audit log name it. */
export const INVITATION_ROLE_LABELS = { school_admin: "school admin", parent: "parent", driver: "driver" } as const;
