import { type Context, Hono } from "hono";
import type { AppDeps, RunSimulator } from "../deps.ts";
import type { RequestMeta } from "../services/audit.ts";
import { type AuthResolver, createContext } from "../trpc/context.ts";
import { schoolAdminRung } from "../trpc/rungs.ts";
import { csrfGuard } from "./security.ts";

/**
 * DEV ONLY: the live board's "Simulate a run" (worker/local/simulate-run.ts). Mounted by the app in
 * local mode when the Node entry gives a simulator; production has no /dev, so these are 404 there.
 * A signed-in school admin starts or stops the demo bus of their own school; JSON posts from the
 * app's own pages only (the API's CSRF guard).
 */
type Env = { Variables: { meta: RequestMeta } };

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
    const result = await simulator.start(schoolId);
    return "error" in result ? c.json(result, 409) : c.json(result);
  });
  app.post("/simulate/stop", async (c) => {
    const schoolId = await schoolOf(c);
    if (!schoolId) return c.json({ error: "Sign in as a school admin." }, 403);
    await simulator.stop();
    return c.json({ runId: null });
  });
  return app;
}
