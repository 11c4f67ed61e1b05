import { DASHBOARD_PENDING_APPROVALS } from "../features/registrations/hooks.ts";
import { queryClient, trpc } from "../lib/data.tsx";
import { PREFETCH_META } from "../lib/trpc.ts";

const meta = PREFETCH_META;

/**
 * The first queries of each page, by name, with the same options (so the same cache keys) as the
 * components that read them: started by the route loaders, the page's hooks find them in flight.
 */
const PREFETCHES = {
  session: () => queryClient.prefetchQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 60_000, meta })),
  mfaStatus: () => queryClient.prefetchQuery(trpc.superAdmin.security.status.queryOptions(undefined, { meta })),
  superAdminHome: () =>
    Promise.all([
      queryClient.prefetchQuery(trpc.superAdmin.stats.queryOptions(undefined, { meta })),
      queryClient.prefetchQuery(trpc.superAdmin.auditLogs.recent.queryOptions(undefined, { meta })),
      queryClient.prefetchQuery(trpc.superAdmin.registrations.pending.queryOptions({ limit: DASHBOARD_PENDING_APPROVALS }, { meta })),
    ]),
  schoolAdminHome: () => queryClient.prefetchQuery(trpc.schoolAdmin.overview.queryOptions(undefined, { meta })),
  parentHome: () => queryClient.prefetchQuery(trpc.parent.overview.queryOptions(undefined, { meta })),
} satisfies Record<string, () => Promise<unknown>>;

export type PrefetchName = keyof typeof PREFETCHES;

/** Starts them all in one tick, so tRPC's batch link sends them in one HTTP request. */
export function startPrefetches(names: readonly PrefetchName[]): void {
  for (const name of new Set(names)) void PREFETCHES[name]();
}
