import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// react-router's package exports point every condition at its development build (dev warnings and
// checks, ~10 KB gzip more); a production build takes the production one it ships beside it.
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

/** The modules every role area's page loads (see the `area` group below), by path. */
const AREA_MODULES = new RegExp(
  [
    "node_modules/(@tanstack|@trpc|superjson|copy-anything|is-what)/",
    "web/src/lib/(data|trpc|session)\\.",
    "web/src/routes/(guards|prefetch-queries)\\.",
    // The query-options factories the prefetches share with the pages' hooks (a few hundred bytes).
    "web/src/features/[\\w-]+/queries\\.",
    "web/src/components/shell/AppShell\\.",
    "web/src/components/mfa/SudoProvider\\.",
    // The small display pieces most area pages show (a few hundred bytes each), one file less each
    // on the role homes' first load (ADR 0069). Not buttons or enums: public pages import those.
    "web/src/components/ui/(lazy-dialog|states|empty-state|page-header|badge|format|action-button|panel)\\.",
    "worker/shared/(subscription|money)\\.",
    "node_modules/lucide-react/.*/(log-out|key-round|layout-dashboard)\\.m?js$",
  ]
    .join("|")
    .replaceAll("/", "[\\\\/]"),
);

/**
 * The modules every page loads, public or role area (React, the icon base and the bus of the logo,
 * the skip link, toasts, the page title): one chunk instead of eight files of a few hundred bytes.
 */
const EVERY_PAGE_MODULES = new RegExp(
  [
    "node_modules/react/",
    "node_modules/lucide-react/dist/esm/(shared/|context|Icon|createLucideIcon|defaultAttributes)",
    "node_modules/lucide-react/dist/esm/icons/bus\\.",
    "web/src/lib/(toast|generic-error)\\.",
    "web/src/components/ui/skip-link\\.",
    "web/src/components/site/usePageTitle\\.",
  ]
    .join("|")
    .replaceAll("/", "[\\\\/]"),
);

// The SPA lives in web/ and is built to dist/, which the Worker (assets) and the Node entry serve.
export default defineConfig(({ command }) => ({
  root: "web",
  resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/bundle-report.ts measures each route's initial JS from it.
    manifest: true,
    // Every browser we support has <link rel="modulepreload">; where one lacks it, modules still load
    // (in series), so the polyfill is not worth its bytes in every page's entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Rolldown would move modules shared by lazy chunks (the data layer, react-hook-form, zod) into the
      // entry, which every page loads; each route's initial JS is its own (ADR 0019).
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      // @trpc/client does not declare its modules free of side effects, so its WebSocket client (wsLink,
      // which we never use) stayed in every page with data, ~0.9 KB gzip. They are free of them.
      // Every role area loads the data layer, its guard and the app shell; as ~20 files of a few hundred
      // bytes each they cost ~3 KB gzip more than as one (each file compresses alone) and as many
      // requests. They are one chunk. Their own imports stay where they were (a dialog the shell
      // loads lazily stays lazy): the list names modules, not their trees. Public pages load none of
      // it (scripts/check-bundle-budget.ts shows both).
      output: {
        codeSplitting: {
          groups: [
            { name: "area", test: AREA_MODULES, includeDependenciesRecursively: false },
            { name: "common", test: EVERY_PAGE_MODULES, includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@trpc[\\/]client[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:8787", "/dev": "http://localhost:8787" },
  },
}));
