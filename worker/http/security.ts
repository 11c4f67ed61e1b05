import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppConfig } from "../config.ts";

/**
 * Security headers on every response (HTML, API, assets, errors). Scripts only from this origin;
 * inline styles are allowed because the toast library injects its stylesheet at run time.
 */
export function securityHeaders(config: AppConfig): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
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
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
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
export const BODY_TOO_LARGE = "Request body too large.";

/**
 * Refuses a body over `maxBytes` with 413 before reading it in full. A declared Content-Length
 * over the limit is refused at once; otherwise the stream itself is counted (a chunked body has no
 * length, and a declared one can lie) and reading stops at the first byte over the limit.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
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
