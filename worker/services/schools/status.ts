/** How a school stands (spec §4): computed here for the schools table; the web shows the values as sent. */

/** Spec §4: the school status badge. */
export function schoolStatusBadge(school: {
  isActive: boolean;
  subscriptionStatus: string;
  setupStatus: SetupStatus;
}): string {
  if (!school.isActive) return "Inactive";
  switch (school.subscriptionStatus) {
    case "active":
      return school.setupStatus === "complete"
        ? "Active"
        : school.setupStatus === "missing_admins"
          ? "No Admins"
          : "Incomplete";
    case "trialing":
      return "Trial";
    case "past_due":
      return "Past Due";
    case "cancelled":
      return "Cancelled";
    default:
      return "Pending";
  }
}

export type SetupStatus = "complete" | "missing_admins" | "incomplete";

/** Spec §4: complete with an active admin, is_active and an active subscription; missing_admins without active admins. */
export function setupStatus(school: {
  isActive: boolean;
  subscriptionStatus: string;
  activeAdminCount: number;
}): SetupStatus {
  if (school.activeAdminCount === 0) return "missing_admins";
  return school.isActive && school.subscriptionStatus === "active" ? "complete" : "incomplete";
}
