import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppDeps, RunSimulator } from "../deps.ts";
import type { RequestMeta } from "../services/audit.ts";
import { type AuthResolver, createContext } from "../trpc/context.ts";
import { schoolAdminRung } from "../trpc/rungs.ts";
import { csrfGuard } from "./security.ts";

/**
 * DEV ONLY: the live board's "Simulate a run" (worker/local/simulate-run.ts). Mounted by the app in
 * local mode when the Node entry gives a simulator; production has no /dev, so these are 404 there.
 * A signed-in school admin starts or stops the demo bus of their own school, or a simulated run of
 * another route of theirs named by `routeId` (a journey's own route); JSON posts from the app's own
 * pages only (the API's CSRF guard).
 */
type Env = { Variables: { meta: RequestMeta } };

/** The body of a start or stop: the route, when not the demo's River Road. */
const SimulateInput = z.object({ routeId: z.string().min(1).max(64).optional() });

async function routeOf(c: Context<Env>): Promise<{ routeId?: string } | null> {
  const parsed = SimulateInput.safeParse(await c.req.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

export function devLiveRoutes(deps: AppDeps, resolveAuth: AuthResolver, simulator: RunSimulator) {
  const app = new Hono<Env>();
  app.use("*", csrfGuard(deps.config, []));
  const schoolOf = async (c: Context<Env>) => {
    const ctx = await createContext(deps, c.req.raw, new Headers(), c.get("meta"), undefined, resolveAuth);
    if (ctx.auth?.user.role !== "school_admin") return null;
    try {
      return schoolAdminRung(ctx).scope.schoolId;
    } catch {
      return null;
    }
  };
  app.get("/simulate", (c) => c.json({ runId: simulator.current() }));
  app.post("/simulate", async (c) => {
    const schoolId = await schoolOf(c);
    if (!schoolId) return c.json({ error: "Sign in as a school admin." }, 403);
    const input = await routeOf(c);
    if (!input) return c.json({ error: "Send {} or a route id." }, 400);
    const result = await simulator.start(schoolId, false, input.routeId);
    return "error" in result ? c.json(result, 409) : c.json(result);
  });
  app.post("/simulate/stop", async (c) => {
    const schoolId = await schoolOf(c);
    if (!schoolId) return c.json({ error: "Sign in as a school admin." }, 403);
    const input = await routeOf(c);
    if (!input) return c.json({ error: "Send {} or a route id." }, 400);
    await simulator.stop(schoolId, input.routeId);
    return c.json({ runId: null });
  });
  return app;
}
