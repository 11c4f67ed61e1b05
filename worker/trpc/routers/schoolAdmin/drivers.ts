import { inviteDriverInput, setDriverActiveInput } from "#shared/drivers.ts";
import { inviteDriver, listDrivers, setDriverActive } from "#worker/services/drivers/directory.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/**
 * The Drivers section: schoolAdmin.drivers.*, the session's school only (ADR 0057). A driver's
 * invitation is resent or revoked with schoolAdmin.invitations.resend / revoke, as a parent's.
 */
export const driversRouter = router({
  list: schoolAdminProcedure.query(({ ctx }) => listDrivers(ctx.scope)),
  invite: schoolAdminProcedure.input(inviteDriverInput).mutation(({ ctx, input }) => inviteDriver(ctx.scope, input)),
  setActive: schoolAdminProcedure
    .input(setDriverActiveInput)
    .mutation(({ ctx, input }) => setDriverActive(ctx.scope, input)),
});
