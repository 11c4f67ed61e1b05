import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { INVOICE_MESSAGES, type InvoiceTab } from "#shared/invoice-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type InvoiceRole = "schoolAdmin" | "parent";
export type SchoolInvoiceList = RouterOutputs["schoolAdmin"]["invoices"]["list"];
export type ParentInvoiceList = RouterOutputs["parent"]["invoices"]["list"];
/** A row of either list (the school admin's also names the recipient). */
export type InvoiceRow = ParentInvoiceList["rows"][number] & {
  recipient?: SchoolInvoiceList["rows"][number]["recipient"];
};
export type PaymentSettings = RouterOutputs["schoolAdmin"]["paymentSettings"]["get"];

type ListInput = { tab: InvoiceTab; search?: string | undefined; page: number };

/** "Invoices & Payments": a page of the school's invoices with the totals cards. */
export function useSchoolInvoices(input: ListInput, enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.schoolAdmin.invoices.list.queryOptions(input, { placeholderData: keepPreviousData }),
    enabled,
  });
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
      onError: (error) =>
        notify("error", INVOICE_MESSAGES.createFailedTitle, errorMessage(error, INVOICE_MESSAGES.createFailed)),
    }),
  );
}
