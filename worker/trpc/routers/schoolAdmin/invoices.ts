import {
  createInvoiceInput,
  listInvoicesInput,
  markInvoicePaidInput,
  resendInvoiceInput,
  updateInvoiceInput,
  voidInvoiceInput,
} from "#shared/invoices.ts";
import { markInvoicePaid, resendInvoice, updateInvoice, voidInvoice } from "#worker/services/invoices/corrections.ts";
import { createInvoice } from "#worker/services/invoices/create.ts";
import { listSchoolInvoices } from "#worker/services/invoices/list.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.invoices.*: "Invoices & Payments", and the corrections of an invoice (ADR 0041). */
export const invoicesRouter = router({
  list: schoolAdminProcedure
    .input(listInvoicesInput)
    .query(({ ctx, input }) => listSchoolInvoices(ctx.scope, input, ctx.locale)),
  create: schoolAdminProcedure.input(createInvoiceInput).mutation(({ ctx, input }) => createInvoice(ctx.scope, input)),
  update: schoolAdminProcedure.input(updateInvoiceInput).mutation(({ ctx, input }) => updateInvoice(ctx.scope, input)),
  void: schoolAdminProcedure.input(voidInvoiceInput).mutation(({ ctx, input }) => voidInvoice(ctx.scope, input)),
  resend: schoolAdminProcedure.input(resendInvoiceInput).mutation(({ ctx, input }) => resendInvoice(ctx.scope, input)),
  markPaid: schoolAdminProcedure
    .input(markInvoicePaidInput)
    .mutation(({ ctx, input }) => markInvoicePaid(ctx.scope, input)),
});
