/**
 * Initial JavaScript per route, gzipped: the entry and what it imports statically, plus the lazy
 * page modules the route renders on load and their static imports (what the browser must fetch
 * before the page is usable). Read from a Vite manifest by scripts/bundle-report.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BUNDLE_ROUTES, bundleReport } from "../../scripts/bundle-report.ts";

/** The routes and budgets of the bundle check in `npm test` (scripts/bundle-report.ts): one table. */
export const ROUTES = BUNDLE_ROUTES;

/**
 * Builds the SPA into a temporary directory with a manifest (a few seconds with Vite), so the
 * figures are those of the current source, never of a stale dist/.
 */
export function buildForReport(): string {
  const outDir = mkdtempSync(join(tmpdir(), "schoolride-bench-dist-"));
  execFileSync(
    resolve("node_modules/.bin/vite"),
    ["build", "--manifest", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
    { stdio: "inherit" },
  );
  return outDir;
}

/** `{ route: gzip KB }` for ROUTES, from a build with `.vite/manifest.json` (the same count as the budget check). */
export function initialJsGzipKb(distDir: string): Record<string, number> {
  return bundleReport(distDir);
}
