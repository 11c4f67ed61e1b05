/**
 * Build-time rendering of the public pages (scripts/prerender.ts builds this for Node and calls it):
 * the same routes as the browser, rendered by react-router's static handler and React's `prerender`,
 * which waits for every lazy component, so the HTML is exactly the client's first render (the
 * client hydrates it: web/src/main.tsx).
 */
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import type { RouteObject } from "react-router";
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from "react-router";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import { AreaFrame } from "./components/shell/frame.tsx";
import { catalogsForPath } from "./i18n/areas.ts";
import { i18n, startLocale } from "./i18n/i18n.ts";
import { ROLE_HOMES, type Role, writeRoleHint } from "./lib/roles.ts";
import { AREA_ROUTE_MODULES, routes } from "./routes/router.tsx";

export {
  FRAME_ATTRIBUTE,
  localizedFile,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_PAGES,
  prerenderedFile,
} from "./routes/page-meta.ts";
export { ROLE_HOMES };

/**
 * Set by scripts/prerender.ts's build: every `import("./x")` under web/src reports the module it
 * loads (its key in the client's build manifest, e.g. "src/pages/public/HomePage.tsx") here first.
 */
type ImportLog = { __prerenderImports?: Set<string> };

/**
 * The HTML of the app at `path` in `locale`, for inside #root, and the route's lazy modules (the ones
 * its matched routes loaded; not the lazy components the page renders later), which the page
 * preloads. The page's catalogs are loaded first, as the browser loads them (web/src/main.tsx), so a
 * reader of that language hydrates exactly this HTML; `translate` gives the page's other texts
 * (its title and description) in the same language.
 */
export async function renderPage(
  path: string,
  locale: Locale = SOURCE_LOCALE,
): Promise<{ html: string; routeModules: string[]; translate: (text: { id: string; message: string }) => string }> {
  await startLocale(locale, catalogsForPath(path));
  const handler = createStaticHandler(routes);
  const log = globalThis as ImportLog;
  const routeModules = new Set<string>();
  log.__prerenderImports = routeModules;
  const context = await handler.query(new Request(new URL(path, "http://prerender.invalid"))).finally(() => {
    log.__prerenderImports = undefined;
  });
  if (context instanceof Response)
    throw new Error(`prerender: ${path} answered a redirect or response (${context.status})`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      {/* No inline hydration script (the CSP allows none): the client has no loader data to restore. */}
      <I18nProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nProvider>
    </StrictMode>,
  );
  return {
    html: await new Response(prelude).text(),
    routeModules: [...routeModules],
    translate: (text) => i18n._(text),
  };
}

/**
 * What the role areas' shells have in #root (ADR 0087): the frame a role area's page shows before
 * its routes have loaded (the header bar with the brand, a spinner), painted with the stylesheet and
 * drawn again, the same, by React's first render. It has no words but the brand: the shells are the
 * same for every language.
 */
export function areaFrameHtml(): string {
  return renderToStaticMarkup(<AreaFrame wordless />);
}

/**
 * A role's home as a signed-in browser opens it (ADR 0065): its routes' lazy modules, and the data
 * requests their loaders send (the role hint set, as after a sign-in; web/src/routes/prefetch.ts),
 * as URLs, so the home's shell can start both before its scripts run. The loaders run for real with
 * a `fetch` that only records: the URLs are the ones the client's tRPC link builds.
 */
export function roleHome(role: Role): Promise<{ routeModules: string[]; requests: string[] }> {
  return signedInLoad(role, ROLE_HOMES[role]);
}

/** What stands for a page shell's `:param` while its loaders run (its requests that name it are left out). */
const PARAM_STAND_IN = "page-shell-param";

/**
 * A page with a shell of its own (#shared/role-homes.ts, ADR 0088) as a signed-in browser opens it,
 * like a role's home above: its routes' lazy modules (the page's own; not what its loader starts in a
 * browser only, such as the live view's map), and its data requests but those for the one record it
 * shows (whose id only the URL has).
 */
export async function pageShell(pattern: string): Promise<{ routeModules: string[]; requests: string[] }> {
  const role = (Object.keys(ROLE_HOMES) as Role[]).find((candidate) => pattern.startsWith(`${ROLE_HOMES[candidate]}/`));
  if (!role) throw new Error(`prerender: "${pattern}" is in no role's area`);
  const { routeModules, requests } = await signedInLoad(role, pattern.replace(/:\w+$/, PARAM_STAND_IN));
  return { routeModules, requests: requests.filter((url) => !url.includes(PARAM_STAND_IN)) };
}

async function signedInLoad(role: Role, path: string): Promise<{ routeModules: string[]; requests: string[] }> {
  const log = globalThis as ImportLog;
  const routeModules = new Set<string>();
  const requests: string[] = [];
  const stored = new Map<string, string>();
  const saved = { fetch: globalThis.fetch, storage: Object.getOwnPropertyDescriptor(globalThis, "localStorage") };
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    value: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
  });
  globalThis.fetch = async (input: string | URL | Request) => {
    requests.push(input instanceof Request ? input.url : String(input));
    throw new Error("prerender: no server to ask");
  };
  writeRoleHint(role);
  log.__prerenderImports = routeModules;
  try {
    const handler = createStaticHandler(await withArea(role));
    const context = await handler.query(new Request(new URL(path, "http://prerender.invalid")));
    if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
    // The tRPC link sends its batch once the tick that queued the queries is over.
    await new Promise((done) => setTimeout(done, 50));
  } finally {
    log.__prerenderImports = undefined;
    globalThis.fetch = saved.fetch;
    if (saved.storage) Object.defineProperty(globalThis, "localStorage", saved.storage);
    else Reflect.deleteProperty(globalThis, "localStorage");
  }
  return { routeModules: [...routeModules], requests };
}

/**
 * The modules every page of a role's area loads (ADR 0076): the lazy modules of the routes above
 * its pages (the guard with the data layer, the area's app shell, a gate such as the super admin's
 * two-factor one), found as the routes of the home match, without the home's own page.
 */
export async function roleArea(role: Role): Promise<string[]> {
  const log = globalThis as ImportLog;
  const routeModules = new Set<string>();
  log.__prerenderImports = routeModules;
  try {
    const matches = matchRoutes(await withArea(role), ROLE_HOMES[role]) ?? [];
    for (const { route } of matches.slice(0, -1)) if (typeof route.lazy === "function") await route.lazy();
  } finally {
    log.__prerenderImports = undefined;
  }
  return [...routeModules];
}

/**
 * The table with a role area's routes, as the browser has it once it has gone into the area
 * (router.tsx's `discoverAreaRoutes`): their module is loaded as the browser loads it, so it is
 * logged as one of the page's route modules (and preloaded by the role's shells).
 */
async function withArea(role: Role): Promise<RouteObject[]> {
  const { default: area } = await AREA_ROUTE_MODULES[role]();
  return [...routes, area];
}
