import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscriptionAllowsAccess } from "#shared/subscription.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** Stripe's pages (Checkout, the billing portal) replace the app. */
const redirect = (url: string) => window.location.assign(url);

/**
 * The school's subscription. Back from Checkout (`awaitingPayment`), the webhook may take a moment,
 * so it is read again until it allows access; once it does, the session is read again (the server
 * lets the school admin back in).
 */
export function useSubscriptionStatus(awaitingPayment: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({
    ...trpc.schoolAdmin.billing.status.queryOptions(),
    refetchInterval: (query) => (awaitingPayment && !subscriptionAllowsAccess(query.state.data?.status) ? 1500 : false),
  });
  const active = subscriptionAllowsAccess(status.data?.status);
  useEffect(() => {
    if (active) void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
  }, [active, queryClient, trpc]);
  return { status, active };
}

/** Restarts the subscription through Stripe Checkout. */
export function useRestartSubscription() {
  const { t } = useLingui();
  const trpc = useTRPC();
  return useMutation(
    trpc.schoolAdmin.billing.startCheckout.mutationOptions({
      onSuccess: (data) => redirect(data.checkout_url),
      onError: (error) =>
        notify(
          "error",
          t`Checkout Failed`,
          errorMessage(error, t`Failed to create payment session. Please try again.`),
        ),
    }),
  );
}

/** Opens Stripe's billing portal (card, invoices, cancellation). */
export function useOpenBillingPortal() {
  const { t } = useLingui();
  const trpc = useTRPC();
  return useMutation(
    trpc.schoolAdmin.billing.openPortal.mutationOptions({
      onSuccess: (data) => redirect(data.url),
      onError: (error) => notify("error", t`Billing Portal Failed`, errorMessage(error)),
    }),
  );
}
