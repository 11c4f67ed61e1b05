// No zod here: the invitations and audit log pages read these without loading the schemas (superAdmin.ts holds the phone rule).

export const INVITATION_STATUS_FILTERS = ["all", "pending", "accepted", "expired", "revoked"] as const;
export const INVITATION_ROLE_FILTERS = ["all", "school_admin", "parent"] as const;
export const AUDIT_ROLE_FILTERS = ["all", "super_admin", "school_admin", "parent", "system"] as const;
