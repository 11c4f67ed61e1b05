import type { Trpc } from "../../lib/trpc.ts";

/*
 * The dashboards' queries. One source for the pages' hooks and the routes' prefetches
 * (web/src/routes/prefetch-queries.ts): the same options are the same cache key.
 */

export const parentDashboardQuery = (trpc: Trpc) => trpc.parent.overview.queryOptions();
export const schoolDashboardQuery = (trpc: Trpc) => trpc.schoolAdmin.dashboard.queryOptions();
export const platformStatsQuery = (trpc: Trpc) => trpc.superAdmin.stats.queryOptions();
export const recentActivityQuery = (trpc: Trpc) => trpc.superAdmin.auditLogs.recent.queryOptions();
