import { DASHBOARD_PENDING_APPROVALS } from "#shared/superAdmin-constants.ts";
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
      queryClient.prefetchQuery(
        trpc.superAdmin.registrations.pending.queryOptions({ limit: DASHBOARD_PENDING_APPROVALS }, { meta }),
      ),
    ]),
  schoolAdminHome: () => queryClient.prefetchQuery(trpc.schoolAdmin.dashboard.queryOptions(undefined, { meta })),
  parentHome: () => queryClient.prefetchQuery(trpc.parent.overview.queryOptions(undefined, { meta })),
  // The shell's bell, on every page of the area.
  schoolAdminShell: () =>
    queryClient.prefetchQuery(trpc.schoolAdmin.notifications.unreadCount.queryOptions(undefined, { meta })),
  parentShell: () => queryClient.prefetchQuery(trpc.parent.notifications.unreadCount.queryOptions(undefined, { meta })),
  // Pages as they open from the menu (no filters in the URL); with filters they ask for themselves.
  trips: () => queryClient.prefetchQuery(trpc.schoolAdmin.trips.list.queryOptions({ view: "week" }, { meta })),
  schoolAdminNotifications: () =>
    queryClient.prefetchQuery(trpc.schoolAdmin.notifications.list.queryOptions({ tab: "all", page: 1 }, { meta })),
  parentChildren: () => queryClient.prefetchQuery(trpc.parent.children.list.queryOptions(undefined, { meta })),
  parentNotifications: () =>
    queryClient.prefetchQuery(trpc.parent.notifications.list.queryOptions({ tab: "all", page: 1 }, { meta })),
  schoolAdminInvoices: () =>
    Promise.all([
      queryClient.prefetchQuery(trpc.schoolAdmin.invoices.list.queryOptions({ tab: "all", page: 1 }, { meta })),
      queryClient.prefetchQuery(trpc.schoolAdmin.paymentSettings.get.queryOptions(undefined, { meta })),
    ]),
  parentInvoices: () =>
    queryClient.prefetchQuery(trpc.parent.invoices.list.queryOptions({ tab: "all", page: 1 }, { meta })),
  parentFlightTrips: () => queryClient.prefetchQuery(trpc.parent.flightTrips.list.queryOptions(undefined, { meta })),
} satisfies Record<string, () => Promise<unknown>>;

export type PrefetchName = keyof typeof PREFETCHES;

/** Starts them all in one tick, so tRPC's batch link sends them in one HTTP request. */
export function startPrefetches(names: readonly PrefetchName[]): void {
  for (const name of new Set(names)) void PREFETCHES[name]();
}
