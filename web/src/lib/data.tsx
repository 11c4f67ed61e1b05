import { hashKey, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { ReactNode } from "react";
import type { AppRouter } from "../api.ts";
import { SudoProvider } from "../components/mfa/SudoProvider.tsx";
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

// Remember the role of every session read (and its end), for the next page load's prefetch.
const meHash = hashKey(trpc.auth.me.queryKey());
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== "updated" || event.action.type !== "success" || event.query.queryHash !== meHash) return;
  writeRoleHint((event.query.state.data as SessionUser | null | undefined)?.role ?? null);
});

export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SudoProvider>{children}</SudoProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
