import { TRPCError } from "@trpc/server";
import { Hono, type Context as HonoContext } from "hono";
import { ingestBatchInput, LIVE_MESSAGES as M } from "#shared/live.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { AppDeps } from "../deps.ts";
import type { LiveCaller } from "../live/hub.ts";
import type { SchoolScope } from "../services/_shared/scope.ts";
import { AppError } from "../services/errors.ts";
import { authorizeWatch, liveSnapshot } from "../services/live/snapshot.ts";
import { type AuthResolver, type Context, createContext } from "../trpc/context.ts";
import { driverRung, parentRung, schoolAdminRung } from "../trpc/rungs.ts";
import type { DocumentEnv } from "./invoice-pdf.ts";

/**
 * Live tracking over HTTP (ADR 0055), beside tRPC because a WebSocket and a phone's queued batch are
 * not procedures: the driver's `POST /api/live/runs/:runId/batch`, a watcher's WebSocket
 * `GET /api/live/runs/:runId/socket`, and the polling fallback `GET /api/live/runs/:runId?since=`.
 * The session goes up the same ladder as a procedure (the role's rung: password change due,
 * subscription and payment gates); a run that is not the caller's to see is 404, like any foreign id
 * (LO1–LO3). The batch is a JSON POST under the CSRF guard and its own body limit; a socket's `Origin`
 * must be the app's.
 */
type Env = DocumentEnv;

/** The rung of the signed-in role: its scope, or the refusal as tRPC would say it. */
function scopeOf(ctx: Context): SchoolScope {
  const role = ctx.auth?.user.role;
  if (role === "school_admin") return schoolAdminRung(ctx).scope;
  if (role === "parent") return parentRung(ctx).scope;
  if (role === "driver") return driverRung(ctx).scope;
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.notAuthenticated });
  throw new AppError("NOT_FOUND", M.notFound);
}

function refusal(c: HonoContext<Env>, error: unknown): Response {
  if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return c.json({ error: error.message }, 401);
  if (error instanceof TRPCError && error.code === "FORBIDDEN") return c.json({ error: error.message }, 403);
  if (error instanceof AppError && error.code === "FORBIDDEN") return c.json({ error: error.message }, 403);
  if (error instanceof AppError && error.code === "NOT_FOUND") return c.json({ error: error.message }, 404);
  if (error instanceof AppError && error.code === "CONFLICT") return c.json({ error: error.message }, 409);
  throw error;
}

export function liveRoutes(deps: AppDeps, resolveAuth: AuthResolver) {
  const app = new Hono<Env>();
  // An entry without a hub (none today) has no live tracking at all.
  app.use("*", async (c, next) => (deps.live ? next() : c.json({ error: "Live tracking is not available." }, 503)));

  const session = async (c: HonoContext<Env>) => {
    const resHeaders = new Headers();
    const ctx = await createContext(deps, c.req.raw, resHeaders, c.get("meta"), undefined, resolveAuth);
    for (const cookie of resHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return ctx;
  };

  app.post("/runs/:runId/batch", async (c) => {
    const hub = deps.live!;
    let scope: SchoolScope;
    try {
      const ctx = await session(c);
      if (ctx.auth && ctx.auth.user.role !== "driver") throw new AppError("NOT_FOUND", M.notFound);
      scope = scopeOf(ctx);
    } catch (error) {
      return refusal(c, error);
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: M.batchInvalid }, 400);
    }
    const parsed = ingestBatchInput.safeParse(body);
    if (!parsed.success) return c.json({ error: M.batchInvalid, issues: parsed.error.issues.slice(0, 5) }, 400);
    const { deps: _deps, now: _now, actor, meta, schoolId, timeZone, phoneRegion, ...extra } = scope;
    const caller: LiveCaller = {
      actor: { ...actor, role: "driver", schoolId },
      meta,
      schoolId,
      timeZone,
      phoneRegion,
      extra: extra as Record<string, string | null>,
    };
    const answer = await hub.ingest(c.req.param("runId"), caller, parsed.data);
    if ("status" in answer) return c.json({ error: answer.error }, answer.status);
    return c.json(answer);
  });

  app.get("/runs/:runId/socket", async (c) => {
    const hub = deps.live!;
    // A page of another site may open a WebSocket with the user's cookie: only the app's own pages may.
    const origin = c.req.header("origin");
    if (!origin || (origin !== deps.config.appOrigin && origin !== new URL(c.req.url).origin))
      return c.json({ error: M.origin }, 403);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
      return c.json({ error: "Expected a WebSocket upgrade." }, 426);
    const runId = c.req.param("runId");
    let tag: string;
    try {
      tag = await authorizeWatch(scopeOf(await session(c)), { runId });
    } catch (error) {
      return refusal(c, error);
    }
    return hub.watch(c, runId, tag);
  });

  app.get("/runs/:runId", async (c) => {
    try {
      const scope = scopeOf(await session(c));
      return c.json(await liveSnapshot(scope, { runId: c.req.param("runId"), since: c.req.query("since") ?? null }));
    } catch (error) {
      return refusal(c, error);
    }
  });

  return app;
}
