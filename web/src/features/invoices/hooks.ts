import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { INVOICE_MESSAGES, type InvoiceTab, PAYMENT_METHOD_LABELS } from "#shared/invoice-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type InvoiceRole = "schoolAdmin" | "parent";
export type SchoolInvoiceList = RouterOutputs["schoolAdmin"]["invoices"]["list"];
export type ParentInvoiceList = RouterOutputs["parent"]["invoices"]["list"];
/** A row of either list (the school admin's also names the recipient). */
export type InvoiceRow = ParentInvoiceList["rows"][number] & { recipient?: SchoolInvoiceList["rows"][number]["recipient"] };
export type PaymentSettings = RouterOutputs["schoolAdmin"]["paymentSettings"]["get"];

type ListInput = { tab: InvoiceTab; search?: string | undefined; page: number };

/** "Invoices & Payments": a page of the school's invoices with the totals cards. */
export function useSchoolInvoices(input: ListInput, enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.schoolAdmin.invoices.list.queryOptions(input, { placeholderData: keepPreviousData }), enabled });
}

/** "My Invoices": a page of the invoices addressed to this parent. */
export function useParentInvoices(input: ListInput, enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.parent.invoices.list.queryOptions(input, { placeholderData: keepPreviousData }), enabled });
}

/** The school's fee rule and platform fee (banner, Payment Settings, the Create Invoice preview). */
export function usePaymentSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.paymentSettings.get.queryOptions());
}

/** Payment Settings' Save: asks "Confirm it's you" first when the session is not in sudo mode. */
export function useSavePaymentSettings(onSaved: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sudo = useSudo();
  const save = useMutation(
    trpc.schoolAdmin.paymentSettings.update.mutationOptions({
      onSuccess: async () => {
        onSaved();
        notify("success", "Payment Settings", INVOICE_MESSAGES.settingsSaved);
        await queryClient.invalidateQueries(trpc.schoolAdmin.paymentSettings.pathFilter());
      },
      onError: (error, input) => {
        if (sudo.intercept(error, () => save.mutate(input))) return;
        notify("error", "Payment Settings", errorMessage(error, INVOICE_MESSAGES.settingsFailed));
      },
    }),
  );
  return save;
}

/** Create Invoice with the spec's toasts; the list, its totals and the dashboard refresh. */
export function useCreateInvoice(onCreated: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.invoices.create.mutationOptions({
      onSuccess: async () => {
        onCreated();
        notify("success", INVOICE_MESSAGES.createdTitle, INVOICE_MESSAGES.created);
        await queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
      },
      onError: (error) => notify("error", INVOICE_MESSAGES.createFailedTitle, errorMessage(error, INVOICE_MESSAGES.createFailed)),
    }),
  );
}

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
const correctionFailed = (error: unknown) => notify("error", INVOICE_MESSAGES.correctionFailedTitle, errorMessage(error, INVOICE_MESSAGES.correctionFailed));

/** Void Invoice: the parent is told; a card payment that still arrives is refunded. */
export function useVoidInvoice(onDone: () => void) {
  const trpc = useTRPC();
  const done = useCorrectionDone();
  return useMutation(
    trpc.schoolAdmin.invoices.void.mutationOptions({
      onSuccess: (invoice) => done(INVOICE_MESSAGES.voidedTitle, INVOICE_MESSAGES.voided(invoice.invoiceNumber), onDone),
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
      onSuccess: (invoice) => done(INVOICE_MESSAGES.updatedTitle, INVOICE_MESSAGES.updated(invoice.invoiceNumber), onDone),
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
      onSuccess: (invoice) => done(INVOICE_MESSAGES.resentTitle, INVOICE_MESSAGES.resent(invoice.email), onDone),
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
        done(INVOICE_MESSAGES.markedPaidTitle, INVOICE_MESSAGES.markedPaid(invoice.invoiceNumber, PAYMENT_METHOD_LABELS[input.method]), onDone),
      onError: correctionFailed,
    }),
  );
}
