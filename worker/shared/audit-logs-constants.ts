// No zod here: the audit log page reads these without loading the schemas (audit-logs.ts).

export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_ROLE_FILTERS = ["all", "super_admin", "school_admin", "parent", "driver", "system"] as const;
