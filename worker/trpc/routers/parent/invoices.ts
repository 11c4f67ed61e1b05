import { listInvoicesInput } from "#shared/invoices.ts";
import { listParentInvoices } from "../../../services/invoices/list.ts";
import { parentProcedure, router } from "../../init.ts";

/** parent.invoices.*: "My Invoices", only those addressed to this parent. */
export const parentInvoicesRouter = router({
  list: parentProcedure.input(listInvoicesInput).query(({ ctx, input }) => listParentInvoices(ctx.scope, input)),
});
