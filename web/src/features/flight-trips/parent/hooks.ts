import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { PAYMENT_MESSAGES } from "#shared/payment-texts.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { notify } from "../../../lib/toast.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { parentFlightTripsQuery } from "../queries.ts";

export type ParentFlightTrip = RouterOutputs["parent"]["flightTrips"]["list"]["trips"][number];
export type ParentTripChild = ParentFlightTrip["children"][number];
/** A child of the family with the health notes that fill Enroll Now in. */
export type ParentFamilyChild = RouterOutputs["parent"]["flightTrips"]["list"]["children"][number];

/** The parent's Flight Trips: the school's trips with each child's enrolment. */
export function useParentFlightTrips() {
  const trpc = useTRPC();
  return useQuery(parentFlightTripsQuery(trpc));
}

/** View Details: the trip and this enrolment, with its payments. */
export function useEnrollmentDetails(enrollmentId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.parent.flightTrips.details.queryOptions({ enrollmentId }));
}

function useInvalidateTrips() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.parent.flightTrips.pathFilter());
}

/** Off to Stripe Checkout: the button stays busy until the page is replaced. */
function useRedirect() {
  const [redirecting, setRedirecting] = useState(false);
  return {
    redirecting,
    go: (url: string) => {
      setRedirecting(true);
      window.location.assign(url);
    },
  };
}

/**
 * Enroll & Pay Now: the enrolment is written (pending) and the browser goes to Checkout for the
 * deposit or the full cost; a free trip is confirmed at once. `onEnrolled` closes the dialog.
 */
export function useEnroll(onEnrolled: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateTrips();
  const redirect = useRedirect();
  const mutation = useMutation(
    trpc.parent.flightTrips.enroll.mutationOptions({
      onSuccess: async ({ url }) => {
        if (url) {
          notify("info", FLIGHT_TRIP_MESSAGES.enrolled.title, FLIGHT_TRIP_MESSAGES.enrolled.description);
          redirect.go(url);
          return;
        }
        onEnrolled();
        notify("success", FLIGHT_TRIP_MESSAGES.enrolledFree.title, FLIGHT_TRIP_MESSAGES.enrolledFree.description);
        await invalidate();
      },
      onError: async (error) => {
        notify(
          "error",
          FLIGHT_TRIP_MESSAGES.enrollFailed.title,
          errorMessage(error, FLIGHT_TRIP_MESSAGES.enrollFailed.description),
        );
        // The trip may have filled or closed meanwhile: show it as it is.
        await invalidate();
      },
    }),
  );
  return { enroll: mutation.mutate, busy: mutation.isPending || redirect.redirecting };
}

/** Make Payment: Checkout for what the enrolment owes next (the deposit, or the balance). */
export function usePayEnrollment() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const redirect = useRedirect();
  const mutation = useMutation(
    trpc.parent.flightTrips.pay.mutationOptions({
      onSuccess: ({ url }) => redirect.go(url),
      onError: (error) => notify("error", t`Payment Unavailable`, errorMessage(error, PAYMENT_MESSAGES.checkoutFailed)),
    }),
  );
  return {
    pay: (enrollmentId: string) => mutation.mutate({ enrollmentId }),
    busy: mutation.isPending || redirect.redirecting,
    paying: mutation.variables?.enrollmentId,
  };
}

/** Opt Out (after the confirmation stating the refund rule). `onDone` closes the confirmation. */
export function useOptOut(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateTrips();
  return useMutation(
    trpc.parent.flightTrips.optOut.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", FLIGHT_TRIP_MESSAGES.optedOut.title, FLIGHT_TRIP_MESSAGES.optedOut.description);
        await invalidate();
      },
      onError: async (error) => {
        onDone();
        notify(
          "error",
          FLIGHT_TRIP_MESSAGES.optOutFailed.title,
          errorMessage(error, FLIGHT_TRIP_MESSAGES.optOutFailed.description),
        );
        await invalidate();
      },
    }),
  );
}
