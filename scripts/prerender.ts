/**
 * `npm run build`, second step: renders the public pages to HTML (web/src/routes/page-meta.ts lists
 * them with their metadata) so they are readable without JavaScript, paint at once and are found by
 * search engines. Builds web/src/prerender.tsx for Node with Vite, renders each page into the built
 * dist/index.html and writes dist/<page>.html, which Cloudflare's assets (html_handling
 * "auto-trailing-slash") and worker/local/assets.ts serve at /<page>. dist/index.html stays the empty
 * shell every other URL falls back to; "/" is written to home.html (worker/http/prerendered.ts).
 * Each page preloads its route's chunks and the entry's own imports (`<link rel="modulepreload">`,
 * `entryImports`), fetched with the entry rather than after it; dist/index.html gets the latter too.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { direction, LOCALE_TAGS, LOCALES, SOURCE_LOCALE } from "#shared/locales.ts";
import { areaShellPath, PAGE_SHELL_PATTERNS, pageShellPath } from "#shared/role-homes.ts";
import { SPA_PAGES } from "#shared/site-pages.ts";
import { catalogFiles, entryImports, readManifest, routeFiles } from "./bundle-report.ts";
import { fillRoleShell, fillShell, logRouteImports } from "./prerender-html.ts";

type PrerenderModule = typeof import("../web/src/prerender.tsx");

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");
const ssrOut = join(root, ".prerender");

/** The site's public address for canonical and Open Graph URLs: APP_URL, else wrangler.toml's. */
function siteUrl(): string {
  const fromToml = /^APP_URL\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, "wrangler.toml"), "utf8"))?.[1];
  const url = process.env.APP_URL ?? fromToml;
  if (!url) throw new Error("prerender: set APP_URL (or APP_URL in wrangler.toml [vars])");
  return url.replace(/\/+$/, "");
}

async function main() {
  rmSync(ssrOut, { recursive: true, force: true });
  await build({
    configFile: join(root, "vite.config.ts"),
    logLevel: "warn",
    build: { ssr: "src/prerender.tsx", outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false },
    plugins: [logRouteImports(join(root, "web"))],
  });
  const module = (await import(pathToFileURL(join(ssrOut, "prerender.js")).href)) as PrerenderModule;
  const shell = readFileSync(join(dist, "index.html"), "utf8");
  const manifest = readManifest(dist);
  // The entry's own imports, which every page's HTML preloads beside it.
  const entryPreloads = entryImports(manifest);
  const base = siteUrl();
  for (const page of module.PRERENDERED_PAGES) {
    const address = `${base}${page.path === "/" ? "/" : page.path}`;
    // Each language's version at its own address (`?lang=es`, worker/http/prerendered.ts), the
    // address without one for everyone else (it answers in the reader's language).
    const alternates = [
      ...LOCALES.map((locale) => ({ hreflang: LOCALE_TAGS[locale], href: `${address}?lang=${locale}` })),
      { hreflang: "x-default", href: address },
    ];
    const noindex = SPA_PAGES[page.path] !== "public";
    for (const locale of LOCALES) {
      const { html, routeModules, translate } = await module.renderPage(page.path, locale);
      // The route's chunks, and the catalogs in the page's language of the entry's and the route's
      // (web/src/i18n/chunk-texts.ts loads them before the first render; preloaded, they start at once).
      const files = routeFiles(manifest, routeModules);
      const preload = [
        ...entryPreloads,
        ...files.route,
        ...catalogFiles(dist, [...files.entry, ...files.route], locale),
      ].map((asset) => `/${asset}`);
      const name = module.localizedFile(page.path, locale);
      const file = join(dist, name);
      mkdirSync(dirname(file), { recursive: true });
      const url = locale === SOURCE_LOCALE ? address : `${address}?lang=${locale}`;
      writeFileSync(
        file,
        fillShell(shell, {
          path: page.path,
          title: translate(page.texts.title),
          description: translate(page.texts.description),
          html,
          url,
          preload,
          attribute: module.PRERENDERED_ATTRIBUTE,
          noindex,
          language: { lang: LOCALE_TAGS[locale], dir: direction(locale) },
          alternates,
        }),
      );
      console.log(`prerendered ${page.path.padEnd(20)} → dist/${name} (${preload.length} chunks preloaded)`);
    }
  }
  // A role area's page paints the signed-in frame with the stylesheet, before its scripts (ADR 0087).
  const frame = { html: module.areaFrameHtml(), attribute: module.FRAME_ATTRIBUTE };
  // Each role's home (/parent, /driver…) gets the shell with its chunks and first data request
  // preloaded (ADR 0065): dist/parent.html, served at /parent like the public pages.
  for (const [role, home] of Object.entries(module.ROLE_HOMES) as [keyof typeof module.ROLE_HOMES, string][]) {
    const { routeModules, requests } = await module.roleHome(role);
    const preload = [...entryPreloads, ...routeFiles(manifest, routeModules).route].map((asset) => `/${asset}`);
    const data = requests.filter((url) => url.startsWith("/api/trpc/"));
    writeFileSync(join(dist, `${home.slice(1)}.html`), fillRoleShell(shell, { preload, data, frame }));
    console.log(
      `role shell  ${home.padEnd(20)} → dist${home}.html (${preload.length} chunks, ${data.length} data request${data.length === 1 ? "" : "s"} preloaded)`,
    );
  }
  // Every other page of an area (/parent/rides/…) gets the area's shell (ADR 0076): the chunks all
  // its pages load preloaded, no data (each page's loaders ask for their own). dist/areas/parent.html,
  // served for those URLs by worker/http/prerendered.ts.
  for (const [role, home] of Object.entries(module.ROLE_HOMES) as [keyof typeof module.ROLE_HOMES, string][]) {
    const preload = [...entryPreloads, ...routeFiles(manifest, await module.roleArea(role)).route].map(
      (asset) => `/${asset}`,
    );
    const file = join(dist, `${areaShellPath(home).slice(1)}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fillRoleShell(shell, { preload, data: [], frame }));
    console.log(`area shell  ${`${home}/…`.padEnd(20)} → dist${areaShellPath(home)}.html (${preload.length} chunks)`);
  }
  // A page opened straight from outside the app (the live view) gets a shell of its own (ADR 0088):
  // the area's chunks and the page's own, and its first data but the request for the record itself.
  for (const pattern of PAGE_SHELL_PATTERNS) {
    const { routeModules, requests } = await module.pageShell(pattern);
    const preload = [...entryPreloads, ...routeFiles(manifest, routeModules).route].map((asset) => `/${asset}`);
    const data = requests.filter((url) => url.startsWith("/api/trpc/"));
    const file = join(dist, `${pageShellPath(pattern).slice(1)}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fillRoleShell(shell, { preload, data, frame }));
    console.log(
      `page shell  ${pattern.padEnd(20)} → dist${pageShellPath(pattern)}.html (${preload.length} chunks, ${data.length} data request${data.length === 1 ? "" : "s"} preloaded)`,
    );
  }
  // The shell every other URL falls back to starts the entry's imports with the entry too.
  writeFileSync(
    join(dist, "index.html"),
    fillRoleShell(shell, { preload: entryPreloads.map((asset) => `/${asset}`), data: [] }),
  );
  rmSync(ssrOut, { recursive: true, force: true });
}

await main();
