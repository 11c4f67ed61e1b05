import { invoiceIdInput } from "#shared/invoices.ts";
import { startInvoiceCheckout } from "#worker/services/invoices/checkout.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.payments.*: paying the parent's own invoices through Stripe Checkout. */
export const parentPaymentsRouter = router({
  startInvoiceCheckout: parentProcedure
    .input(invoiceIdInput)
    .mutation(({ ctx, input }) => startInvoiceCheckout(ctx.scope, input)),
});
