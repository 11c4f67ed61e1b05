import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { AssetFetcher } from "../platform.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serves the built SPA from disk the way Cloudflare's assets binding does with
 * `html_handling = "auto-trailing-slash"` and `not_found_handling = "single-page-application"`:
 * files as they are, `/services` from services.html and `/` from index.html (the prerendered
 * pages, scripts/prerender.ts), `/services.html` redirected to `/services`, index.html otherwise.
 */
export function nodeAssets(distDir: string): AssetFetcher {
  const root = resolve(distDir);
  const send = async (path: string, status: number, cache: string) =>
    new Response(await readFile(path), {
      status,
      headers: { "Content-Type": TYPES[extname(path)] ?? "application/octet-stream", "Cache-Control": cache },
    });
  /** A file under the root, or null (a path outside it never is one). */
  const fileAt = async (pathname: string) => {
    const candidate = normalize(join(root, pathname));
    if (!candidate.startsWith(root + sep)) return null;
    const info = await stat(candidate).catch(() => null);
    return info?.isFile() ? candidate : null;
  };
  return async (request) => {
    const url = new URL(request.url);
    const pathname = decodeURIComponent(url.pathname);
    if (pathname.endsWith(".html")) {
      const clean = pathname.replace(/(index)?\.html$/, "");
      if (await fileAt(pathname))
        return new Response(null, { status: 307, headers: { Location: `${clean}${url.search}` } });
    }
    const file = await fileAt(pathname);
    if (file) {
      const immutable = pathname.startsWith("/assets/");
      return send(file, 200, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    const page = await fileAt(pathname.endsWith("/") ? `${pathname}index.html` : `${pathname}.html`);
    if (page) return send(page, 200, "no-cache");
    const index = join(root, "index.html");
    if (!(await stat(index).catch(() => null))) {
      return new Response("The web app is not built yet: run `npm run build`.", { status: 503 });
    }
    return send(index, 200, "no-cache");
  };
}
