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
