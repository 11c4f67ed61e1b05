import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** One chunk of Vite's build manifest (`build.manifest: true` writes dist/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The routes we measure and their budgets (gzip KB of initial JS). `modules` are the route's lazy
 * modules as the router loads them for that URL (layouts first), by their manifest key (the source
 * path under web/). Public pages and the login pages: 120 KB; a role area's first page: 150 KB.
 * The registration wizard is not lean yet (react-hook-form, zod and the data layer load with the
 * page): its budget holds today's size so it cannot grow, until its form loads on use like the login form.
 * The list pages of the areas (filters, table, pager) are a few KB over the goal: 155 holds them
 * there until the area's shared code shrinks.
 */
const DATA = "src/lib/data.tsx";
const AREA = ["src/routes/guards.tsx", DATA, "src/routes/prefetch-queries.ts", "src/components/AppShell.tsx"];
const SUPER_ADMIN = [...AREA, "src/pages/super-admin/security/MfaGate.tsx"];

export const BUNDLE_ROUTES = [
  { route: "/", budgetKb: 120, modules: ["src/pages/public/HomePage.tsx"] },
  { route: "/services", budgetKb: 120, modules: ["src/pages/public/ServicesPage.tsx"] },
  { route: "/privacy-policy", budgetKb: 120, modules: ["src/pages/public/PrivacyPolicyPage.tsx"] },
  { route: "/login", budgetKb: 120, modules: ["src/pages/auth/LoginChooserPage.tsx"] },
  { route: "/login/parent", budgetKb: 120, modules: ["src/pages/auth/LoginPage.tsx"] },
  { route: "/forgot-password", budgetKb: 120, modules: ["src/pages/auth/ForgotPasswordPage.tsx"] },
  { route: "/get-started", budgetKb: 185, modules: [DATA, "src/pages/registration/GetStartedPage.tsx"] },
  { route: "/super-admin", budgetKb: 150, modules: [...SUPER_ADMIN, "src/pages/home/SuperAdminHome.tsx"] },
  { route: "/super-admin/schools", budgetKb: 155, modules: [...SUPER_ADMIN, "src/pages/super-admin/schools/SchoolsPage.tsx"] },
  { route: "/school-admin", budgetKb: 150, modules: [...AREA, "src/pages/school-admin/DashboardPage.tsx"] },
  { route: "/school-admin/trips", budgetKb: 155, modules: [...AREA, "src/pages/school-admin/trips/TripsPage.tsx"] },
  { route: "/school-admin/notifications", budgetKb: 155, modules: [...AREA, "src/pages/notifications/NotificationsPage.tsx"] },
  { route: "/parent", budgetKb: 150, modules: [...AREA, "src/pages/home/ParentHome.tsx"] },
  { route: "/school-admin/invoices", budgetKb: 155, modules: [...AREA, "src/pages/invoices/InvoicesPage.tsx"] },
  { route: "/parent/invoices", budgetKb: 155, modules: [...AREA, "src/pages/invoices/InvoicesPage.tsx"] },
] as const;

export type BundleRow = { route: string; gzipKb: number; budgetKb: number; files: string[] };

function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, ".vite", "manifest.json"), "utf8")) as Manifest;
}

/** The chunk's file and every file it imports statically, transitively (what the browser must fetch before it runs). */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle report: "${key}" is not in the build manifest (renamed or no longer lazy?)`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

/**
 * Initial JS per route, in gzip KB (one decimal): the entry chunk and its static imports, plus each
 * of the route's lazy modules and their static imports, each file counted once. Read from the build
 * output only (no browser, no timings); the budget check and `npm run bench` both call it.
 */
export function bundleRows(distDir: string): BundleRow[] {
  const manifest = readManifest(distDir);
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`bundle report: expected one entry chunk in the manifest, found ${entries.length}`);
  const gzipSizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) gzipSizes.set(file, (size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length));
    return size;
  };
  return BUNDLE_ROUTES.map(({ route, budgetKb, modules }) => {
    const files = new Set<string>();
    staticClosure(manifest, entries[0]![0], files);
    for (const module of modules) staticClosure(manifest, module, files);
    const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    return { route, budgetKb, gzipKb: Math.round(bytes / 102.4) / 10, files: [...files] };
  });
}

/** `{ route: gzipKb }` for every measured route. */
export function bundleReport(distDir: string): Record<string, number> {
  return Object.fromEntries(bundleRows(distDir).map((row) => [row.route, row.gzipKb]));
}

/** The table printed by the budget check. */
export function formatBundleTable(rows: BundleRow[]): string {
  const lines = rows.map((row) => {
    const verdict = row.gzipKb <= row.budgetKb ? "ok" : "OVER BUDGET";
    return `${row.route.padEnd(22)} ${row.gzipKb.toFixed(1).padStart(7)} KB  ${String(row.budgetKb).padStart(5)} KB  ${verdict}`;
  });
  return [`${"route".padEnd(22)} ${"initial JS (gzip)".padStart(10)}  budget`, ...lines].join("\n");
}
