import { t } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  INVOICE_CORRECTION_MESSAGES,
  type OfflinePaymentMethod,
  PAYMENT_METHOD_LABELS,
} from "#shared/invoice-correction-texts.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * The school admin's corrections of an invoice (void, edit, resend, mark paid; ADR 0041), each with
 * its toasts. Apart from hooks.ts so that only the correction dialogs, loaded when one opens, carry
 * them: the Invoices page itself stays within its bundle budget.
 */
const M = INVOICE_CORRECTION_MESSAGES;

/**
 * A correction's callbacks: on success the dialog closes, its toast (`toast` gives the title and the
 * message) and the school's lists, totals and dashboard read again; on failure the server's message.
 */
function useCorrectionCallbacks<TData, TInput>(
  onDone: () => void,
  toast: (data: TData, input: TInput) => [string, string],
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: async (data: TData, input: TInput) => {
      onDone();
      notify("success", ...toast(data, input));
      await queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
    },
    onError: (error: unknown) => notify("error", M.correctionFailedTitle, errorMessage(error, M.correctionFailed)),
  };
}

type Answer = { invoiceNumber: string };

/** Void Invoice: the parent is told; a card payment that still arrives is refunded. */
export function useVoidInvoice(onDone: () => void) {
  const callbacks = useCorrectionCallbacks(onDone, ({ invoiceNumber: number }: Answer) => [
    M.voidedTitle,
    t`${number} is void. The parent has been told.`,
  ]);
  return useMutation(useTRPC().schoolAdmin.invoices.void.mutationOptions(callbacks));
}

/** Edit Invoice (a pending invoice's description, amount and due date). */
export function useUpdateInvoice(onDone: () => void) {
  const callbacks = useCorrectionCallbacks(onDone, ({ invoiceNumber: number }: Answer) => [
    M.updatedTitle,
    t`${number} has been updated.`,
  ]);
  return useMutation(useTRPC().schoolAdmin.invoices.update.mutationOptions(callbacks));
}

/** Resend the invoice e-mail to its parent. */
export function useResendInvoice(onDone: () => void) {
  const callbacks = useCorrectionCallbacks(onDone, ({ email }: { email: string }) => [
    M.resentTitle,
    t`The invoice e-mail was sent again to ${email}.`,
  ]);
  return useMutation(useTRPC().schoolAdmin.invoices.resend.mutationOptions(callbacks));
}

/** Mark as Paid: cash, cheque or bank transfer, with its reference. */
export function useMarkInvoicePaid(onDone: () => void) {
  const callbacks = useCorrectionCallbacks(onDone, (invoice: Answer, input: { method: OfflinePaymentMethod }) => {
    const number = invoice.invoiceNumber;
    const method = sharedText(PAYMENT_METHOD_LABELS[input.method]);
    return [M.markedPaidTitle, t`${number} is marked as paid by ${method}.`];
  });
  return useMutation(useTRPC().schoolAdmin.invoices.markPaid.mutationOptions(callbacks));
}
