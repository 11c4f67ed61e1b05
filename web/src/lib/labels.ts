import type { SchoolType } from "#shared/enums.ts";
import type { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "#shared/schools-constants.ts";

/** Words the screens show for the contract's values (the server never sends or checks them). */

export const SCHOOL_STATUS_FILTER_LABELS: Record<(typeof SCHOOL_STATUS_FILTERS)[number], string> = {
  all: "All Statuses",
  active: "Active",
  trialing: "Trial",
  pending: "Pending",
  past_due: "Past Due",
  cancelled: "Cancelled",
  inactive: "Inactive",
};

export const ADMIN_FILTER_LABELS: Record<(typeof ADMIN_FILTERS)[number], string> = {
  all: "All Schools",
  has_admins: "Has Admins",
  missing_admins: "Missing Admins",
};

export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  active: "Active",
  trialing: "Trial",
  past_due: "Past Due",
  cancelled: "Cancelled",
};

/** The registration form's school types. */
export const SCHOOL_TYPE_LABELS: Record<SchoolType, string> = {
  primary: "Primary School",
  secondary: "Secondary School",
  special_education: "Special Education",
  private: "Private School",
  charter: "Charter School",
  other: "Other",
};
