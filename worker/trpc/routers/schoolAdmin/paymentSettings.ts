import { updatePaymentSettingsInput } from "#shared/invoices.ts";
import { getPaymentSettings, updatePaymentSettings } from "#worker/services/invoices/settings.ts";
import { requireSudo, router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.paymentSettings.*: the school's fee rule; saving it needs sudo mode (SE6). */
export const paymentSettingsRouter = router({
  get: schoolAdminProcedure.query(({ ctx }) => getPaymentSettings(ctx.scope)),
  update: schoolAdminProcedure
    .use(requireSudo)
    .input(updatePaymentSettingsInput)
    .mutation(({ ctx, input }) => updatePaymentSettings(ctx.scope, input)),
});
