import {
  acceptedLanguages,
  isLocale,
  type Locale,
  localeFromCookie,
  negotiateLocale,
  SOURCE_LOCALE,
} from "#shared/locales.ts";
import { shellOf } from "#shared/role-homes.ts";
import { PUBLIC_PAGES } from "#shared/site-pages.ts";

/**
 * The prerendered home page is dist/home.html (scripts/prerender.ts): dist/index.html must stay the
 * empty SPA shell that every other URL falls back to. So "/" is answered with /home (served from
 * home.html by Cloudflare's auto-trailing-slash handling and by worker/local/assets.ts alike), and
 * /home itself gets the shell ("/"), where the app shows its not-found page.
 */
export const HOME_ASSET_PATH = "/home";

/**
 * The pages prerendered in every language (web/src/routes/page-meta.ts's PRERENDERED_PAGES, which
 * tests/node/lean-spa.test.ts compares with this): the public pages and the sign-in pages. English
 * is dist/<page>.html, another language dist/<locale>/<page>.html (scripts/prerender.ts).
 */
export const LOCALIZED_PAGES: ReadonlySet<string> = new Set([
  ...PUBLIC_PAGES,
  "/login",
  "/login/superadmin",
  "/login/school",
  "/login/parent",
  "/login/driver",
]);

/** `?lang=es`: the page in that language, whatever the reader's (the hreflang alternates' addresses); it sets nothing. */
export const LANG_PARAM = "lang";

/**
 * The language a prerendered page is sent in: the address's `?lang=`, else the reader's choice (its
 * cookie), else the best of the browser's languages (Accept-Language), else English.
 */
export function requestLocale(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get(LANG_PARAM);
  if (isLocale(asked)) return asked;
  return (
    localeFromCookie(request.headers.get("cookie")) ??
    negotiateLocale(acceptedLanguages(request.headers.get("accept-language")))
  );
}

/**
 * The asset a page's URL is served from: a prerendered page in the reader's language (above), "/"
 * and /home as above, and any page of a role's area but its home from the area's shell
 * (#shared/role-homes.ts, ADR 0076), which preloads the chunks every page of the area loads, or from
 * its own shell if it has one (the live view, ADR 0088); the router renders the URL the browser shows.
 */
export function assetRequest(request: Request): Request {
  const url = new URL(request.url);
  if (LOCALIZED_PAGES.has(url.pathname)) {
    const locale = requestLocale(request);
    if (locale !== SOURCE_LOCALE) {
      url.pathname = `/${locale}${url.pathname === "/" ? HOME_ASSET_PATH : url.pathname}`;
      return new Request(url, request);
    }
  }
  const shell = shellOf(url.pathname);
  if (shell) {
    url.pathname = shell;
    return new Request(url, request);
  }
  if (url.pathname !== "/" && url.pathname !== HOME_ASSET_PATH) return request;
  url.pathname = url.pathname === "/" ? HOME_ASSET_PATH : "/";
  return new Request(url, request);
}

/**
 * A prerendered page's answer depends on the reader's language (its cookie, its Accept-Language):
 * caches keep one copy per language (`Vary`), added to what the response varies on already.
 */
export function withLanguageVary(path: string, response: Response): Response {
  if (!LOCALIZED_PAGES.has(path)) return response;
  const headers = new Headers(response.headers);
  headers.append("Vary", "Cookie, Accept-Language");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The files that tell search engines what to read (worker/http/search-files.ts): indexable, like the public pages. */
export const SEARCH_FILES: ReadonlySet<string> = new Set(["/robots.txt", "/sitemap.xml"]);

/**
 * The answer to a path the SPA has no page for (`pageVisibility` is null or "not-found"): the
 * assets' SPA fallback is the shell, where the router shows Page Not Found, so that same page is
 * sent with status 404 (a soft 404 misleads crawlers and API clients). A real file (script, icon)
 * is sent as it is; a missing one was answered with the shell, so it is a 404 too.
 */
export function notFoundPage(response: Response): Response {
  const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
  if (response.status !== 200 || !isHtml) return response;
  return new Response(response.body, { status: 404, statusText: "Not Found", headers: response.headers });
}
