import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { PAYMENT_MESSAGES } from "#shared/payment-texts.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * Pay an invoice: the server makes a Stripe Checkout Session and the browser goes there. The
 * button stays busy until the page is replaced (a second click would only get the same session).
 */
export function usePayInvoice() {
  const trpc = useTRPC();
  const [redirecting, setRedirecting] = useState(false);
  const mutation = useMutation(
    trpc.parent.payments.startInvoiceCheckout.mutationOptions({
      onSuccess: (data) => {
        setRedirecting(true);
        window.location.assign(data.url);
      },
      onError: (error) => notify("error", "Payment Unavailable", errorMessage(error, PAYMENT_MESSAGES.checkoutFailed)),
    }),
  );
  return { pay: (invoiceId: string) => mutation.mutate({ invoiceId }), busy: mutation.isPending || redirecting };
}

/** Everything the parent's screens read (invoices, the dashboard's payment card) is read again. */
export function useRefreshParentPayments() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.parent.pathKey() }), [queryClient, trpc]);
}
