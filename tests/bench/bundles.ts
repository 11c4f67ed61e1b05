/**
 * Initial JavaScript per route, gzipped: the entry and what it imports statically, plus the lazy
 * page modules the route renders on load and their static imports (what the browser must fetch
 * before the page is usable). Read from a Vite manifest.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

/** Routes, their budget in KB (1,000 bytes, gzip) and the lazy modules (relative to web/) they load first. */
export const ROUTES: { route: string; budgetKb: number; modules: string[] }[] = [
  { route: "/", budgetKb: 120, modules: ["src/pages/public/HomePage.tsx"] },
  { route: "/services", budgetKb: 120, modules: ["src/pages/public/ServicesPage.tsx"] },
  { route: "/login/parent", budgetKb: 120, modules: ["src/pages/auth/LoginPage.tsx"] },
  { route: "/get-started", budgetKb: 120, modules: ["src/pages/registration/GetStartedPage.tsx"] },
  {
    route: "/super-admin",
    budgetKb: 150,
    modules: ["src/components/AppShell.tsx", "src/pages/super-admin/security/MfaGate.tsx", "src/pages/home/SuperAdminHome.tsx"],
  },
  { route: "/school-admin", budgetKb: 150, modules: ["src/components/AppShell.tsx", "src/pages/home/SchoolAdminHome.tsx"] },
  { route: "/parent", budgetKb: 150, modules: ["src/components/AppShell.tsx", "src/pages/home/ParentHome.tsx"] },
];

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

/**
 * Builds the SPA into a temporary directory with a manifest (a few seconds with Vite), so the
 * figures are those of the current source, never of a stale dist/.
 */
export function buildForReport(): string {
  const outDir = mkdtempSync(join(tmpdir(), "schoolride-bench-dist-"));
  execFileSync(resolve("node_modules/.bin/vite"), ["build", "--manifest", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"], { stdio: "inherit" });
  return outDir;
}

/** `{ route: gzip KB }` for ROUTES, from a build with `.vite/manifest.json`. */
export function initialJsGzipKb(distDir: string): Record<string, number> {
  const manifest = JSON.parse(readFileSync(join(distDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error("bench: the Vite manifest has no entry");
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(distDir, file))).length);
    return gzipped.get(file)!;
  };
  const report: Record<string, number> = {};
  for (const { route, modules } of ROUTES) {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`bench: ${key} (route ${route}) is not in the build; update ROUTES in tests/bench/bundles.ts`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of [entry, ...modules]) visit(key);
    const bytes = [...files].filter((file) => file.endsWith(".js")).reduce((sum, file) => sum + sizeOf(file), 0);
    report[route] = Math.round(bytes / 100) / 10;
  }
  return report;
}
