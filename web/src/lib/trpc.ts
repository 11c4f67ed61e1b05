import { t } from "@lingui/core/macro";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import { TRPC_MAX_BATCH_SIZE } from "#shared/api-limits.ts";
import { FORBIDDEN_REASONS } from "#shared/mfa-reasons.ts";
// Types only: the browser never bundles server code.
import type { AppRouter } from "../api.ts";
import { isAppError } from "./errors.ts";
import { notify } from "./toast.ts";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The query options proxy, in a hook (`useTRPC()`) or outside React (`trpc` of data.tsx): what the query-options factories take. */
export type Trpc = ReturnType<typeof useTRPC>;

/**
 * A session that ended while a page was open (idle timeout, logout elsewhere, deactivation): the
 * spec's "Authentication Error / User not authenticated." toast, then the session is re-read, and the
 * route guard sends the user to the login page with the way back remembered. Wrong credentials on the
 * login pages (auth.*) are not this case.
 */
function sessionEnded(queryClient: () => QueryClient) {
  return (error: unknown) => {
    // The Connect gate closed since the session was read (the payout account was replaced): read it
    // again, and the route guard sends the school admin to /school-admin/connect-stripe.
    if (isAppError(error) && error.data.reason === FORBIDDEN_REASONS.connectRequired) {
      void queryClient().invalidateQueries({ queryKey: [["auth", "me"]] });
      return;
    }
    if (!isAppError(error) || error.data.code !== "UNAUTHORIZED" || error.data.path?.startsWith("auth.")) return;
    notify("error", t`Authentication Error`, t`User not authenticated.`, { id: "authentication-error" });
    void queryClient().invalidateQueries({ queryKey: [["auth", "me"]] });
  };
}

/** Marks a query started by a route's prefetch (web/src/routes/prefetch.ts), before the session was known. */
export const PREFETCH_META = { prefetch: true } as const;

export function makeQueryClient(): QueryClient {
  const onSessionEnded = sessionEnded(() => client);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A prefetch refused because the visitor turned out to be signed out is no ended session:
      // the route guard sends them to the login page without a toast.
      onError: (error, query) => (query.meta?.prefetch ? undefined : onSessionEnded(error)),
    }),
    mutationCache: new MutationCache({ onError: onSessionEnded }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
    },
  });
  return client;
}

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: TRPC_MAX_BATCH_SIZE })],
  });
}
