import { busIdInput, createBusInput, updateBusInput } from "#shared/buses.ts";
import { createBus, deleteBus, listBuses, updateBus } from "#worker/services/routes/buses.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.buses.*: the school's buses (number, seats, plate), ADR 0046. */
export const busesRouter = router({
  list: schoolAdminProcedure.query(({ ctx }) => listBuses(ctx.scope)),
  create: schoolAdminProcedure.input(createBusInput).mutation(({ ctx, input }) => createBus(ctx.scope, input)),
  update: schoolAdminProcedure.input(updateBusInput).mutation(({ ctx, input }) => updateBus(ctx.scope, input)),
  delete: schoolAdminProcedure.input(busIdInput).mutation(({ ctx, input }) => deleteBus(ctx.scope, input)),
});
