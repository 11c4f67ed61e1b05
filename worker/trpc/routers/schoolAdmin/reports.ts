import { reportsInput } from "#shared/report-inputs.ts";
import { schoolReports } from "#worker/services/reports/reports.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.reports.*: on-time, ridership, absences, seats, field trips and invoices over a range (issue 31). */
export const reportsRouter = router({
  get: schoolAdminProcedure.input(reportsInput).query(({ ctx, input }) => schoolReports(ctx.scope, input)),
});
