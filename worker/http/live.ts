import { TRPCError } from "@trpc/server";
import { Hono, type Context as HonoContext } from "hono";
import { ingestBatchInput, LIVE_MESSAGES as M, runIdInput } from "#shared/live.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { AppDeps } from "../deps.ts";
import { requestText } from "../i18n/texts.ts";
import type { LiveCaller } from "../live/hub.ts";
import type { SchoolScope } from "../services/_shared/scope.ts";
import { recordAuthorizationDenial } from "../services/audit-denials.ts";
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

/**
 * The answer to a refused call; a signed-in user's 403 or 404 is audited as a procedure's would be
 * (LG1: the path and code, never the run's id), at most once a minute per user and path.
 */
async function refusal(
  c: HonoContext<Env>,
  deps: AppDeps,
  path: string,
  ctx: Context | null,
  error: unknown,
): Promise<Response> {
  let status: 401 | 403 | 404 | 409;
  if (error instanceof TRPCError && error.code === "UNAUTHORIZED") status = 401;
  else if ((error instanceof TRPCError || error instanceof AppError) && error.code === "FORBIDDEN") status = 403;
  else if (error instanceof AppError && error.code === "NOT_FOUND") status = 404;
  else if (error instanceof AppError && error.code === "CONFLICT") status = 409;
  else throw error;
  const user = ctx?.auth?.user;
  if (user && (status === 403 || status === 404))
    await recordAuthorizationDenial(
      deps.db,
      {
        path,
        code: status === 403 ? "FORBIDDEN" : "NOT_FOUND",
        userId: user.id,
        role: user.role,
        schoolId: user.schoolId,
      },
      c.get("meta"),
      deps.now(),
    );
  return c.json({ error: requestText(c.req.raw, (error as Error).message) }, status);
}

export function liveRoutes(deps: AppDeps, resolveAuth: AuthResolver) {
  const app = new Hono<Env>();
  // An entry without a hub (none today) has no live tracking at all.
  app.use("*", async (c, next) => (deps.live ? next() : c.json({ error: "Live tracking is not available." }, 503)));

  // A run id that no run can have (empty, over 64 characters) is answered like an unknown one,
  // before the session is read or the run's hub reached: no object is ever named by junk.
  const knownShape = async (c: HonoContext<Env>, next: () => Promise<void>) => {
    if (!runIdInput.safeParse({ runId: c.req.param("runId") }).success)
      return c.json({ error: requestText(c.req.raw, M.notFound) }, 404);
    await next();
  };
  app.use("/runs/:runId", knownShape);
  app.use("/runs/:runId/*", knownShape);

  const session = async (c: HonoContext<Env>) => {
    const resHeaders = new Headers();
    const ctx = await createContext(deps, c.req.raw, resHeaders, c.get("meta"), undefined, resolveAuth);
    for (const cookie of resHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return ctx;
  };

  app.post("/runs/:runId/batch", async (c) => {
    const hub = deps.live!;
    let scope: SchoolScope;
    const ctx = await session(c);
    try {
      if (ctx.auth && ctx.auth.user.role !== "driver") throw new AppError("NOT_FOUND", M.notFound);
      scope = scopeOf(ctx);
    } catch (error) {
      return refusal(c, deps, "live.batch", ctx, error);
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: requestText(c.req.raw, M.batchInvalid) }, 400);
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
    if ("status" in answer)
      return refusal(
        c,
        deps,
        "live.batch",
        ctx,
        new AppError(answer.status === 404 ? "NOT_FOUND" : "CONFLICT", answer.error),
      );
    return c.json(answer);
  });

  app.get("/runs/:runId/socket", async (c) => {
    const hub = deps.live!;
    // A page of another site may open a WebSocket with the user's cookie: only the app's own pages may.
    const origin = c.req.header("origin");
    if (!origin || (origin !== deps.config.appOrigin && origin !== new URL(c.req.url).origin))
      return c.json({ error: requestText(c.req.raw, M.origin) }, 403);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket")
      return c.json({ error: "Expected a WebSocket upgrade." }, 426);
    const runId = c.req.param("runId");
    let tag: string;
    const ctx = await session(c);
    try {
      tag = await authorizeWatch(scopeOf(ctx), { runId });
    } catch (error) {
      return refusal(c, deps, "live.socket", ctx, error);
    }
    return hub.watch(c, runId, tag);
  });

  app.get("/runs/:runId", async (c) => {
    const ctx = await session(c);
    try {
      const scope = scopeOf(ctx);
      return c.json(await liveSnapshot(scope, { runId: c.req.param("runId"), since: c.req.query("since") ?? null }));
    } catch (error) {
      return refusal(c, deps, "live.snapshot", ctx, error);
    }
  });

  return app;
}
