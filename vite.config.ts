import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type PluginOption } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { chunkTextsPlugin } from "./scripts/chunk-texts-plugin.ts";
import { precacheEntries } from "./scripts/pwa-precache.ts";
import { appManifest, MANIFESTS } from "./web/src/pwa/app-manifest.ts";
import { PDF_FONT_FILES, PDF_FONTS_PATH } from "./worker/services/_shared/pdf-fonts.ts";
import { CATALOG_CHUNK_PREFIX } from "./worker/shared/catalog-chunks.ts";

// react-router's package exports point every condition at its development build (dev warnings and
// checks, ~10 KB gzip more); a production build takes the production one it ships beside it.
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

// React 19 has useSyncExternalStore; its compatibility shim for React 16/17 (which @lingui/react's
// I18nProvider imports, ~0.4 KB gzip in the entry) is React's own hook in a build.
const USE_SYNC_EXTERNAL_STORE = fileURLToPath(new URL("web/src/lib/use-sync-external-store.ts", import.meta.url));

/**
 * react-router's production build still names its components and contexts for React's developer
 * tools (`X.displayName = "…"`) and creates its components and contexts with calls the bundler
 * cannot know are pure: both keep code no page uses (`<Form>`, `<ScrollRestoration>`,
 * `unstable_HistoryRouter`…, ~1.3 KB gzip of every page's entry). A build drops the names (React
 * reads them in development only) and marks `forwardRef`/`memo`/`createContext` calls pure, so
 * what no page imports is left out.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: "schoolride-react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/ },
      handler(code) {
        return code
          .replace(/^ *[\w$]+\.displayName = "[^"]*";$/gm, "")
          .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, "= /* @__PURE__ */ $1.$2(");
      },
    },
  };
}

/** The modules every role area's page loads (see the `area` group below), by path. */
const AREA_MODULES = new RegExp(
  [
    "node_modules/(@tanstack|@trpc|superjson|copy-anything|is-what)/",
    "web/src/lib/(data|trpc|session)\\.",
    // The data layer's own: each parent's and driver's kept data, the session's manifest (ADR 0067).
    "web/src/pwa/(query-persistence|manifest-link)\\.",
    // What the areas' routes are made of (each area's own are a chunk of their own), the guards, the first queries.
    "web/src/routes/(area-route|prefetch|guards|prefetch-queries)\\.",
    // The live run's first read, which the live view's loader starts through prefetch-queries (ADR 0076).
    "web/src/features/live/run-read\\.",
    // The maps' Leaflet chunk as the live view's loader starts it, and the lazy sections a page can
    // start early (ADR 0087): a few hundred bytes, a file of their own otherwise.
    "web/src/(components/map/leaflet-chunk|lib/startable-lazy)\\.",
    // The query-options factories the prefetches share with the pages' hooks (a few hundred bytes).
    "web/src/features/[\\w-]+/queries\\.",
    // The signed-in frame every area page shows: the header, the sidebar, the phone's bar, the bell's
    // unread count, the app's own notices' loader, the sudo prompt's context (one file instead of
    // eleven; none of it is a public page's).
    "web/src/components/AppShell\\.",
    "web/src/components/shell/(LogoutButton|BottomBar|NotificationBell|nav|Sidebar|frame)\\.",
    "web/src/pwa/lazy\\.",
    // Keeping the last screen (ADR 0089): the kept data's owner change drops it, a few hundred bytes.
    "web/src/pwa/kept-screen\\.",
    "worker/shared/kept-screens\\.",
    "web/src/features/notifications/unread\\.",
    "web/src/lib/sudo\\.",
    "worker/shared/(connect|mfa-reasons)\\.",
    "web/src/components/mfa/SudoProvider\\.",
    // The small display pieces most area pages show (a few hundred bytes each), one file less each
    // on the role homes' first load (ADR 0069). Not buttons or enums: public pages import those.
    "web/src/components/ui/(lazy-dialog|states|empty-state|page-header|badge|format|action-button|panel)\\.",
    "worker/shared/(subscription|money|service-worker)\\.",
    // The icons of the area shells' navigation the parent's and the school admin's share, and the phone bar's More (not
    // the bell: the home page shows it).
    "node_modules/lucide-react/.*/(log-out|key-round|languages|layout-dashboard|plane|receipt|user-round|baby|ellipsis)\\.m?js$",
    // The reading of tRPC errors every area page's hooks import (the login pages' and the wizard's
    // calls load the data layer too).
    "web/src/lib/errors\\.",
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
    // Vite's helper for a dynamic import's preloads: the entry's and the areas' routes share it.
    "vite/preload-helper",
    "node_modules/lucide-react/dist/esm/(shared/|context|Icon|createLucideIcon|defaultAttributes)",
    "node_modules/lucide-react/dist/esm/icons/bus\\.",
    "web/src/lib/(toast|generic-error)\\.",
    "web/src/components/ui/skip-link\\.",
    "web/src/components/site/usePageTitle\\.",
    // Lingui's runtime, the language list and the shared labels every page's start imports: four
    // files of their own otherwise (~0.3 KB gzip of files' overhead on every page).
    "node_modules/@lingui/core/",
    "worker/shared/(locales|said)\\.",
    // The texts' loaders every page starts with (the area catalogs' and the chunks' own, ADR 0085).
    "web/src/i18n/(i18n|chunk-texts)\\.",
    "worker/shared/(catalog-chunks|locale-choice)\\.",
    "web/src/lib/translated-labels\\.",
    "web/src/i18n/shared-texts\\.",
  ]
    .join("|")
    .replaceAll("/", "[\\\\/]"),
);

