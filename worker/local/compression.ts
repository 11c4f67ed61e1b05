import { extname } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Compression on the Node entry (ADR 0065). Cloudflare compresses the Worker's responses at its
 * edge; a self-hosted Node install has no such layer, so the build writes a brotli and a gzip copy
 * beside each text asset (scripts/precompress.ts) and worker/local/assets.ts sends the one the
 * browser takes. The HTML is compressed per response instead (`compressPages`): each carries its
 * own CSP nonce (worker/http/security.ts `withStyleNonce`), so no copy made at build time is it.
 */

/** The content codings served, in the order preferred when the browser rates them alike. */
export const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
export type Encoding = (typeof ENCODINGS)[number]["name"];

/**
 * The asset types the build writes compressed copies of: text. Images, fonts and anything already
 * compressed are sent as they are (a second compression gains nothing). HTML is not among them:
 * see `compressPages`.
 */
export const PRECOMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".webmanifest",
]);

/** The compressed copies' suffixes: files the build wrote beside the assets, never assets themselves. */
export const isCompressedCopy = (path: string) => ENCODINGS.some((encoding) => path.endsWith(encoding.suffix));

export const hasPrecompressedCopies = (path: string) => PRECOMPRESSED_EXTENSIONS.has(extname(path));

/**
 * The codings an `Accept-Encoding` header accepts, best first (RFC 9110 §12.5.3): each coding's
 * q-value, or `*`'s for one not named; q=0 refuses. Equal q-values keep `ENCODINGS`' order (br
 * first). No header, or none accepted: an empty list (the identity, the file as it is).
 */
export function acceptedEncodings(header: string | null): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  return ENCODINGS.map((encoding, order) => ({ name: encoding.name, weight: weightOf(encoding.name), order }))
    .filter((candidate) => candidate.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((candidate) => candidate.name);
}

/** Below this a page is sent as it is: the coding's own bytes and the CPU are not worth it. */
const MIN_PAGE_BYTES = 1024;
/** Per response, so fast levels: brotli 5 and gzip 6 take 0.5–0.8 ms of CPU on the 44 KB services page. */
const BROTLI_PAGE_QUALITY = 5;
const GZIP_PAGE_LEVEL = 6;

/**
 * Wraps the Node entry's fetch handler: an HTML response (the SPA shell, a prerendered page, with
 * its nonce already in it) is compressed for the browser that accepts it, with
 * `Vary: Accept-Encoding`. Anything else, or a response that already has a coding, passes as it is.
 */
export function compressPages<Args extends unknown[]>(
  handler: (request: Request, ...rest: Args) => Response | Promise<Response>,
) {
  return async (request: Request, ...rest: Args): Promise<Response> => {
    // A HEAD is answered as its GET, so it says the coding and length the GET would send.
    const head = request.method === "HEAD";
    const response = await handler(head ? new Request(request, { method: "GET" }) : request, ...rest);
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html") || response.headers.has("content-encoding") || !response.body) {
      return head && response.body ? new Response(null, response) : response;
    }
    const headers = new Headers(response.headers);
    headers.append("Vary", "Accept-Encoding");
    const [encoding] = acceptedEncodings(request.headers.get("accept-encoding"));
    const page = new Uint8Array(await response.arrayBuffer());
    let body: Uint8Array<ArrayBuffer> = page;
    if (encoding && page.byteLength >= MIN_PAGE_BYTES) {
      const compressed =
        encoding === "br"
          ? brotliCompressSync(page, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_PAGE_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength,
              },
            })
          : gzipSync(page, { level: GZIP_PAGE_LEVEL });
      body = new Uint8Array(compressed);
      headers.set("Content-Encoding", encoding);
    }
    headers.set("Content-Length", String(body.byteLength));
    return new Response(head ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
