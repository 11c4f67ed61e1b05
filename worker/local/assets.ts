import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { AssetFetcher } from "../platform.ts";
import { acceptedEncodings, ENCODINGS, hasPrecompressedCopies, isCompressedCopy } from "./compression.ts";

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
 *
 * A text asset is sent as the build's brotli or gzip copy of it when the browser accepts one
 * (worker/local/compression.ts, ADR 0065), with `Vary: Accept-Encoding`; the file itself when it
 * accepts neither or the copy is missing. The copies are not files of their own (`.assetsignore`
 * keeps them out of the Worker's assets too). A HEAD gets the GET's headers; a Range is not
 * honoured (the whole representation, 200, as before).
 */
export function nodeAssets(distDir: string): AssetFetcher {
  const root = resolve(distDir);
  const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() ?? false;
  const send = async (request: Request, path: string, status: number, cache: string) => {
    const headers = new Headers({
      "Content-Type": TYPES[extname(path)] ?? "application/octet-stream",
      "Cache-Control": cache,
    });
    let file = path;
    if (hasPrecompressedCopies(path)) {
      headers.append("Vary", "Accept-Encoding");
      for (const name of acceptedEncodings(request.headers.get("accept-encoding"))) {
        const copy = path + ENCODINGS.find((encoding) => encoding.name === name)!.suffix;
        if (await isFile(copy)) {
          file = copy;
          headers.set("Content-Encoding", name);
          break;
        }
      }
    }
    const body = await readFile(file);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(request.method === "HEAD" ? null : body, { status, headers });
  };
  /** A file under the root, or null (a path outside it never is one, nor a compressed copy). */
  const fileAt = async (pathname: string) => {
    const candidate = normalize(join(root, pathname));
    if (!candidate.startsWith(root + sep) || isCompressedCopy(candidate)) return null;
    return (await isFile(candidate)) ? candidate : null;
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
      return send(request, file, 200, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    const page = await fileAt(pathname.endsWith("/") ? `${pathname}index.html` : `${pathname}.html`);
    if (page) return send(request, page, 200, "no-cache");
    const index = join(root, "index.html");
    if (!(await stat(index).catch(() => null))) {
      return new Response("The web app is not built yet: run `npm run build`.", { status: 503 });
    }
    return send(request, index, 200, "no-cache");
  };
}
