import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { LIVE_BATCH_MAX_BYTES } from "#shared/live-constants.ts";
import { isAreaShellPath } from "#shared/role-homes.ts";
import { pageVisibility } from "#shared/site-pages.ts";
import type { AppDeps } from "./deps.ts";
import { devRoutes } from "./http/dev.ts";
import { devLiveRoutes } from "./http/dev-live.ts";
import { devPushRoutes } from "./http/dev-push.ts";
import { devStripeRoutes } from "./http/dev-stripe.ts";
import { devStripeConnectRoutes } from "./http/dev-stripe-connect.ts";
import { emailWebhookRoutes } from "./http/email-webhook.ts";
import { invoicePdfRoutes } from "./http/invoice-pdf.ts";
import { liveRoutes } from "./http/live.ts";
import { assetRequest, notFoundPage, SEARCH_FILES, withLanguageVary } from "./http/prerendered.ts";
import { routeSheetRoutes } from "./http/route-sheet.ts";
import { robotsTxt, sitemapXml } from "./http/search-files.ts";
import {
  type BodyLimits,
  bodyLimit,
  csrfGuard,
  DEFAULT_BODY_LIMIT_BYTES,
  securityHeaders,
  TRPC_BODY_LIMIT_BYTES,
  WEBHOOK_BODY_LIMIT_BYTES,
  withServiceWorkerHeaders,
  withStyleNonce,
} from "./http/security.ts";
import type { RequestMeta } from "./services/audit.ts";
import { handleStripeWebhook } from "./stripe/webhook.ts";
import { authResolver, createContext, inputlessProcedurePaths } from "./trpc/context.ts";
import { trpcHandler } from "./trpc/http-handler.ts";
import { appRouter } from "./trpc/router.ts";

type Env = { Variables: { meta: RequestMeta } };

/** Webhooks authenticate by signature, not by origin. */
export const WEBHOOK_PATHS = ["/api/stripe/webhook", "/api/stripe/connect-webhook", "/api/email/webhook"] as const;

/**
 * The largest body of every request, applied before any route reads one (IN2, ADR 0036): the tRPC
 * endpoint and the webhooks say theirs, every other path and method gets the default. A new route
 * is limited the day it is added; one that needs more adds its line here.
 */
export const BODY_LIMITS: BodyLimits = {
  defaultBytes: DEFAULT_BODY_LIMIT_BYTES,
  paths: {
    "/api/trpc/*": TRPC_BODY_LIMIT_BYTES,
    // The driver's queued positions and taps (ADR 0055); the other live routes are GETs.
    "/api/live/*": LIVE_BATCH_MAX_BYTES,
    ...Object.fromEntries(WEBHOOK_PATHS.map((path) => [path, WEBHOOK_BODY_LIMIT_BYTES])),
  },
};

