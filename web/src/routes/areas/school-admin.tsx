// The school-admin area's routes, found on the first navigation into it (router.tsx's `discoverAreaRoutes`).
import { roleArea } from "../area-route.tsx";
import { page, withCatalog, withProps } from "../lazy.tsx";
import { prefetchLoader } from "../prefetch.ts";

export default roleArea("school-admin", "school_admin", [
  { path: "subscribe", lazy: page(() => import("../../pages/school-admin/SubscribePage.tsx")) },
  // GD1: data rights do not depend on the subscription.
  { path: "account", lazy: page(() => import("../../pages/account/AccountPage.tsx")) },
  {
    // Everything else needs an active or trialing subscription (the server checks too).
    lazy: async () => ({ Component: (await import("../guards.tsx")).RequireSubscription }),
    children: [
      // The Connect gate's page (also reachable once connected, to see or change the account).
      { path: "connect-stripe", lazy: page(() => import("../../pages/school-admin/ConnectStripePage.tsx")) },
      {
        lazy: async () => ({ Component: (await import("../guards.tsx")).RequirePaymentAccount }),
        children: [
          {
            index: true,
            lazy: page(() => import("../../pages/dashboard/SchoolAdminDashboardPage.tsx")),
            loader: prefetchLoader("school_admin", "schoolAdminHome"),
          },
          {
            path: "trips",
            lazy: page(() => import("../../pages/school-admin/trips/TripsPage.tsx")),
            loader: prefetchLoader("school_admin", "trips"),
          },
          {
            path: "routes",
            lazy: withCatalog(
              "school-routes",
              page(() => import("../../pages/school-admin/routes/RoutesPage.tsx")),
            ),
          },
          {
            path: "live",
            lazy: withCatalog(
              "school-live",
              page(() => import("../../pages/school-admin/live/LiveBoardPage.tsx")),
            ),
          },
          {
            path: "live/runs/:runId",
            lazy: withCatalog(
              "school-live",
              page(() => import("../../pages/school-admin/live/RunReplayPage.tsx")),
            ),
          },
          {
            path: "live/attendance",
            lazy: withCatalog(
              "school-live",
              page(() => import("../../pages/school-admin/live/AttendancePage.tsx")),
            ),
          },
          {
            path: "reports",
            lazy: withCatalog(
              "school-reports",
              page(() => import("../../pages/school-admin/reports/ReportsPage.tsx")),
            ),
          },
          {
            path: "routes/:routeId",
            lazy: withCatalog(
              "school-routes",
              page(() => import("../../pages/school-admin/routes/RouteEditorPage.tsx")),
            ),
          },
          {
            path: "notifications",
            lazy: withProps(() => import("../../pages/notifications/NotificationsPage.tsx"), { role: "schoolAdmin" }),
            loader: prefetchLoader("school_admin", "schoolAdminNotifications"),
          },
          {
            path: "flight-trips",
            lazy: page(() => import("../../pages/school-admin/flight-trips/FlightTripsPage.tsx")),
          },
          {
            path: "invoices",
            lazy: page(() => import("../../pages/invoices/SchoolInvoicesPage.tsx")),
            loader: prefetchLoader("school_admin", "schoolAdminInvoices"),
          },
          { path: "parents", lazy: page(() => import("../../pages/school-admin/ParentsPage.tsx")) },
        ],
      },
    ],
  },
]);
