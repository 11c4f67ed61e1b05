import { Navigate, type RouteObject } from "react-router";
import { FullPageSpinner } from "../components/ui/loading.tsx";
import { ROLE_CATALOGS, roleOfPath } from "../i18n/areas.ts";
import { loadCatalog } from "../i18n/i18n.ts";
import type { Role } from "../lib/session.ts";
import { changePasswordPage, dataPage, guarded, page, withCatalog } from "./lazy.tsx";
import { FRAME_ATTRIBUTE } from "./page-meta.ts";

/** The login pages load no data layer up front: the form loads it when used (LoginPage.tsx). */
const loginRoute = (path: string, role: Role): RouteObject => ({
  path,
  lazy: async () => {
    const { default: LoginPage } = await import("../pages/auth/LoginPage.tsx");
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route when its module loads, not during a render
    return { Component: () => <LoginPage role={role} /> };
  },
});

/**
 * The signed-in frame a role area's shell painted before the scripts ran (ADR 0087), as the HTML
 * had it: the first page shows it again while its routes load (the area's own fallback, AreaFrame,
 * draws the same), so React's first render changes nothing on screen. The entry carries none of its code.
 */
const paintedFrame =
  typeof document === "undefined" ? null : (document.querySelector(`#root[${FRAME_ATTRIBUTE}]`)?.innerHTML ?? null);

/** What the first page shows while its routes load: the frame its shell painted, else the spinner. */
function StartingFallback() {
  return paintedFrame ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML from before any script ran, no one's input
    <div className="contents" dangerouslySetInnerHTML={{ __html: paintedFrame }} />
  ) : (
    <FullPageSpinner />
  );
}

/**
 * The routes the app starts with: the public pages. The role areas' routes (areas.tsx) are found
 * when a navigation first goes into an area (`discoverAreaRoutes`), so no public page loads them.
 */
export const routes: RouteObject[] = [
  {
    // The site's texts load with its layout (ADR 0078).
    lazy: async () =>
      (await Promise.all([page(() => import("../components/site/PublicLayout.tsx"))(), loadCatalog("public")]))[0],
    hydrateFallbackElement: <StartingFallback />,
    children: [
      { index: true, lazy: page(() => import("../pages/public/HomePage.tsx")) },
      {
        path: "services",
        lazy: withCatalog(
          "services",
          page(() => import("../pages/public/ServicesPage.tsx")),
        ),
      },
      {
        path: "privacy-policy",
        lazy: withCatalog(
          "legal",
          page(() => import("../pages/public/PrivacyPolicyPage.tsx")),
        ),
      },
      {
        path: "terms-of-service",
        lazy: withCatalog(
          "legal",
          page(() => import("../pages/public/TermsOfServicePage.tsx")),
        ),
      },
      {
        path: "gdpr-compliance",
        lazy: withCatalog(
          "legal",
          page(() => import("../pages/public/GdprCompliancePage.tsx")),
        ),
      },
      {
        path: "cookie-policy",
        lazy: withCatalog(
          "legal",
          page(() => import("../pages/public/CookiePolicyPage.tsx")),
        ),
      },
      { path: "login", lazy: page(() => import("../pages/auth/LoginChooserPage.tsx")) },
      // The wizard loads its data layer with its calls, when the form is used (wizard.ts).
      {
        path: "get-started",
        lazy: withCatalog(
          "registration",
          page(() => import("../pages/registration/GetStartedPage.tsx")),
        ),
      },
      {
        path: "payment/success",
        lazy: withCatalog(
          "registration",
          dataPage(() => import("../pages/registration/PaymentSuccessPage.tsx")),
        ),
      },
      { path: "accept-invite", lazy: dataPage(() => import("../pages/auth/AcceptInvitationPage.tsx")) },
      { path: "forgot-password", lazy: page(() => import("../pages/auth/ForgotPasswordPage.tsx")) },
      { path: "reset-password", lazy: dataPage(() => import("../pages/auth/ResetPasswordPage.tsx")) },
      { path: "signup", element: <Navigate to="/get-started" replace /> },
      loginRoute("login/superadmin", "super_admin"),
      loginRoute("login/school", "school_admin"),
      loginRoute("login/parent", "parent"),
      loginRoute("login/driver", "driver"),
      {
        path: "change-password",
        lazy: guarded("any"),
        children: [{ index: true, lazy: changePasswordPage }],
      },
      { path: "404", lazy: page(() => import("../pages/public/NotFoundPage.tsx")) },
      { path: "*", lazy: page(() => import("../pages/public/NotFoundPage.tsx")) },
    ],
  },
];

/** Each role's area's routes, by its home (web/src/routes/areas/): one chunk each. */
export const AREA_ROUTE_MODULES: Record<Role, () => Promise<{ default: RouteObject }>> = {
  super_admin: () => import("./areas/super-admin.tsx"),
  school_admin: () => import("./areas/school-admin.tsx"),
  parent: () => import("./areas/parent.tsx"),
  driver: () => import("./areas/driver.tsx"),
};

const loaded = new Map<Role, Promise<{ default: RouteObject }>>();

/**
 * React Router's `patchRoutesOnNavigation` (lazy route discovery, ADR 0082): a navigation into a
 * role's area (`/parent`, `/school-admin/trips`…) that the table cannot match yet — the public
 * layout's catch-all matches it, which the router treats as a partial match — adds that area's
 * routes beside the public layout; the router then matches again. Any other path changes nothing
 * (the catch-all shows Page Not Found, as before). No page carries another area's routes.
 *
 * The area's module loads once; each navigation patches with it (the router keeps one copy), since
 * the router ignores the patch of a navigation another has replaced meanwhile (a second tap).
 */
export function discoverAreaRoutes({
  path,
  patch,
}: {
  path: string;
  patch: (routeId: string | null, children: RouteObject[]) => void;
}): Promise<void> | undefined {
  const role = roleOfPath(path);
  if (!role) return undefined;
  let module = loaded.get(role);
  if (!module) {
    module = AREA_ROUTE_MODULES[role]();
    // A failed chunk load (offline, or a deployment that replaced it): the next navigation tries again.
    module.catch(() => loaded.delete(role));
    loaded.set(role, module);
  }
  // The area's texts load with its routes (ADR 0078): its pages render in the reader's language.
  const catalogs = Promise.all([loadCatalog("account"), loadCatalog(ROLE_CATALOGS[role])]);
  return Promise.all([module, catalogs]).then(([{ default: area }]) => patch(null, [area]));
}
