import { invoiceCheckoutStatusInput, listInvoicesInput } from "#shared/invoices.ts";
import { invoiceCheckoutStatus } from "#worker/services/invoices/checkout.ts";
import { listParentInvoices } from "#worker/services/invoices/list.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.invoices.*: "My Invoices", only those addressed to this parent. */
export const parentInvoicesRouter = router({
  list: parentProcedure
    .input(listInvoicesInput)
    .query(({ ctx, input }) => listParentInvoices(ctx.scope, input, ctx.locale)),
  /** Back from Checkout: the invoice the session pays, and whether the webhook has marked it paid. */
  checkoutStatus: parentProcedure
    .input(invoiceCheckoutStatusInput)
    .query(({ ctx, input }) => invoiceCheckoutStatus(ctx.scope, input)),
});
