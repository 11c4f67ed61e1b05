import type { FetchQueryOptions, QueryKey } from "@tanstack/react-query";
import { leafletChunk } from "../components/map/leaflet-chunk.ts";
import { childrenQuery } from "../features/children/queries.ts";
import {
  parentDashboardQuery,
  platformStatsQuery,
  recentActivityQuery,
  schoolDashboardQuery,
} from "../features/dashboard/queries.ts";
import { driverRunsQuery } from "../features/drivers/queries.ts";
import { parentFlightTripsQuery } from "../features/flight-trips/queries.ts";
import { INVOICES_OPENING_INPUT, parentInvoicesQuery, schoolInvoicesQuery } from "../features/invoices/queries.ts";
import { parentPreferencesQuery } from "../features/live/queries.ts";
import { INBOX_OPENING_INPUT, inboxListQuery, unreadCountQuery } from "../features/notifications/queries.ts";
import { paymentSettingsQuery } from "../features/payment-settings/queries.ts";
import { DASHBOARD_PENDING_APPROVALS, pendingRegistrationsQuery } from "../features/registrations/queries.ts";
import { rideLookupQuery } from "../features/rides/queries.ts";
import { twoFactorStatusQuery } from "../features/security/queries.ts";
import { mapTilesQuery } from "../features/site/queries.ts";
import { TRIPS_OPENING_INPUT, tripsListQuery } from "../features/trips/queries.ts";
import { queryClient, trpc } from "../lib/data.tsx";
import { sessionQuery } from "../lib/session.ts";

export { startRunRead } from "../features/live/run-read.ts";

import { PREFETCH_META, type Trpc } from "../lib/trpc.ts";

/** Starts one query; the test passes one that records its key instead. */
export type Start = <TData, TError, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TData, TError, TData, TQueryKey>,
) => void;

/**
 * The first queries of each page, by name. Each comes from the factory its page's hook calls (the
 * features' queries.ts), so the cache keys are the same: started by the route loaders, the page's
 * hooks find them in flight (tests/node/prefetch-keys.test.ts renders each page to check).
 */
export const PREFETCHES = {
  session: (trpc, start) => start(sessionQuery(trpc)),
  mfaStatus: (trpc, start) => start(twoFactorStatusQuery(trpc)),
  superAdminHome: (trpc, start) => {
    start(platformStatsQuery(trpc));
    start(recentActivityQuery(trpc));
    start(pendingRegistrationsQuery(trpc, DASHBOARD_PENDING_APPROVALS));
  },
  schoolAdminHome: (trpc, start) => start(schoolDashboardQuery(trpc)),
  // With the tiles of the children's stop maps, so the maps ask for nothing more.
  parentHome: (trpc, start) => {
    start(parentDashboardQuery(trpc));
    start(mapTilesQuery(trpc));
  },
  driverHome: (trpc, start) => start(driverRunsQuery(trpc)),
  // The shell's bell, on every page of the area.
  schoolAdminShell: (trpc, start) => start(unreadCountQuery(trpc, "schoolAdmin")),
  parentShell: (trpc, start) => start(unreadCountQuery(trpc, "parent")),
  // Pages as they open from the menu (no filters in the URL); with filters they ask for themselves.
  trips: (trpc, start) => start(tripsListQuery(trpc, TRIPS_OPENING_INPUT)),
  schoolAdminNotifications: (trpc, start) => start(inboxListQuery(trpc, "schoolAdmin", INBOX_OPENING_INPUT)),
  parentChildren: (trpc, start) => {
    start(childrenQuery(trpc));
    start(rideLookupQuery(trpc));
    start(mapTilesQuery(trpc));
  },
  parentNotifications: (trpc, start) => start(inboxListQuery(trpc, "parent", INBOX_OPENING_INPUT)),
  schoolAdminInvoices: (trpc, start) => {
    start(schoolInvoicesQuery(trpc, INVOICES_OPENING_INPUT));
    start(paymentSettingsQuery(trpc));
  },
  parentInvoices: (trpc, start) => start(parentInvoicesQuery(trpc, INVOICES_OPENING_INPUT)),
  parentFlightTrips: (trpc, start) => start(parentFlightTripsQuery(trpc)),
  // The live view: its map's tiles and the preferences its bell follows (the run itself is not tRPC).
  parentLive: (trpc, start) => {
    start(mapTilesQuery(trpc));
    start(parentPreferencesQuery(trpc));
  },
} satisfies Record<string, (trpc: Trpc, start: Start) => void>;

export type PrefetchName = keyof typeof PREFETCHES;

/** Starts them all in one tick, so tRPC's batch link sends them in one HTTP request. */
export function startPrefetches(names: readonly PrefetchName[]): void {
  const start: Start = (options) => void queryClient.prefetchQuery({ ...options, meta: PREFETCH_META });
  for (const name of new Set(names)) PREFETCHES[name](trpc, start);
}

/**
 * Starts loading the maps' code (Leaflet and its stylesheet, the lazy chunk a map loads when first
 * shown: ADR 0048) with the live view, whose main content is the run's text and its map (ADR 0076),
 * so it arrives with the page's code and data, not after the page has rendered. In a browser only.
 */
export function warmMaps(): void {
  if (typeof document === "undefined") return;
  leafletChunk.start().catch(() => undefined);
}
