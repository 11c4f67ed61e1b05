import { hashKey, onlineManager, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { ReactNode } from "react";
import { isOfflineRole } from "#shared/service-worker.ts";
import type { AppRouter } from "../api.ts";
import { SudoProvider } from "../components/mfa/SudoProvider.tsx";
import { linkManifestFor } from "../pwa/manifest-link.ts";
import { browserStorage, persistQueries } from "../pwa/query-persistence.ts";
import { writeRoleHint } from "./roles.ts";
import type { SessionUser } from "./session.ts";
import { makeQueryClient, makeTrpcClient, TRPCProvider } from "./trpc.ts";

/**
 * The data layer (query cache, tRPC client), one per page load. It is not in the entry: pages that
 * show no server data (the public content pages) load without it, and the router wraps every route
 * that needs it in a DataProvider (web/src/routes/router.tsx); every provider shares these two.
 */
export const queryClient = makeQueryClient();
export const trpcClient = makeTrpcClient();
/** Query options outside React (route prefetches), on the same client and cache. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

// Remember the role of every session read (and its end), for the next page load's prefetch and the
// manifest an install takes (its start URL).
const meHash = hashKey(trpc.auth.me.queryKey());
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== "updated" || event.action.type !== "success" || event.query.queryHash !== meHash) return;
  const role = (event.query.state.data as SessionUser | null | undefined)?.role ?? null;
  writeRoleHint(role);
  linkManifestFor(role);
});

if (typeof window !== "undefined") {
  // A page opened offline waits for the connection instead of failing its queries (they stay as
  // restored below); the query library assumes "online" until the first `offline` event otherwise.
  onlineManager.setOnline(navigator.onLine);
  // A parent's or driver's last data, restored before the first render (ADR 0067).
  persistQueries(
    queryClient,
    {
      hash: meHash,
      userId: (data) => {
        const user = data as SessionUser | null | undefined;
        return user && isOfflineRole(user.role) ? user.id : null;
      },
    },
    browserStorage(),
  );
}

export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SudoProvider>{children}</SudoProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
