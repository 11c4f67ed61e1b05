import type { MiddlewareHandler } from "hono";
import { type ContentSecurityPolicyOptionHandler, secureHeaders } from "hono/secure-headers";
import { SERVICE_WORKER_PATH } from "#shared/service-worker.ts";
import type { AppConfig } from "../config.ts";

/**
 * The SHA-256 of the stylesheet the toast library (sonner) inserts as a `<style>` element when it
 * loads. It is fixed per version; tests/node/hardening.test.ts recomputes it from the installed package.
 */
export const SONNER_STYLE_HASH = "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='";
/** sonner inserts its `<style>` element before filling it; the browser checks the empty one too. */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/** The `<meta>` that hands the response's style nonce to the SPA (see `withStyleNonce`). */
export const NONCE_META_PROPERTY = "csp-nonce";

const NONCE_BYTES = 16;
/** Nonces drawn per block: one call to the platform CSPRNG for 64 responses instead of one each (ADR 0025). */
const NONCE_BLOCK_BYTES = 64 * NONCE_BYTES;
let nonceBlock = new Uint8Array(0);
let nonceOffset = 0;

/** 16 bytes from the platform CSPRNG, base64: each block's bytes are handed out once, in order. */
export function randomNonce(): string {
  if (nonceOffset + NONCE_BYTES > nonceBlock.length) {
    nonceBlock = crypto.getRandomValues(new Uint8Array(NONCE_BLOCK_BYTES));
    nonceOffset = 0;
  }
  let binary = "";
  for (let i = nonceOffset; i < nonceOffset + NONCE_BYTES; i++) binary += String.fromCharCode(nonceBlock[i]!);
  nonceOffset += NONCE_BYTES;
  return btoa(binary);
}

/** Hono's `NONCE` with `randomNonce`: the response's style nonce, kept as `secureHeadersNonce` for the HTML. */
const STYLE_NONCE: ContentSecurityPolicyOptionHandler = (c) => {
  const nonce = (c.get("secureHeadersNonce") as string | undefined) ?? randomNonce();
  c.set("secureHeadersNonce", nonce);
  return `'nonce-${nonce}'`;
};

/** `img-src`: this origin, `data:` (inlined icons), and exactly the tile host when maps have tiles. */
export function imageSources(config: Pick<AppConfig, "mapTiles">): string[] {
  return ["'self'", "data:", ...(config.mapTiles ? [config.mapTiles.origin] : [])];
}

/**
 * Security headers on every response (HTML, API, assets, errors). Scripts only from this origin.
 * No inline styles except two `<style>` elements libraries insert at run time: sonner's fixed
 * stylesheet (by hash) and the dialogs' scroll lock (react-remove-scroll, whose CSS holds the
 * scrollbar width; allowed by a per-response nonce it reads through get-nonce). Style attributes
 * are refused; React sets `style` props through the CSSOM, which CSP does not govern. Images come
 * from this origin, `data:`, and the map tiles' one host when tiles are configured (ADR 0048).
 */
export function securityHeaders(config: AppConfig): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", STYLE_NONCE, SONNER_STYLE_HASH, EMPTY_STYLE_HASH],
      styleSrcAttr: ["'none'"],
      imgSrc: imageSources(config),
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      // The service worker (/sw.js, ADR 0067) and the password meter's worker; the app's manifest.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: config.secureCookies ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: "same-origin",
    // The driver's open run shares the phone's position (issue 28): the app's own pages may ask, no frame may.
    permissionsPolicy: { camera: [], microphone: [], geolocation: ["self"], payment: [] },
  });
}

/**
 * An HTML page gets the response's style nonce in `<meta property="csp-nonce" nonce="…">`; the SPA
 * passes it on to the libraries that insert `<style>` elements. The page is never cached, since
 * every response has its own nonce.
 */
