import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { CONNECT_PAGE_PATH } from "#shared/connect.ts";
import { subscriptionAllowsAccess } from "#shared/subscription.ts";
import { AreaFrame } from "../components/shell/frame.tsx";
import { FullPageSpinner } from "../components/ui/loading.tsx";
import { ROLE_HOMES, type Role, useSession } from "../lib/session.ts";
import { loginPathFor } from "./redirects.ts";

export { FullPageSpinner };

/**
 * The route guard: anonymous visitors go to the matching login page with the original
 * location remembered; a signed-in user with another role goes to their own home; a user who must
 * change their password goes to /change-password first. The server enforces the same rules.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[] | "any"; children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  // The session's first read. In a role area the frame its shell painted stays until the app shell
  // replaces it (ADR 0087); the public layout's forced password change ("any") has its own header.
  if (user === undefined) return roles === "any" ? <FullPageSpinner /> : <AreaFrame />;
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (user === null) {
    // A navigation away (logout goes to "/" first) has already moved the URL while React still
    // shows this tree in a transition: this stale render must not send the user to a login page.
    if (window.location.pathname !== location.pathname) return <FullPageSpinner />;
    return <Navigate to={`${loginPathFor(location.pathname)}?redirect=${encodeURIComponent(here)}`} replace />;
  }
  if (roles !== "any" && !roles.includes(user.role)) return <Navigate to={ROLE_HOMES[user.role]} replace />;
  if (user.mustChangePassword && location.pathname !== "/change-password") {
    return <Navigate to="/change-password" replace />;
  }
  return children ?? <Outlet />;
}

/** School admin pages need an active or trialing subscription; otherwise /school-admin/subscribe. */
export function RequireSubscription() {
  const { user } = useSession();
  if (user && user.role === "school_admin" && !subscriptionAllowsAccess(user.subscriptionStatus)) {
    return <Navigate to="/school-admin/subscribe" replace />;
  }
  return <Outlet />;
}

/** After the subscription: school admin pages need the school's Stripe account connected; otherwise /school-admin/connect-stripe. */
export function RequirePaymentAccount() {
  const { user } = useSession();
  if (user && user.role === "school_admin" && user.paymentAccountConnected === false) {
    return <Navigate to={CONNECT_PAGE_PATH} replace />;
  }
  return <Outlet />;
}