/** The one Hono app, served by the Worker entry and the Node entry alike. */
export function createApp(deps: AppDeps) {
  const app = new Hono<Env>();

  app.use("*", async (c, next) => {
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    c.set("meta", { requestId, ipAddress: deps.clientIp(c), userAgent: c.req.header("user-agent") ?? null });
    await next();
  });
  app.use("*", securityHeaders(deps.config));
  app.use("*", async (c, next) => {
    await next();
    // Only the public pages (and the files that describe them) may be indexed: the private areas,
    // the API, the local tools and every Not Found say so even to a crawler that ignores robots.txt.
    if (pageVisibility(c.req.path) !== "public" && !SEARCH_FILES.has(c.req.path))
      c.res.headers.set("X-Robots-Tag", "noindex");
  });
  app.use("/api/*", csrfGuard(deps.config, WEBHOOK_PATHS));
  app.use("*", bodyLimit(BODY_LIMITS));
  app.use("/api/*", async (c, next) => {
    await next();
    // Never cached; a route may only say it more strictly ("private, no-store"). Set on the response's
    // own headers: `c.header()` after the handler would copy the finished response (ADR 0025).
    if (!c.res.headers.get("Cache-Control")?.includes("no-store")) c.res.headers.set("Cache-Control", "no-store");
  });

  app.get("/api/health", async (c) => {
    try {
      await deps.db.run(sql`select 1`);
      return c.json({ ok: true });
    } catch (error) {
      deps.logger.error("health: database unreachable", {
        error: error instanceof Error ? error.message : String(error),
      });
      return c.json({ ok: false }, 503);
    }
  });

  app.route(
    "/api/email/webhook",
    emailWebhookRoutes({ db: deps.db, secret: deps.config.resendWebhookSecret, now: deps.now, logger: deps.logger }),
  );

  const stripeWebhookDeps = {
    db: deps.db,
    stripe: deps.stripe,
    webhookSecret: deps.stripeWebhookSecret,
    now: deps.now,
    logger: deps.logger,
    queue: deps.queue,
  };
  app.post("/api/stripe/webhook", async (c) => {
    const result = await handleStripeWebhook(
      stripeWebhookDeps,
      await c.req.text(),
      c.req.header("stripe-signature") ?? null,
    );
    return c.json(result.body, result.status as 200 | 400);
  });
  // Stripe signs events of connected accounts (onboarding, parents' payments) on a separate Connect
  // endpoint with its own secret; the same handler applies them. Local mode signs both with one secret.
  const connectWebhookDeps = {
    ...stripeWebhookDeps,
    webhookSecret: deps.config.stripeConnectWebhookSecret ?? deps.stripeWebhookSecret,
  };
  app.post("/api/stripe/connect-webhook", async (c) => {
    const result = await handleStripeWebhook(
      connectWebhookDeps,
      await c.req.text(),
      c.req.header("stripe-signature") ?? null,
    );
    return c.json(result.body, result.status as 200 | 400);
  });

  const inputlessPaths = inputlessProcedurePaths(appRouter);
  // The session lookup is a prepared statement: built once here, used by every request.
  const resolveAuth = authResolver(deps);
  app.use(
    "/api/trpc/*",
    trpcHandler(appRouter, "/api/trpc", (c, resHeaders) =>
      createContext(deps, c.req.raw, resHeaders, c.get("meta"), inputlessPaths, resolveAuth),
    ),
  );

  app.route("/api/invoices", invoicePdfRoutes(deps, resolveAuth));
  app.route("/api/routes", routeSheetRoutes(deps, resolveAuth));
  app.route("/api/live", liveRoutes(deps, resolveAuth));

  app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

  // In production there is no /dev: its paths are unknown ones, answered below like any other.
  if (deps.config.localMode) {
    app.route("/dev/stripe", devStripeRoutes(stripeWebhookDeps));
    app.route("/dev/stripe/connect", devStripeConnectRoutes(stripeWebhookDeps));
    // DEV ONLY: the live board's "Simulate a run", where the entry drives one (the Node entry).
    if (deps.simulator) app.route("/dev/live", devLiveRoutes(deps, resolveAuth, deps.simulator));
    // DEV ONLY: the local push service's subscriptions and received pushes (ADR 0068).
    if (deps.localPush) app.route("/dev/push", devPushRoutes(deps, deps.localPush));
    app.route("/dev", devRoutes(deps.db));
  }

  // For search engines: the public pages at the configured address, and the private areas kept out.
  app.get("/robots.txt", (c) =>
    c.text(robotsTxt(deps.config.appUrl), 200, { "Cache-Control": "public, max-age=3600" }),
  );
  app.get("/sitemap.xml", (c) =>
    c.body(sitemapXml(deps.config.appUrl), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }),
  );

  const assets = deps.assets;
  if (assets) {
    app.on(["GET", "HEAD"], "*", async (c) => {
      // Copied (asset responses can have immutable headers) so the security headers can be added.
      const response = withLanguageVary(
        c.req.path,
        withServiceWorkerHeaders(
          c.req.path,
          await withStyleNonce(await assets(assetRequest(c.req.raw)), c.get("secureHeadersNonce")),
        ),
      );
      // A path the SPA has no page for gets its Page Not Found with status 404, not a soft 200. An
      // area's shell is asked for by its own URL only by the service worker, which precaches it.
      return pageVisibility(c.req.path) === "public" ||
        pageVisibility(c.req.path) === "private" ||
        isAreaShellPath(c.req.path)
        ? response
        : notFoundPage(response);
    });
  }

  app.notFound((c) => c.text("Not found", 404));
  app.onError((error, c) => {
    deps.logger.error("unhandled error", {
      requestId: c.get("meta")?.requestId,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return c.json({ error: "An unexpected error occurred. Please try again." }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
