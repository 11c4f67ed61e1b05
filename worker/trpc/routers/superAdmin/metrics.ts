import { platformMetricsInput } from "#shared/metrics.ts";
import { platformMetrics } from "#worker/services/platform/metrics.ts";
import { router, superAdminProcedure } from "#worker/trpc/init.ts";

/** The platform metrics page: superAdmin.metrics.*. */
export const metricsRouter = router({
  overview: superAdminProcedure
    .input(platformMetricsInput)
    .query(({ ctx, input }) => platformMetrics(ctx.scope, input)),
});
