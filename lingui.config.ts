/**
 * Lingui's configuration (ADR 0078): the browser's texts are Lingui macros (`t`, `<Trans>`,
 * `<Plural>`, `msg`) in the source; `npm run i18n:extract` writes them into one catalog per area and
 * language (web/src/locales/<area>/<locale>.po), the translators' files. In development and the
 * prerender the Vite plugin compiles a catalog when a page imports it (web/src/i18n/i18n.ts): a page
 * loads the `frame` catalog, its area's and, for a few wordy pages, its own. The production build
 * cuts them per built chunk instead (scripts/chunk-texts-plugin.ts, ADR 0085): a page downloads the
 * texts of the code it runs, in its reader's language only.
 *
 * An area's `include` is every folder its pages are made of; a file used by two areas is in both
 * (tests/node/i18n-catalogs.test.ts checks every file with texts is in a catalog).
 */
import { defineConfig, type LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { LOCALES } from "./worker/shared/locales.ts";

const features = (...names: string[]) => names.map((name) => `<rootDir>/web/src/features/${name}`);
const pages = (...names: string[]) => names.map((name) => `<rootDir>/web/src/pages/${name}`);

const LEGAL_PAGES = pages(
  "public/PrivacyPolicyPage.tsx",
  "public/TermsOfServicePage.tsx",
  "public/GdprCompliancePage.tsx",
  "public/CookiePolicyPage.tsx",
);
const SCHOOL_PAGE_CATALOGS = pages("school-admin/routes", "school-admin/live", "school-admin/reports");

/**
 * The catalogs and the folders each is made of. An area's pages load its catalog with the area; a
 * page catalog (`legal`, `school-routes`…) is loaded by its own routes only (web/src/i18n/areas.ts
 * PAGE_CATALOGS, and `withCatalog` on those routes), so no other page downloads its texts.
 */
export const CATALOG_AREAS: Record<string, { include: string[]; exclude?: string[] }> = {
  /** Every page's frame: shared components, the data layer's messages, sign-in and password pages. */
  frame: {
    include: [
      "<rootDir>/web/src/components/ui",
      "<rootDir>/web/src/components/shell",
      "<rootDir>/web/src/components/mfa",
      "<rootDir>/web/src/components/map",
      "<rootDir>/web/src/components/csv-import",
      "<rootDir>/web/src/components/AppShell.tsx",
      "<rootDir>/web/src/components/NewPasswordFields.tsx",
      "<rootDir>/web/src/components/PasswordStrength.tsx",
      "<rootDir>/web/src/lib",
      "<rootDir>/web/src/routes",
      "<rootDir>/web/src/pwa",
      "<rootDir>/web/src/i18n",
      "<rootDir>/web/src/main.tsx",
      ...pages("auth", "public/NotFoundPage.tsx"), // every area's unknown address shows the latter too
      ...features("auth", "site", "notifications"),
      // Signing out (from any page, the public ones too) turns this device's push off.
      "<rootDir>/web/src/features/preferences/push-device.ts",
    ],
  },
  /** The public site's frame and home page. */
  public: {
    include: ["<rootDir>/web/src/components/site", ...pages("public")],
    exclude: [...LEGAL_PAGES, ...pages("public/ServicesPage.tsx"), "<rootDir>/web/src/components/site/LegalPage.tsx"],
  },
  /** The legal pages (privacy, terms, GDPR, cookies). */
  legal: { include: [...LEGAL_PAGES, "<rootDir>/web/src/components/site/LegalPage.tsx"] },
  services: { include: pages("public/ServicesPage.tsx") },
  /** The school's registration wizard. */
  registration: {
    // The plan's limits are the school's Subscribe page's too.
    include: [
      ...pages("registration"),
      ...features("registrations"),
      "<rootDir>/web/src/features/billing/plan-limits.ts",
    ],
  },
  /** My Account and its preferences, in every role's area. */
  account: { include: [...pages("account"), ...features("account", "preferences")] },
  parent: {
    include: [
      ...pages("parent", "dashboard/Dashboard.tsx", "dashboard/ParentDashboardPage.tsx"),
      ...pages("dashboard/parent-dashboard-sections.tsx", "dashboard/RecentNotifications.tsx"),
      // The screens a parent shares with the school admin (My Invoices, Notifications): their texts.
      ...pages("invoices/ParentInvoicesPage.tsx", "invoices/InvoicesScreen.tsx", "invoices/InvoiceTable.tsx"),
      ...pages("notifications/NotificationsPage.tsx"),
      "<rootDir>/web/src/features/invoices/labels.tsx",
      // A guardian's invitation is resent from the parent's guardians dialog; the dashboard shows trips' statuses.
      "<rootDir>/web/src/features/invitations/hooks.ts",
      "<rootDir>/web/src/features/trips/labels.tsx",
      ...features("children", "guardians", "live", "rides", "payments", "flight-trips", "dashboard"),
    ],
  },
  driver: { include: [...pages("driver"), ...features("drivers", "trips")] },
  school: {
    include: [
      ...pages("school-admin", "invoices", "notifications", "dashboard/Dashboard.tsx"),
      ...pages("dashboard/SchoolAdminDashboardPage.tsx", "dashboard/SchoolLanguageCard.tsx"),
      ...features("billing", "connect", "dashboard", "drivers", "flight-trips", "invitations", "invoices"),
      ...features("parents", "payment-settings", "payments", "pupils", "trips"),
      // A child's grade in the rosters (the flight trips' students).
      "<rootDir>/web/src/features/children/grades.ts",
    ],
    exclude: SCHOOL_PAGE_CATALOGS,
  },
  /** The route editor and the routes list. */
  "school-routes": { include: [...pages("school-admin/routes"), ...features("routes")] },
  /** The live board, a run's replay and the attendance report. */
  "school-live": { include: [...pages("school-admin/live"), ...features("live-board")] },
  "school-reports": { include: [...pages("school-admin/reports"), ...features("reports", "charts")] },
  admin: {
    include: [
      ...pages("super-admin", "dashboard/Dashboard.tsx", "dashboard/SuperAdminDashboardPage.tsx"),
      ...features("dashboard", "invitations", "registrations", "schools", "security", "settings"),
    ],
    exclude: pages("super-admin/audit-logs", "super-admin/metrics"),
  },
  "admin-audit": { include: [...pages("super-admin/audit-logs"), ...features("audit-logs")] },
  "admin-metrics": { include: [...pages("super-admin/metrics"), ...features("metrics", "charts")] },
};

/**
 * The texts the server and the browser share (worker/shared: toasts, validation and refusal
 * messages): descriptors with explicit ids (`/*i18n*\/ { id, message }`), since the Worker's code is
 * not run through the macros. The browser loads this catalog with the frame's; the server reads it
 * compiled (lingui.server.config.ts).
 */
export const SHARED_CATALOG = {
  path: "<rootDir>/worker/locales/shared/{locale}",
  include: ["<rootDir>/worker/shared"],
};

/** What every catalog has in common: the languages, English as the fallback, the `.po` format. */
export const COMMON = {
  sourceLocale: "en",
  locales: [...LOCALES],
  fallbackLocales: { default: "en" },
  // Origins without line numbers: a line moved in a page does not change every catalog.
  format: formatter({ lineNumbers: false }),
} satisfies Partial<LinguiConfig>;

export default defineConfig({
  ...COMMON,
  catalogs: [
    ...Object.entries(CATALOG_AREAS).map(([area, { include, exclude = [] }]) => ({
      path: `<rootDir>/web/src/locales/${area}/{locale}`,
      include,
      exclude,
    })),
    SHARED_CATALOG,
  ],
});