/**
 * The chunks of the lazy modules a page starts before it renders them (`startableModule`, ADR 0087:
 * web/src/components/map/leaflet-chunk.ts, the parent's dashboard's Recent Notifications), by their
 * file name: the only dynamic imports whose dependencies are listed (see `modulePreload` below).
 */
const STARTED_EARLY = /^assets\/(leaflet-map|RecentNotifications)-[\w-]+\.js$/;

/**
 * The installable app (ADR 0067): the web app manifests (one per role's start URL) and the service
 * worker, web/src/sw/sw.ts built to dist/sw.js with the build's precache list (scripts/pwa-precache.ts).
 */
function pwaPlugins(): Plugin[] {
  const manifests: Plugin = {
    name: "schoolride-web-manifests",
    apply: "build",
    generateBundle() {
      for (const [fileName, startUrl] of Object.entries(MANIFESTS))
        this.emitFile({ type: "asset", fileName, source: `${JSON.stringify(appManifest(startUrl), null, 2)}\n` });
    },
  };
  return [
    manifests,
    ...VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      // main.tsx registers it (workbox-window), once the page has loaded; the manifests are ours.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The chunks every page may need and the icons; index.html stands for the role-home shells.
        globPatterns: ["assets/**/*.{js,css}", "assets/texts-*.json", "icons/*.png", "favicon.svg", "index.html"],
        // The password meter's dictionaries (~450 KB) serve password forms only, which need the server anyway.
        globIgnores: ["assets/password-strength.worker-*.js"],
        manifestTransforms: [(entries) => ({ manifest: precacheEntries(entries), warnings: [] })],
      },
    }),
  ];
}

/**
 * The PDFs' fonts (ADR 0079): copied from their packages to dist/pdf-fonts/, static files the
 * Worker reads through its assets when a document needs them (never in its script, nor precached).
 */
function pdfFontsPlugin(): Plugin {
  return {
    name: "schoolride-pdf-fonts",
    apply: "build",
    generateBundle() {
      for (const weights of Object.values(PDF_FONT_FILES))
        for (const { file, source } of Object.values(weights))
          this.emitFile({
            type: "asset",
            fileName: `${PDF_FONTS_PATH.slice(1)}${file}`,
            source: readFileSync(fileURLToPath(new URL(`node_modules/${source}`, import.meta.url))),
          });
    },
  };
}

/**
 * Languages (ADR 0078): Lingui's macros compiled away by Babel (a message becomes its id), and a
 * catalog (`.po`) compiled to a module when a page imports it. Exported for the node tests' Vite.
 */
export function linguiPlugins({ chunkTexts = false }: { chunkTexts?: boolean } = {}): PluginOption[] {
  return [lingui({ macroTransform: true }), chunkTextsPlugin(chunkTexts)];
}

// The SPA lives in web/ and is built to dist/, which the Worker (assets) and the Node entry serve.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: "web",
  resolve:
    command === "build"
      ? {
          alias: [
            { find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION },
            { find: /^use-sync-external-store\/shim$/, replacement: USE_SYNC_EXTERNAL_STORE },
          ],
        }
      : {},
  publicDir: "public",
  plugins: [
    ...linguiPlugins({ chunkTexts: command === "build" && !isSsrBuild }),
    react(),
    tailwindcss(),
    reactRouterTreeShaking(),
    ...(isSsrBuild ? [] : [...pwaPlugins(), pdfFontsPlugin()]),
  ],
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/bundle-report.ts measures each route's initial JS from it.
    manifest: true,
    // No dependency lists for dynamic imports (ADR 0082): each chunk with lazy imports carried the
    // file names of every import's dependencies (the area's route module ~1.5 KB gzip of them, on
    // every page of the area) so that a navigation could fetch them in parallel. A first visit's
    // HTML preloads its route's files from the manifest (scripts/prerender.ts), and after it the
    // service worker has every chunk precached, so the lists only helped a navigation made before
    // the worker installed (one round trip more there). CSS of a lazy chunk still loads with it.
    //
    // Except the lazy chunks a page starts before it renders them (ADR 0087's `startableModule`): on a
    // first visit they load while the page does, and without the list their own imports came one
    // level at a time after them (Recent Notifications' three levels, ~0.7 s on Slow 4G, were the
    // last thing /parent waited for; ADR 0088). The entry's preloads are the prerender's.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) => (hostType === "js" && STARTED_EARLY.test(file) ? deps : []),
    },
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
        // A catalog's chunk says which it is (i18n-<area>-<locale>): the e2e marked run finds them by
        // it, the service worker keeps them at runtime instead of precaching them (ADR 0083).
        chunkFileNames: (chunk) => {
          const catalog = /locales[\\/]([\w-]+)[\\/](\w+)\.po$/.exec(chunk.facadeModuleId ?? "");
          return catalog
            ? `assets/${CATALOG_CHUNK_PREFIX}${catalog[1]}-${catalog[2]}-[hash].js`
            : "assets/[name]-[hash].js";
        },
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
