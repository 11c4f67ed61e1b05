/**
 * Lingui's configuration (ADR 0078): the browser's texts are Lingui macros (`t`, `<Trans>`,
 * `<Plural>`, `msg`) in the source; `npm run i18n:extract` writes them into one catalog per area and
 * language (web/src/locales/<area>/<locale>.po) and the Vite plugin compiles a catalog when a page
 * imports it (web/src/i18n/catalogs.ts). A page loads the `frame` catalog and its area's: English
 * readers download English catalogs only, a reader of another language that language's only.
 *
 * An area's `include` is every folder its pages are made of; a file used by two areas is in both (a
 * node test, tests/node/i18n-catalogs.test.ts, checks every page's files are in its area's catalogs).
 */
import { defineConfig, type LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { LOCALES } from "./worker/shared/locales.ts";

const features = (...names: string[]) => names.map((name) => `<rootDir>/web/src/features/${name}`);

/** The catalogs and the folders each is made of (`<rootDir>/web/src/` omitted). */
export const CATALOG_AREAS = {
  /** Every page's frame: shared components, the data layer's messages, sign-in and password pages. */
  frame: [
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
    "<rootDir>/web/src/pages/auth",
    // Every area's unknown address shows it too.
    "<rootDir>/web/src/pages/public/NotFoundPage.tsx",
    ...features("auth", "site", "notifications"),
  ],
  /** The public site and the school's registration. */
  public: [
    "<rootDir>/web/src/components/site",
    "<rootDir>/web/src/pages/public",
    "<rootDir>/web/src/pages/registration",
    ...features("registrations"),
  ],
  /** My Account and its preferences, in every role's area. */
  account: ["<rootDir>/web/src/pages/account", ...features("account", "preferences")],
  parent: [
    "<rootDir>/web/src/pages/parent",
    "<rootDir>/web/src/pages/dashboard/Dashboard.tsx",
    "<rootDir>/web/src/pages/dashboard/ParentDashboardPage.tsx",
    "<rootDir>/web/src/pages/dashboard/parent-dashboard-sections.tsx",
    // The screens a parent shares with the school admin (My Invoices, Notifications): their texts.
    "<rootDir>/web/src/pages/invoices/InvoicesPage.tsx",
    "<rootDir>/web/src/pages/invoices/InvoiceTable.tsx",
    "<rootDir>/web/src/pages/notifications/NotificationsPage.tsx",
    "<rootDir>/web/src/features/invoices/labels.tsx",
    ...features("children", "guardians", "live", "rides", "payments", "flight-trips", "dashboard"),
  ],
  driver: ["<rootDir>/web/src/pages/driver", ...features("drivers", "trips")],
  school: [
    "<rootDir>/web/src/pages/school-admin",
    "<rootDir>/web/src/pages/invoices",
    "<rootDir>/web/src/pages/notifications",
    "<rootDir>/web/src/pages/dashboard/Dashboard.tsx",
    "<rootDir>/web/src/pages/dashboard/SchoolAdminDashboardPage.tsx",
    "<rootDir>/web/src/pages/dashboard/SchoolLanguageCard.tsx",
    ...features(
      "billing",
      "charts",
      "connect",
      "dashboard",
      "drivers",
      "flight-trips",
      "invitations",
      "invoices",
      "live-board",
      "parents",
      "payment-settings",
      "payments",
      "pupils",
      "reports",
      "routes",
      "trips",
    ),
  ],
  admin: [
    "<rootDir>/web/src/pages/super-admin",
    "<rootDir>/web/src/pages/dashboard/Dashboard.tsx",
    "<rootDir>/web/src/pages/dashboard/SuperAdminDashboardPage.tsx",
    ...features(
      "audit-logs",
      "charts",
      "dashboard",
      "invitations",
      "metrics",
      "registrations",
      "schools",
      "security",
      "settings",
    ),
  ],
} as const;

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
    ...Object.entries(CATALOG_AREAS).map(([area, include]) => ({
      path: `<rootDir>/web/src/locales/${area}/{locale}`,
      include: [...include],
    })),
    SHARED_CATALOG,
  ],
});