export async function withStyleNonce(response: Response, nonce: string | undefined): Promise<Response> {
  const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
  if (!nonce || !isHtml || !response.body) return new Response(response.body, response);
  const meta = `<meta property="${NONCE_META_PROPERTY}" nonce="${nonce}">`;
  const page = await response.text();
  // In <head>; a page without one gets it after the doctype, where the parser opens <head> itself.
  const html = /<head(\s[^>]*)?>/i.test(page)
    ? page.replace(/<head(\s[^>]*)?>/i, (tag) => tag + meta)
    : page.replace(/^(<!doctype[^>]*>)?/i, (doctype) => doctype + meta);
  const headers = new Headers(response.headers);
  for (const name of ["content-length", "etag", "last-modified"]) headers.delete(name);
  headers.set("Cache-Control", "no-store");
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The service worker's script (ADR 0067): revalidated at every update check, so a new deployment is
 * seen at once, whatever the platform's default for a static file; its scope is the whole origin
 * (`Service-Worker-Allowed: /`). Both entries serve it through the app's asset route.
 */
export function withServiceWorkerHeaders(path: string, response: Response): Response {
  if (path !== SERVICE_WORKER_PATH || response.status !== 200) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-cache");
  headers.set("Service-Worker-Allowed", "/");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF guard for every state-changing request: JSON only (a cross-site form cannot send it
 * without a preflight we never grant), and same-origin by `Origin` and `Sec-Fetch-Site`.
 * Signed webhooks are exempt; they prove themselves by signature.
 */
export function csrfGuard(config: AppConfig, exemptPaths: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.includes(c.req.path)) return next();
    const contentType = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (contentType !== "application/json") {
      return c.json({ error: "Requests that change data must be sent as application/json." }, 415);
    }
    const fetchSite = c.req.header("sec-fetch-site");
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
      return c.json({ error: "Cross-site request refused." }, 403);
    }
    const origin = c.req.header("origin");
    if (origin && origin !== config.appOrigin && origin !== new URL(c.req.url).origin) {
      return c.json({ error: "Cross-origin request refused." }, 403);
    }
    return next();
  };
}

/** Largest request body a tRPC call may send. */
export const TRPC_BODY_LIMIT_BYTES = 1024 * 1024;
/** Largest body a webhook provider may send. */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;
/** Largest body of any other request (the local Stripe pages' forms, an unknown path): a route that needs more says so. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_TOO_LARGE = "Request body too large.";

/**
 * Body limits by route: `paths` names the routes that need another limit than `defaultBytes`, by
 * exact path or by prefix (`/api/trpc/*`); every other request gets the default.
 */
export type BodyLimits = { defaultBytes: number; paths: Readonly<Record<string, number>> };

/** The limit a request path gets: its exact path's, else the longest matching prefix's, else the default. */
export function bodyLimitFor(limits: BodyLimits, path: string): number {
  const exact = limits.paths[path];
  if (exact !== undefined) return exact;
  let best: { length: number; bytes: number } | undefined;
  for (const [pattern, bytes] of Object.entries(limits.paths)) {
    if (!pattern.endsWith("/*")) continue;
    const prefix = pattern.slice(0, -1);
    if (path.startsWith(prefix) && prefix.length > (best?.length ?? -1)) best = { length: prefix.length, bytes };
  }
  return best?.bytes ?? limits.defaultBytes;
}

/**
 * Refuses a body over the request path's limit with 413 before reading it in full. Mounted on every
 * request (`*`), so no route can take a body without a limit (IN2). A declared Content-Length over
 * the limit is refused at once; otherwise the stream itself is counted (a chunked body has no
 * length, and a declared one can lie) and reading stops at the first byte over the limit.
 */
export function bodyLimit(limits: BodyLimits): MiddlewareHandler {
  return async (c, next) => {
    // A GET or HEAD carries no body (fetch's Request refuses one). Asking for it anyway would make
    // @hono/node-server build a full Request, a cost every query would pay (ADR 0025).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const maxBytes = bodyLimitFor(limits, c.req.path);
    const tooLarge = () => c.json({ error: BODY_TOO_LARGE }, 413);
    const declared = Number(c.req.header("content-length") ?? "");
    if (declared > maxBytes) return tooLarge();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return tooLarge();
      }
      chunks.push(value);
    }
    const buffer = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      buffer.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: buffer });
    return next();
  };
}
