// No zod here: pages read these without loading the schemas (schools.ts holds the phone rule).

/** The schools table shows 10 rows a page. */
export const SCHOOLS_PAGE_SIZE = 10;

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
