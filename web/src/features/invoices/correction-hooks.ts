import { useMutation, useQueryClient } from "@tanstack/react-query";
import { INVOICE_CORRECTION_MESSAGES, PAYMENT_METHOD_LABELS } from "#shared/invoice-texts.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * The school admin's corrections of an invoice (void, edit, resend, mark paid; ADR 0041), each with
 * its toasts. Apart from hooks.ts so that only the correction dialogs, loaded when one opens, carry
 * them: the Invoices page itself stays within its bundle budget.
 */
/** After a correction: its toast, the dialog closed, and the school's lists, totals and dashboard read again. */
function useCorrectionDone() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (title: string, message: string, onDone: () => void) => {
    onDone();
    notify("success", title, message);
    await queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
  };
}
const correctionFailed = (error: unknown) =>
  notify("error", INVOICE_CORRECTION_MESSAGES.correctionFailedTitle, errorMessage(error, INVOICE_CORRECTION_MESSAGES.correctionFailed));

/** Void Invoice: the parent is told; a card payment that still arrives is refunded. */
export function useVoidInvoice(onDone: () => void) {
  const trpc = useTRPC();
  const done = useCorrectionDone();
  return useMutation(
    trpc.schoolAdmin.invoices.void.mutationOptions({
      onSuccess: (invoice) => done(INVOICE_CORRECTION_MESSAGES.voidedTitle, INVOICE_CORRECTION_MESSAGES.voided(invoice.invoiceNumber), onDone),
      onError: correctionFailed,
    }),
  );
}

/** Edit Invoice (a pending invoice's description, amount and due date). */
export function useUpdateInvoice(onDone: () => void) {
  const trpc = useTRPC();
  const done = useCorrectionDone();
  return useMutation(
    trpc.schoolAdmin.invoices.update.mutationOptions({
      onSuccess: (invoice) => done(INVOICE_CORRECTION_MESSAGES.updatedTitle, INVOICE_CORRECTION_MESSAGES.updated(invoice.invoiceNumber), onDone),
      onError: correctionFailed,
    }),
  );
}

/** Resend the invoice e-mail to its parent. */
export function useResendInvoice(onDone: () => void) {
  const trpc = useTRPC();
  const done = useCorrectionDone();
  return useMutation(
    trpc.schoolAdmin.invoices.resend.mutationOptions({
      onSuccess: (invoice) => done(INVOICE_CORRECTION_MESSAGES.resentTitle, INVOICE_CORRECTION_MESSAGES.resent(invoice.email), onDone),
      onError: correctionFailed,
    }),
  );
}

/** Mark as Paid: cash, cheque or bank transfer, with its reference. */
export function useMarkInvoicePaid(onDone: () => void) {
  const trpc = useTRPC();
  const done = useCorrectionDone();
  return useMutation(
    trpc.schoolAdmin.invoices.markPaid.mutationOptions({
      onSuccess: (invoice, input) =>
        done(INVOICE_CORRECTION_MESSAGES.markedPaidTitle, INVOICE_CORRECTION_MESSAGES.markedPaid(invoice.invoiceNumber, PAYMENT_METHOD_LABELS[input.method]), onDone),
      onError: correctionFailed,
    }),
  );
}
