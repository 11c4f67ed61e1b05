import { createInvoiceInput, listInvoicesInput } from "#shared/invoices.ts";
import { createInvoice } from "../../../services/invoices/create.ts";
import { listSchoolInvoices } from "../../../services/invoices/list.ts";
import { router, schoolAdminProcedure } from "../../init.ts";

/** schoolAdmin.invoices.*: "Invoices & Payments". */
export const invoicesRouter = router({
  list: schoolAdminProcedure.input(listInvoicesInput).query(({ ctx, input }) => listSchoolInvoices(ctx.scope, input)),
  create: schoolAdminProcedure.input(createInvoiceInput).mutation(({ ctx, input }) => createInvoice(ctx.scope, input)),
});
