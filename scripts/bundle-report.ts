import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type TextsIndex, textsFile } from "#shared/catalog-chunks.ts";
import { LOCALES, type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import { TEXTS_MANIFEST } from "./chunk-texts-plugin.ts";

/** One chunk of Vite's build manifest (`build.manifest: true` writes dist/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The budgets of initial JS, gzip KB, English texts included, and there are no exceptions: public
 * pages (the login pages and the registration wizard included) and a role area's pages — ADR 0019's
 * 120 and 150 KB. With the languages (issue 30) a page's texts are its chunks' own catalogs (ADR
 * 0085), and the English ones are in the code (ADR 0086), as they were before the languages.
 */
export const BUDGET_KB = { public: 120, area: 150 } as const;

/**
 * The routes we measure. `modules` are the route's lazy modules as the router loads them for that
 * URL (layouts first), by their manifest key (the source path under web/).
 */
const DATA = "src/lib/data.tsx";
const PUBLIC = "src/components/site/PublicLayout.tsx";
const AREA = ["src/routes/guards.tsx", DATA, "src/routes/prefetch-queries.ts"];
const SUPER_ADMIN = [
  ...AREA,
  "src/routes/areas/super-admin.tsx",
  "src/components/shell/SuperAdminShell.tsx",
  "src/pages/super-admin/security/MfaGate.tsx",
];
const SCHOOL_ADMIN = [...AREA, "src/routes/areas/school-admin.tsx", "src/components/shell/SchoolAdminShell.tsx"];
const DRIVER = [...AREA, "src/routes/areas/driver.tsx", "src/components/shell/DriverShell.tsx"];
const PARENT = [...AREA, "src/routes/areas/parent.tsx", "src/components/shell/ParentShell.tsx"];
const publicPage = (route: string, page: string) => ({ route, budgetKb: BUDGET_KB.public, modules: [PUBLIC, page] });
const areaPage = (route: string, area: readonly string[], page: string) => ({
  route,
  budgetKb: BUDGET_KB.area,
  modules: [...area, page],
});

export const BUNDLE_ROUTES: readonly { route: string; budgetKb: number; modules: readonly string[] }[] = [
  publicPage("/", "src/pages/public/HomePage.tsx"),
  publicPage("/services", "src/pages/public/ServicesPage.tsx"),
  publicPage("/privacy-policy", "src/pages/public/PrivacyPolicyPage.tsx"),
  publicPage("/login", "src/pages/auth/LoginChooserPage.tsx"),
  publicPage("/login/parent", "src/pages/auth/LoginPage.tsx"),
  publicPage("/forgot-password", "src/pages/auth/ForgotPasswordPage.tsx"),
  publicPage("/get-started", "src/pages/registration/GetStartedPage.tsx"),
  areaPage("/super-admin", SUPER_ADMIN, "src/pages/dashboard/SuperAdminDashboardPage.tsx"),
  areaPage("/super-admin/schools", SUPER_ADMIN, "src/pages/super-admin/schools/SchoolsPage.tsx"),
  // The platform metrics (issue 31): uPlot loads after the page.
  areaPage("/super-admin/metrics", SUPER_ADMIN, "src/pages/super-admin/metrics/MetricsPage.tsx"),
  areaPage("/school-admin", SCHOOL_ADMIN, "src/pages/dashboard/SchoolAdminDashboardPage.tsx"),
  areaPage("/school-admin/trips", SCHOOL_ADMIN, "src/pages/school-admin/trips/TripsPage.tsx"),
  areaPage("/school-admin/routes", SCHOOL_ADMIN, "src/pages/school-admin/routes/RoutesPage.tsx"),
  areaPage("/school-admin/routes/:routeId", SCHOOL_ADMIN, "src/pages/school-admin/routes/RouteEditorPage.tsx"),
  // The live board, a run's replay and the attendance report (issue 28): Leaflet loads after the page.
  areaPage("/school-admin/live", SCHOOL_ADMIN, "src/pages/school-admin/live/LiveBoardPage.tsx"),
  areaPage("/school-admin/live/runs/:runId", SCHOOL_ADMIN, "src/pages/school-admin/live/RunReplayPage.tsx"),
  areaPage("/school-admin/live/attendance", SCHOOL_ADMIN, "src/pages/school-admin/live/AttendancePage.tsx"),
  areaPage("/school-admin/flight-trips", SCHOOL_ADMIN, "src/pages/school-admin/flight-trips/FlightTripsPage.tsx"),
  areaPage("/school-admin/notifications", SCHOOL_ADMIN, "src/pages/notifications/NotificationsPage.tsx"),
  areaPage("/parent", PARENT, "src/pages/dashboard/ParentDashboardPage.tsx"),
  areaPage("/school-admin/invoices", SCHOOL_ADMIN, "src/pages/invoices/SchoolInvoicesPage.tsx"),
  areaPage("/parent/invoices", PARENT, "src/pages/invoices/ParentInvoicesPage.tsx"),
  areaPage("/parent/children", PARENT, "src/pages/parent/ChildrenPage.tsx"),
  areaPage("/parent/flight-trips", PARENT, "src/pages/parent/flight-trips/FlightTripsPage.tsx"),
  areaPage("/parent/rides/:tripId", PARENT, "src/pages/parent/ParentLivePage.tsx"),
  areaPage("/driver", DRIVER, "src/pages/driver/DriverRunsPage.tsx"),
  areaPage("/driver/runs/:tripId", DRIVER, "src/pages/driver/DriverRunPage.tsx"),
];

/**
 * Code that only ever loads lazily, when first used: by the module that imports it, and a string
 * only its built code contains (to find it in any chunk, wherever a mistaken static import put it).
 */
export const LAZY_ONLY: readonly { name: string; module: string; signature: string }[] = [
  // Leaflet (ADR 0048): its marker class name is in its code, not in ours.
  { name: "map (Leaflet)", module: "src/components/map/leaflet-map.tsx", signature: "leaflet-marker-icon" },
  // uPlot (ADR 0070): one of its date formats is in its code, not in ours.
  { name: "charts (uPlot)", module: "src/features/charts/uplot-chart.tsx", signature: "{YYYY}-{MM}-{DD} {h}:{mm}{aa}" },
];

/**
 * What another language may add to a route (issue 30, ADR 0078), gzip KB: a page loads its catalogs
 * before its first render; an English reader none (its texts are in the code, ADR 0086), a reader
 * of another language that language's, so the route grows by them.
 */
export const LANGUAGE_BUDGET_KB = 15;

/** What a reader of `locale` downloads more than an English reader on `row`'s route, gzip KB. */
export function languageExtraKb(row: BundleRow, locale: Locale): number {
  return Math.round((row.catalogKb[locale] - row.catalogKb[SOURCE_LOCALE]) * 10) / 10;
}

export type BundleRow = {
  route: string;
  gzipKb: number;
  budgetKb: number;
  files: string[];
  /** Each language's catalogs for the route, gzip KB. */
  catalogKb: Record<Locale, number>;
};

/**
 * A lazy-only module as built: its chunk's gzip KB (JS beyond the entry, and its CSS; null while no
 * page imports it, so it is not in the build) and the routes whose initial JS has its code (none).
 */
export type LazyOnlyRow = { name: string; jsGzipKb: number | null; cssGzipKb: number | null; inInitialJsOf: string[] };

export function readManifest(distDir: string): Manifest {
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
  const gzipSize = gzipSizer(distDir);
  return BUNDLE_ROUTES.map(({ route, budgetKb, modules }) => {
    const files = routeFiles(manifest, modules);
    const code = [...new Set([...files.entry, ...files.route])];
    const catalogs = Object.fromEntries(
      LOCALES.map((locale) => [locale, catalogFiles(distDir, code, locale)]),
    ) as Record<Locale, string[]>;
    // An English page loads no catalog (ADR 0086): its initial JS is the code, English texts included.
    return {
      route,
      budgetKb,
      gzipKb: kb(sumOf(code, gzipSize)),
      files: code,
      catalogKb: Object.fromEntries(
        LOCALES.map((locale) => [locale, kb(sumOf([...new Set(catalogs[locale])], gzipSize))]),
      ) as Record<Locale, number>,
    };
  });
}

/**
 * The catalogs a page with these chunks loads in `locale` (ADR 0085): each chunk's own texts
 * (dist/.vite/texts.json lists the chunks that have them); none in English, which is in the code (ADR 0086).
 */
export function catalogFiles(distDir: string, chunks: readonly string[], locale: Locale): string[] {
  if (locale === SOURCE_LOCALE) return [];
  const texts = JSON.parse(readFileSync(join(distDir, TEXTS_MANIFEST), "utf8")) as TextsIndex;
  const withTexts = new Set(texts.chunks);
  return chunks.filter((chunk) => withTexts.has(chunk)).map((chunk) => textsFile(chunk, locale, texts.version));
}

/** The per-language lines of the budget check: each language's catalogs per route, and the routes over. */
export function formatLanguageTable(rows: readonly BundleRow[]): string {
  const lines = rows.map(
    (row) =>
      `${row.route.padEnd(30)} ${LOCALES.map((locale) => row.catalogKb[locale].toFixed(1).padStart(6)).join("")}`,
  );
  return [
    `catalogs per route (gzip KB; English is in the code, ADR 0086; another language's add to the route, ≤ ${LANGUAGE_BUDGET_KB} KB)`,
    `${"route".padEnd(30)} ${LOCALES.map((locale) => locale.padStart(6)).join("")}`,
    ...lines,
  ].join("\n");
}

/** Each LAZY_ONLY module: its size, and the measured routes whose initial JS contains its code. */
export function lazyOnlyRows(distDir: string, rows: readonly BundleRow[] = bundleRows(distDir)): LazyOnlyRow[] {
  const manifest = readManifest(distDir);
  const gzipSize = gzipSizer(distDir);
  const texts = new Map<string, string>();
  const text = (file: string) =>
    texts.get(file) ?? texts.set(file, readFileSync(join(distDir, file), "utf8")).get(file)!;
  return LAZY_ONLY.map(({ name, module, signature }) => {
    const inInitialJsOf = rows
      .filter((row) => row.files.some((file) => text(file).includes(signature)))
      .map((row) => row.route);
    const chunk = manifest[module];
    if (!chunk) return { name, jsGzipKb: null, cssGzipKb: null, inInitialJsOf };
    const { route: js } = routeFiles(manifest, [module]);
    return { name, jsGzipKb: kb(sumOf(js, gzipSize)), cssGzipKb: kb(sumOf(chunk.css ?? [], gzipSize)), inInitialJsOf };
  });
}

function gzipSizer(distDir: string): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) =>
    sizes.get(file) ?? sizes.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length).get(file)!;
}

