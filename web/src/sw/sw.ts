/// <reference lib="webworker" />
/**
 * The service worker (ADR 0067), built by vite-plugin-pwa in injectManifest mode to dist/sw.js.
 *
 * - Precaches the built app: the role-home shells (`/parent`, `/driver`, dist/parent.html and
 *   dist/driver.html), their areas' shells (`/areas/parent`, `/areas/driver`) and the JS and CSS
 *   chunks, so a returning parent or driver gets the app from the phone, with or without a
 *   connection. A navigation inside an area (`/parent/rides/…`) gets its area's shell, as the
 *   server sends it; the SPA's router renders the URL.
 *   Every other navigation goes to the network as before (the public pages are prerendered per page).
 * - Keeps the language catalogs' chunks a page loads (cache first, by their hashed names, the least
 *   recently used expiring): they are not precached, since a reader needs one language of six, but
 *   a reader's own language works offline once seen (ADR 0083). A page that loaded some before the
 *   worker controlled it hands it their addresses (`KEEP_CATALOGS`), and it keeps those too.
 * - Never caches an API response: each user's last data lives in the page's own storage, keyed by
 *   user and cleared at logout (web/src/pwa/query-persistence.ts), never in a cache shared by
 *   whoever signs in next.
 * - Paints a parent's or driver's last screen (ADR 0089): the page keeps the HTML it drew at a few
 *   addresses (`SCREEN_CACHE`, dropped with the kept data); a navigation there gets its shell with
 *   that screen, inert, before a hidden `#root`, and the data's age when it is not fresh.
 * - Shows each web push and opens its link on a tap (`installPushHandlers`, web/src/sw/push.ts, ADR 0068).
 * - A new deployment installs beside the running one and waits: the page offers "Update available
 *   — reload" (web/src/pwa/register.ts), which sends SKIP_WAITING, and reloads once it controls.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precache } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import {
  CATALOG_CACHE_LIMITS,
  catalogLocale,
  isCatalogChunk,
  KEEP_CATALOGS,
  TEXTS_INDEX,
  type TextsIndex,
  textsFile,
} from "#shared/catalog-chunks.ts";
import { isScreenPath, parseKeptScreen, SCREEN_CACHE, spliceKeptScreen } from "#shared/kept-screens.ts";
import { areaShellPath, pageShellsOf, shellOf } from "#shared/role-homes.ts";
import { CATALOG_CACHE, OFFLINE_ROLES, SKIP_WAITING } from "#shared/service-worker.ts";
import { installPushHandlers } from "./push.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const PRECACHE = self.__WB_MANIFEST;
precache(PRECACHE);
cleanupOutdatedCaches();

// A navigation to an area's home gets the home's shell (its chunks and data request preloaded, ADR
// 0065); a page with a shell of its own that one (ADR 0088); any other page of the area the area's
// shell (the chunks all its pages load, ADR 0076), as the server answers them.
for (const area of OFFLINE_ROLES) {
  const home = `/${area}`;
  const shells = new Map(
    [home, areaShellPath(home), ...pageShellsOf(home)].map((url) => [url, createHandlerBoundToURL(url)]),
  );
  const areaShell = shells.get(areaShellPath(home))!;
  registerRoute(
    new NavigationRoute(
      async (options) => {
        const shell = options.url.pathname === home ? home : shellOf(options.url.pathname);
        return withKeptScreen(options.url.pathname, await (shells.get(shell ?? "") ?? areaShell)(options));
      },
      { allowlist: [new RegExp(`^${home}(/|$)`)] },
    ),
  );
}

/**
 * The shell with the page's kept screen in it (ADR 0089), or the shell as it is: no screen kept for
 * the address, one that is not to be shown (too old, another build's) or anything failing.
 */
async function withKeptScreen(pathname: string, shell: Response): Promise<Response> {
  if (!isScreenPath(pathname) || !shell.ok) return shell;
  try {
    const kept = await self.caches.match(pathname, { cacheName: SCREEN_CACHE });
    const screen = kept ? parseKeptScreen(await kept.json()) : null;
    if (!screen) return shell;
    const html = spliceKeptScreen(await shell.clone().text(), screen, Date.now());
    if (!html) return shell;
    // The shell's headers (its Content-Security-Policy), but not the length and encoding of its old body.
    const headers = new Headers(shell.headers);
    headers.delete("content-length");
    headers.delete("content-encoding");
    return new Response(html, { status: shell.status, statusText: shell.statusText, headers });
  } catch {
    return shell;
  }
}

// The precached files themselves, after the navigations: a home's own URL is precached too, and
// its navigation must get the kept screen.
addRoute();

// The catalogs' chunks, in whichever language the page asks for: from the network the first time,
// from this cache after (a hashed name's content never changes).
const catalogs = new CacheFirst({
  cacheName: CATALOG_CACHE,
  plugins: [new ExpirationPlugin({ ...CATALOG_CACHE_LIMITS, purgeOnQuotaError: true })],
});
const isOwnCatalog = (url: URL) => url.origin === self.location.origin && isCatalogChunk(url.pathname);
registerRoute(({ url, event }) => {
  if (!isOwnCatalog(url)) return false;
  keepLanguage(url.pathname, event);
  return true;
}, catalogs);

/** The languages whose catalogs this worker has kept for every chunk (once per language per worker). */
const keptLanguages = new Set<string>();

/**
 * A page asked for a catalog in a language: the worker keeps that language's catalogs of every chunk
 * with texts (ADR 0085), listed by the precached texts index, so any page of the app opens offline
 * in it, not only those seen online. Each is a few hundred bytes; those already kept are not fetched.
 */
function keepLanguage(pathname: string, event: ExtendableEvent): void {
  const locale = catalogLocale(pathname);
  if (!locale || keptLanguages.has(locale)) return;
  keptLanguages.add(locale);
  const index = PRECACHE.map((entry) => (typeof entry === "string" ? entry : entry.url)).find((url) =>
    TEXTS_INDEX.test(url),
  );
  if (!index) return;
  const keeping = (async () => {
    const answer = await matchPrecache(index);
    if (!answer) throw new Error("the texts index is not precached yet"); // tried again on the next catalog
    const { version, chunks } = (await answer.json()) as TextsIndex;
    await Promise.allSettled(
      chunks.map((chunk) => catalogs.handle({ event, request: `/${textsFile(chunk, locale, version)}` })),
    );
  })().catch(() => keptLanguages.delete(locale));
  // The fetch's event lives on until all are kept (the strategy's own waits join it).
  event.waitUntil(keeping);
}

/**
 * The catalogs a page loaded before this worker controlled it (its first visit): fetched through
 * the same strategy, so they are kept too (mostly from the HTTP cache) and the page works offline.
 */
function keepCatalogs(event: ExtendableMessageEvent, urls: unknown): void {
  if (!Array.isArray(urls)) return;
  const own = urls.filter((url): url is string => {
    if (typeof url !== "string") return false;
    try {
      return isOwnCatalog(new URL(url, self.location.href));
    } catch {
      return false; // Not an address: left out, the others still kept.
    }
  });
  event.waitUntil(Promise.allSettled(own.map((url) => catalogs.handle({ event, request: url }))));
  // …and the rest of their language's (ADR 0085).
  for (const url of own) keepLanguage(new URL(url, self.location.href).pathname, event);
}

installPushHandlers(self);

self.addEventListener("message", (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
  if (data?.type === KEEP_CATALOGS) keepCatalogs(event, data.urls);
});

// The first install takes the open pages at once (there is no older worker to wait for).
clientsClaim();
