/**
 * The prerendered home page is dist/home.html (scripts/prerender.ts): dist/index.html must stay the
 * empty SPA shell that every other URL falls back to. So "/" is answered with /home (served from
 * home.html by Cloudflare's auto-trailing-slash handling and by worker/local/assets.ts alike), and
 * /home itself gets the shell ("/"), where the app shows its not-found page.
 */
export const HOME_ASSET_PATH = "/home";

export function assetRequest(request: Request): Request {
  const url = new URL(request.url);
  if (url.pathname !== "/" && url.pathname !== HOME_ASSET_PATH) return request;
  url.pathname = url.pathname === "/" ? HOME_ASSET_PATH : "/";
  return new Request(url, request);
}
