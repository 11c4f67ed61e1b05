import { createTripInput, listTripsInput, setTripStatusInput, tripIdInput, updateTripInput } from "#shared/trips.ts";
import {
  createTrip,
  deleteTrip,
  listRouteNames,
  listTrips,
  setTripStatus,
  updateTrip,
} from "#worker/services/trips/trips.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.trips.*: Trip Management, in the school's time zone. */
export const tripsRouter = router({
  /** Route names for pickers (trips and children's bus routes). */
  routes: schoolAdminProcedure.query(({ ctx }) => listRouteNames(ctx.scope)),
  list: schoolAdminProcedure.input(listTripsInput).query(({ ctx, input }) => listTrips(ctx.scope, input)),
  create: schoolAdminProcedure.input(createTripInput).mutation(({ ctx, input }) => createTrip(ctx.scope, input)),
  update: schoolAdminProcedure.input(updateTripInput).mutation(({ ctx, input }) => updateTrip(ctx.scope, input)),
  /** "Departed" / "Arrived" / cancel in one click; parents on the route are told. */
  setStatus: schoolAdminProcedure
    .input(setTripStatusInput)
    .mutation(({ ctx, input }) => setTripStatus(ctx.scope, input)),
  delete: schoolAdminProcedure.input(tripIdInput).mutation(({ ctx, input }) => deleteTrip(ctx.scope, input)),
});
