import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { INVOICE_MESSAGES } from "#shared/invoice-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { type InvoiceListInput, parentInvoicesQuery, schoolInvoicesQuery } from "./queries.ts";

export type SchoolInvoiceList = RouterOutputs["schoolAdmin"]["invoices"]["list"];
export type ParentInvoiceList = RouterOutputs["parent"]["invoices"]["list"];
/** A row of either list (the school admin's also names the recipient). */
export type InvoiceRow = ParentInvoiceList["rows"][number] & {
  recipient?: SchoolInvoiceList["rows"][number]["recipient"];
};

/** "Invoices & Payments": a page of the school's invoices with the totals cards. */
export function useSchoolInvoices(input: InvoiceListInput) {
  const trpc = useTRPC();
  return useQuery({ ...schoolInvoicesQuery(trpc, input), placeholderData: keepPreviousData });
}

/** "My Invoices": a page of the invoices addressed to this parent. */
export function useParentInvoices(input: InvoiceListInput) {
  const trpc = useTRPC();
  return useQuery({ ...parentInvoicesQuery(trpc, input), placeholderData: keepPreviousData });
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