const sumOf = (files: readonly string[], size: (file: string) => number) =>
  files.reduce((sum, file) => sum + size(file), 0);
/** Bytes → KB with one decimal. */
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * The files a route needs before it runs: the entry chunk with its static imports (`entry`, what
 * the HTML shell already loads), and the route's lazy modules with their static imports that the
 * entry does not have (`route`). The prerendered pages preload `route` (scripts/prerender.ts).
 */
export function routeFiles(manifest: Manifest, modules: readonly string[]): { entry: string[]; route: string[] } {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1)
    throw new Error(`bundle report: expected one entry chunk in the manifest, found ${entries.length}`);
  const entry = new Set<string>();
  staticClosure(manifest, entries[0]![0], entry);
  const all = new Set(entry);
  for (const module of modules) staticClosure(manifest, module, all);
  return { entry: [...entry], route: [...all].filter((file) => !entry.has(file)) };
}

/**
 * The files the entry script imports statically (React's and Lingui's `common` chunk, the bundler's
 * runtime): the browser finds them only once the whole entry has downloaded — on Slow 4G a second
 * after the page's other chunks started — so every page's HTML preloads them beside it (Vite's own
 * preloads are off, ADR 0082). Not the entry itself: its script tag fetches it.
 */
export function entryImports(manifest: Manifest): string[] {
  const entryFile = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
  return routeFiles(manifest, []).entry.filter((file) => file !== entryFile);
}

