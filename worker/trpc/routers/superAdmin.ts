import { platformStats } from "../../services/platform/stats.ts";
import { router, superAdminProcedure } from "../init.ts";

export const superAdminRouter = router({
  /** Stat cards of the super admin dashboard. */
  stats: superAdminProcedure.query(({ ctx }) => platformStats(ctx.deps.db, ctx.deps.now())),
});
