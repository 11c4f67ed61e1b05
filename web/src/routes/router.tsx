import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { FullPageSpinner } from "../components/ui/loading.tsx";
import type { Role } from "../lib/session.ts";
import { alsoStart, prefetchLoader } from "./prefetch.ts";
import type { PrefetchName } from "./prefetch-queries.ts";

/** Route-level code splitting: each page is its own chunk; public pages load no admin code. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** A page module whose component takes fixed props (one screen serving two routes). */
function withProps<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props: P) {
  return async () => {
    const { default: Page } = await load();
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route when its module loads, not during a render
    return { Component: () => <Page {...props} /> };
  };
}

/**
 * A route that reads or writes server data: loaded together with the data layer (query cache, tRPC
 * client; not in the entry, so the public content pages load without it) and rendered inside it.
 */
const withData = (load: () => Promise<ComponentType>) => async () => {
  const [Inner, { DataProvider }] = await Promise.all([load(), import("../lib/data.tsx")]);
  return {
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route when its module loads, not during a render
    Component: () => (
      <DataProvider>
        <Inner />
      </DataProvider>
    ),
  };
};
const dataPage = (load: () => Promise<{ default: ComponentType }>) => withData(async () => (await load()).default);

/** The route guard, with the data layer it reads the session from. */
const guarded = (roles: readonly Role[] | "any") =>
  withData(async () => {
    const { RequireRole } = await import("./guards.tsx");
    return () => <RequireRole roles={roles} />;
  });

const changePasswordPage = page(() => import("../pages/auth/ChangePasswordPage.tsx"));

/**
 * A role's area: guarded by role, inside the app shell, with its own Change Password page (the
 * sidebar's link; `/change-password` in the public layout stays for the forced first change) and
 * its own not-found page. Its loader starts the session check; the pages' loaders start their first
 * queries in the same tick (one HTTP request, see prefetch.ts).
 */
/** What every page of an area shows besides the page: the school admin's and the parent's bell. */
const SHELL_PREFETCH = {
  super_admin: [],
  school_admin: ["schoolAdminShell"],
  parent: ["parentShell"],
  driver: [],
} as const satisfies Record<Role, readonly PrefetchName[]>;

/** Each area's shell is its own chunk, with only that area's menu and icons. */
const SHELLS: Record<Role, () => Promise<{ default: ComponentType }>> = {
  super_admin: () => import("../components/shell/SuperAdminShell.tsx"),
  school_admin: () => import("../components/shell/SchoolAdminShell.tsx"),
  parent: () => import("../components/shell/ParentShell.tsx"),
  driver: () => import("../components/shell/DriverShell.tsx"),
};

const roleArea = (path: string, role: Role, children: RouteObject[]): RouteObject => ({
  path,
  lazy: guarded([role]),
  loader: prefetchLoader(role, ...SHELL_PREFETCH[role]),
  hydrateFallbackElement: <FullPageSpinner />,
  children: [
    {
      lazy: page(SHELLS[role]),
      children: [
        ...children,
        { path: "change-password", lazy: changePasswordPage },
        { path: "*", lazy: page(() => import("../pages/public/NotFoundPage.tsx")) },
      ],
    },
  ],
});

/** The login pages load no data layer up front: the form loads it when used (LoginPage.tsx). */
const loginRoute = (path: string, role: Role): RouteObject => ({
  path,
  lazy: async () => {
    const { default: LoginPage } = await import("../pages/auth/LoginPage.tsx");
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route when its module loads, not during a render
    return { Component: () => <LoginPage role={role} /> };
  },
});

