// No zod here: pages read these without loading the schemas.

/** Spec §9: the schools table shows 10 rows a page. */
export const SCHOOLS_PAGE_SIZE = 10;
export const INVITATIONS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;
/** Spec §9: the e-mail log modal reads at most 100 rows. */
export const EMAIL_LOG_LIMIT = 100;
/** Spec: the dashboard shows the first 3 pending approvals (its route prefetch asks for the same). */
export const DASHBOARD_PENDING_APPROVALS = 3;

export const SCHOOL_STATUS_FILTERS = [
  "all",
  "active",
  "trialing",
  "pending",
  "past_due",
  "cancelled",
  "inactive",
] as const;
export const ADMIN_FILTERS = ["all", "has_admins", "missing_admins"] as const;