/** `{ route: gzipKb }` for every measured route. */
export function bundleReport(distDir: string): Record<string, number> {
  return Object.fromEntries(bundleRows(distDir).map((row) => [row.route, row.gzipKb]));
}

/** The table printed by the budget check. */
export function formatBundleTable(rows: BundleRow[]): string {
  const lines = rows.map((row) => {
    const verdict = row.gzipKb <= row.budgetKb ? "ok" : "OVER BUDGET";
    return `${row.route.padEnd(30)} ${row.gzipKb.toFixed(1).padStart(7)} KB  ${String(row.budgetKb).padStart(5)} KB  ${verdict}`;
  });
  return [`${"route".padEnd(30)} initial JS (gzip)  budget`, ...lines].join("\n");
}

/** The lazy-only modules' lines of the budget check: their size, for information, and where they must not be. */
export function formatLazyOnlyTable(rows: LazyOnlyRow[]): string {
  const lines = rows.map((row) => {
    const size =
      row.jsGzipKb === null
        ? "not built (no page imports it yet)"
        : `${row.jsGzipKb.toFixed(1)} KB JS + ${row.cssGzipKb!.toFixed(1)} KB CSS (gzip), loaded when first shown`;
    const verdict = row.inInitialJsOf.length === 0 ? "ok" : `IN THE INITIAL JS OF ${row.inInitialJsOf.join(", ")}`;
    return `${row.name.padEnd(22)} ${size}  ${verdict}`;
  });
  return ["lazy only", ...lines].join("\n");
}
