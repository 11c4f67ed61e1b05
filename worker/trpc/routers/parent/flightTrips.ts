import { enrollInput, enrollmentIdInput } from "#shared/flight-trips.ts";
import { enroll, optOut, payEnrollment } from "#worker/services/flight-trips/enrolment.ts";
import { listParentFlightTrips, parentEnrollmentDetails } from "#worker/services/flight-trips/parent.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.flightTrips.*: the school's field trips, enrolling the parent's own children, paying and opting out. */
export const parentFlightTripsRouter = router({
  list: parentProcedure.query(({ ctx }) => listParentFlightTrips(ctx.scope)),
  details: parentProcedure
    .input(enrollmentIdInput)
    .query(({ ctx, input }) => parentEnrollmentDetails(ctx.scope, input)),
  enroll: parentProcedure.input(enrollInput).mutation(({ ctx, input }) => enroll(ctx.scope, input)),
  pay: parentProcedure.input(enrollmentIdInput).mutation(({ ctx, input }) => payEnrollment(ctx.scope, input)),
  optOut: parentProcedure.input(enrollmentIdInput).mutation(({ ctx, input }) => optOut(ctx.scope, input)),
});
