import { areaOf, areaShellPath } from "#shared/role-homes.ts";

/**
 * The prerendered home page is dist/home.html (scripts/prerender.ts): dist/index.html must stay the
 * empty SPA shell that every other URL falls back to. So "/" is answered with /home (served from
 * home.html by Cloudflare's auto-trailing-slash handling and by worker/local/assets.ts alike), and
 * /home itself gets the shell ("/"), where the app shows its not-found page.
 */
export const HOME_ASSET_PATH = "/home";

/**
 * The asset a page's URL is served from: "/" and /home as above, and any page of a role's area but
 * its home (`/parent/rides/…`) from the area's shell (#shared/role-homes.ts, ADR 0076), which
 * preloads the chunks every page of the area loads; the router renders the URL the browser shows.
 */
export function assetRequest(request: Request): Request {
  const url = new URL(request.url);
  const area = areaOf(url.pathname);
  if (area) {
    url.pathname = areaShellPath(area);
    return new Request(url, request);
  }
  if (url.pathname !== "/" && url.pathname !== HOME_ASSET_PATH) return request;
  url.pathname = url.pathname === "/" ? HOME_ASSET_PATH : "/";
  return new Request(url, request);
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
