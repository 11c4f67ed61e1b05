import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CONNECT_MESSAGES } from "#shared/connect-status.ts";
import { errorMessage } from "../../lib/errors.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** Stripe's hosted onboarding replaces the app. */
const redirect = (url: string) => window.location.assign(url);

/** The school's Stripe account as stored (kept by Stripe's `account.updated`). */
export function useConnectStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.connect.status.queryOptions());
}

/** "Connect with Stripe" / "Continue onboarding", and a spent link's refresh: a new Account Link, then Stripe. */
export function useStartConnectOnboarding() {
  const { t } = useLingui();
  const trpc = useTRPC();
  return useMutation(
    trpc.schoolAdmin.connect.startOnboarding.mutationOptions({
      onSuccess: (data) => redirect(data.url),
      onError: (error) =>
        notify("error", t`Stripe Onboarding Failed`, errorMessage(error, CONNECT_MESSAGES.startFailed)),
    }),
  );
}

/**
 * Back from Stripe (or "Check status"): the server reads the account from Stripe. The session is
 * read again, since the Connect gate may have opened.
 */
export function useSyncConnectStatus() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.connect.syncStatus.mutationOptions({
      onSuccess: async (view) => {
        queryClient.setQueryData(trpc.schoolAdmin.connect.status.queryKey(), view);
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      },
      onError: (error) => notify("error", t`Status Not Updated`, errorMessage(error, CONNECT_MESSAGES.syncFailed)),
    }),
  );
}

/** SE6: a new payout account ("Confirm it's you" first when needed), then its onboarding. */
export function useReplacePayoutAccount() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sudo = useSudo();
  const replace = useMutation(
    trpc.schoolAdmin.connect.replaceAccount.mutationOptions({
      onSuccess: async (data) => {
        notify("success", t`Payout Account Replaced`, CONNECT_MESSAGES.replaced);
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        redirect(data.url);
      },
      onError: async (error, input) => {
        if (sudo.intercept(error, () => replace.mutate(input))) return;
        notify("error", t`Payout Account Not Changed`, errorMessage(error));
        await queryClient.invalidateQueries({ queryKey: trpc.schoolAdmin.connect.status.queryKey() });
      },
    }),
  );
  return replace;
}
