/** Active or trialing lets a school admin reach subscription-gated pages. */
export function subscriptionAllowsAccess(status: string | null | undefined): boolean {
  return status === "active" || status === "trialing";
}
