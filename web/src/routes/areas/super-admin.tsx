// The super-admin area's routes, found on the first navigation into it (router.tsx's `discoverAreaRoutes`).
import { roleArea } from "../area-route.tsx";
import { page, withCatalog } from "../lazy.tsx";
import { prefetchLoader } from "../prefetch.ts";

export default roleArea("super-admin", "super_admin", [
  {
    // Two-factor: required in production (enrolment first), a banner in local mode.
    lazy: page(() => import("../../pages/super-admin/security/MfaGate.tsx")),
    loader: prefetchLoader("super_admin", "mfaStatus"),
    children: [
      {
        index: true,
        lazy: page(() => import("../../pages/dashboard/SuperAdminDashboardPage.tsx")),
        loader: prefetchLoader("super_admin", "superAdminHome"),
      },
      { path: "schools", lazy: page(() => import("../../pages/super-admin/schools/SchoolsPage.tsx")) },
      {
        path: "schools/:schoolId/view",
        lazy: page(() => import("../../pages/super-admin/schools/SupportViewPage.tsx")),
      },
      {
        path: "pending-schools",
        lazy: page(() => import("../../pages/super-admin/registrations/PendingSchoolsPage.tsx")),
      },
      { path: "invites", lazy: page(() => import("../../pages/super-admin/invitations/InvitationsPage.tsx")) },
      {
        path: "metrics",
        lazy: withCatalog(
          "admin-metrics",
          page(() => import("../../pages/super-admin/metrics/MetricsPage.tsx")),
        ),
      },
      {
        path: "audit-logs",
        lazy: withCatalog(
          "admin-audit",
          page(() => import("../../pages/super-admin/audit-logs/AuditLogsPage.tsx")),
        ),
      },
      { path: "settings", lazy: page(() => import("../../pages/super-admin/settings/SettingsPage.tsx")) },
      { path: "security", lazy: page(() => import("../../pages/super-admin/security/SecurityPage.tsx")) },
      { path: "language", lazy: page(() => import("../../pages/account/LanguagePage.tsx")) },
    ],
  },
]);
