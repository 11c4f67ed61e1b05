import type { InvoiceTab } from "#shared/invoice-texts.ts";
import type { Trpc } from "../../lib/trpc.ts";

/*
 * The invoice pages' queries. One source for the hooks and the routes' prefetches
 * (web/src/routes/prefetch-queries.ts): the same options are the same cache key.
 */

export type InvoiceListInput = { tab: InvoiceTab; search?: string | undefined; page: number };

/** The invoices as the page opens from the menu (no filters in the URL). */
export const INVOICES_OPENING_INPUT = { tab: "all", page: 1 } as const satisfies InvoiceListInput;

export const schoolInvoicesQuery = (trpc: Trpc, input: InvoiceListInput) =>
  trpc.schoolAdmin.invoices.list.queryOptions(input);
export const parentInvoicesQuery = (trpc: Trpc, input: InvoiceListInput) =>
  trpc.parent.invoices.list.queryOptions(input);