export const routes: RouteObject[] = [
  {
    lazy: page(() => import("../components/site/PublicLayout.tsx")),
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, lazy: page(() => import("../pages/public/HomePage.tsx")) },
      { path: "services", lazy: page(() => import("../pages/public/ServicesPage.tsx")) },
      { path: "privacy-policy", lazy: page(() => import("../pages/public/PrivacyPolicyPage.tsx")) },
      { path: "terms-of-service", lazy: page(() => import("../pages/public/TermsOfServicePage.tsx")) },
      { path: "gdpr-compliance", lazy: page(() => import("../pages/public/GdprCompliancePage.tsx")) },
      { path: "cookie-policy", lazy: page(() => import("../pages/public/CookiePolicyPage.tsx")) },
      { path: "login", lazy: page(() => import("../pages/auth/LoginChooserPage.tsx")) },
      // The wizard loads its data layer with its calls, when the form is used (wizard.ts).
      { path: "get-started", lazy: page(() => import("../pages/registration/GetStartedPage.tsx")) },
      { path: "payment/success", lazy: dataPage(() => import("../pages/registration/PaymentSuccessPage.tsx")) },
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
  roleArea("super-admin", "super_admin", [
    {
      // Two-factor: required in production (enrolment first), a banner in local mode.
      lazy: page(() => import("../pages/super-admin/security/MfaGate.tsx")),
      loader: prefetchLoader("super_admin", "mfaStatus"),
      children: [
        {
          index: true,
          lazy: page(() => import("../pages/dashboard/SuperAdminDashboardPage.tsx")),
          loader: prefetchLoader("super_admin", "superAdminHome"),
        },
        { path: "schools", lazy: page(() => import("../pages/super-admin/schools/SchoolsPage.tsx")) },
        {
          path: "schools/:schoolId/view",
          lazy: page(() => import("../pages/super-admin/schools/SupportViewPage.tsx")),
        },
        {
          path: "pending-schools",
          lazy: page(() => import("../pages/super-admin/registrations/PendingSchoolsPage.tsx")),
        },
        { path: "invites", lazy: page(() => import("../pages/super-admin/invitations/InvitationsPage.tsx")) },
        { path: "metrics", lazy: page(() => import("../pages/super-admin/metrics/MetricsPage.tsx")) },
        { path: "audit-logs", lazy: page(() => import("../pages/super-admin/audit-logs/AuditLogsPage.tsx")) },
        { path: "settings", lazy: page(() => import("../pages/super-admin/settings/SettingsPage.tsx")) },
        { path: "security", lazy: page(() => import("../pages/super-admin/security/SecurityPage.tsx")) },
      ],
    },
  ]),
  roleArea("school-admin", "school_admin", [
    { path: "subscribe", lazy: page(() => import("../pages/school-admin/SubscribePage.tsx")) },
    // GD1: data rights do not depend on the subscription.
    { path: "account", lazy: page(() => import("../pages/account/AccountPage.tsx")) },
    {
      // Everything else needs an active or trialing subscription (the server checks too).
      lazy: async () => ({ Component: (await import("./guards.tsx")).RequireSubscription }),
      children: [
        // The Connect gate's page (also reachable once connected, to see or change the account).
        { path: "connect-stripe", lazy: page(() => import("../pages/school-admin/ConnectStripePage.tsx")) },
        {
          lazy: async () => ({ Component: (await import("./guards.tsx")).RequirePaymentAccount }),
          children: [
            {
              index: true,
              lazy: page(() => import("../pages/dashboard/SchoolAdminDashboardPage.tsx")),
              loader: prefetchLoader("school_admin", "schoolAdminHome"),
            },
            {
              path: "trips",
              lazy: page(() => import("../pages/school-admin/trips/TripsPage.tsx")),
              loader: prefetchLoader("school_admin", "trips"),
            },
            { path: "routes", lazy: page(() => import("../pages/school-admin/routes/RoutesPage.tsx")) },
            { path: "live", lazy: page(() => import("../pages/school-admin/live/LiveBoardPage.tsx")) },
            { path: "live/runs/:runId", lazy: page(() => import("../pages/school-admin/live/RunReplayPage.tsx")) },
            { path: "live/attendance", lazy: page(() => import("../pages/school-admin/live/AttendancePage.tsx")) },
            { path: "reports", lazy: page(() => import("../pages/school-admin/reports/ReportsPage.tsx")) },
            {
              path: "routes/:routeId",
              lazy: page(() => import("../pages/school-admin/routes/RouteEditorPage.tsx")),
            },
            {
              path: "notifications",
              lazy: withProps(() => import("../pages/notifications/NotificationsPage.tsx"), { role: "schoolAdmin" }),
              loader: prefetchLoader("school_admin", "schoolAdminNotifications"),
            },
            {
              path: "flight-trips",
              lazy: page(() => import("../pages/school-admin/flight-trips/FlightTripsPage.tsx")),
            },
            {
              path: "invoices",
              lazy: withProps(() => import("../pages/invoices/InvoicesPage.tsx"), { role: "schoolAdmin" }),
              loader: prefetchLoader("school_admin", "schoolAdminInvoices"),
            },
            { path: "parents", lazy: page(() => import("../pages/school-admin/ParentsPage.tsx")) },
          ],
        },
      ],
    },
  ]),
  roleArea("driver", "driver", [
    {
      index: true,
      lazy: page(() => import("../pages/driver/DriverRunsPage.tsx")),
      loader: prefetchLoader("driver", "driverHome"),
    },
    { path: "runs/:tripId", lazy: page(() => import("../pages/driver/DriverRunPage.tsx")) },
  ]),
  roleArea("parent", "parent", [
    {
      index: true,
      lazy: page(() => import("../pages/dashboard/ParentDashboardPage.tsx")),
      loader: prefetchLoader("parent", "parentHome"),
    },
    {
      path: "children",
      lazy: page(() => import("../pages/parent/ChildrenPage.tsx")),
      loader: prefetchLoader("parent", "parentChildren"),
    },
    {
      path: "notifications",
      lazy: withProps(() => import("../pages/notifications/NotificationsPage.tsx"), { role: "parent" }),
      loader: prefetchLoader("parent", "parentNotifications"),
    },
    {
      path: "invoices",
      lazy: withProps(() => import("../pages/invoices/InvoicesPage.tsx"), { role: "parent" }),
      loader: prefetchLoader("parent", "parentInvoices"),
    },
    { path: "account", lazy: page(() => import("../pages/account/AccountPage.tsx")) },
    // Today's rides opens a run live: the text first, the map after it (ADR 0055).
    {
      path: "rides/:tripId",
      lazy: page(() => import("../pages/parent/ParentLivePage.tsx")),
      // The run's first read and the map's code start with the page's code and queries, not once it
      // has rendered (ADR 0076).
      loader: alsoStart(prefetchLoader("parent", "parentLive"), (area, params) => {
        if (params.tripId) area.startRunRead(params.tripId);
        area.warmMaps();
      }),
    },
    {
      path: "flight-trips",
      lazy: page(() => import("../pages/parent/flight-trips/FlightTripsPage.tsx")),
      loader: prefetchLoader("parent", "parentFlightTrips"),
    },
  ]),
];
