/** Spec §4: active or trialing lets a school admin reach subscription-gated pages. */
export function subscriptionAllowsAccess(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}

export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  active: "Active",
  trialing: "Trial",
  past_due: "Past Due",
  cancelled: "Cancelled",
};
