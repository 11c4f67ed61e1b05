import {
  createFlightTripInput,
  flightTripIdInput,
  notifyEnrolledParentsInput,
  updateFlightTripInput,
} from "#shared/flight-trips.ts";
import {
  createFlightTrip,
  deleteFlightTrip,
  listFlightTrips,
  updateFlightTrip,
} from "#worker/services/flight-trips/admin.ts";
import { notifyEnrolledParents } from "#worker/services/flight-trips/notify.ts";
import { flightTripRoster } from "#worker/services/flight-trips/roster.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.flightTrips.*: field trips, their enrolments, roster and parents. */
export const flightTripsRouter = router({
  list: schoolAdminProcedure.query(({ ctx }) => listFlightTrips(ctx.scope)),
  create: schoolAdminProcedure
    .input(createFlightTripInput)
    .mutation(({ ctx, input }) => createFlightTrip(ctx.scope, input)),
  update: schoolAdminProcedure
    .input(updateFlightTripInput)
    .mutation(({ ctx, input }) => updateFlightTrip(ctx.scope, input)),
  /** Deletes a trip nobody paid for; cancels (and refunds) one with paid enrolments. Says which. */
  delete: schoolAdminProcedure
    .input(flightTripIdInput)
    .mutation(({ ctx, input }) => deleteFlightTrip(ctx.scope, input)),
  /** Export roster: the CSV text, downloaded by the page. */
  roster: schoolAdminProcedure.input(flightTripIdInput).query(({ ctx, input }) => flightTripRoster(ctx.scope, input)),
  notifyParents: schoolAdminProcedure
    .input(notifyEnrolledParentsInput)
    .mutation(({ ctx, input }) => notifyEnrolledParents(ctx.scope, input)),
});
