import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTRPC } from "../../lib/trpc.ts";

/** Everything the parent's screens read (invoices, the dashboard's payment card) is read again. */
export function useRefreshParentPayments() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.parent.pathKey() }), [queryClient, trpc]);
}

/** Back from Checkout, how often and how long My Invoices asks whether the webhook has marked the invoice paid. */
const PAID_POLL_MS = 1500;
const PAID_POLL_FOR_MS = 60_000;

/**
 * The invoice a Checkout Session pays (`sessionId`, from `?session_id=` on the return), asked again
 * until the webhook has marked it paid; then everything the parent's screens read is read again, so
 * the list shows it Paid.
 */
export function usePaidInvoice(sessionId: string | null) {
  const trpc = useTRPC();
  const refresh = useRefreshParentPayments();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!sessionId) return;
    const timer = window.setTimeout(() => setGaveUp(true), PAID_POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [sessionId]);
  const status = useQuery({
    ...trpc.parent.invoices.checkoutStatus.queryOptions(
      { sessionId: sessionId ?? "" },
      {
        retry: false,
        refetchInterval: (query) => (query.state.data?.status === "paid" || gaveUp ? false : PAID_POLL_MS),
      },
    ),
    enabled: Boolean(sessionId),
  });
  const paid = status.data?.status === "paid" ? status.data : null;
  const paidId = paid?.invoiceId;
  useEffect(() => {
    if (paidId) void refresh();
  }, [paidId, refresh]);
  return { paid, waiting: Boolean(sessionId) && status.isSuccess && !paid && !gaveUp };
}
