import { notRidingInput } from "#shared/riders.ts";
import { clearNotRiding, rideLookup, setNotRiding } from "#worker/services/routes/rides.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.rides.*: the family's stops, buses and today's runs; "not riding" until the school's cut-off (ADR 0046). */
export const parentRidesRouter = router({
  lookup: parentProcedure.query(({ ctx }) => rideLookup(ctx.scope)),
  notRiding: router({
    set: parentProcedure.input(notRidingInput).mutation(({ ctx, input }) => setNotRiding(ctx.scope, input)),
    clear: parentProcedure.input(notRidingInput).mutation(({ ctx, input }) => clearNotRiding(ctx.scope, input)),
  }),
});
