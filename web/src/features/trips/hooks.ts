import { i18n } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRIP_MESSAGES } from "#shared/trip-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { type TripListInput, tripsListQuery } from "./queries.ts";

export type TripList = RouterOutputs["schoolAdmin"]["trips"]["list"];
export type TripRow = TripList["trips"][number];

/** The day or week of trips, in the school's zone. */
export function useTrips(input: TripListInput) {
  const trpc = useTRPC();
  return useQuery({ ...tripsListQuery(trpc, input), placeholderData: keepPreviousData });
}

/** What a change of trips changes: everything the school admin reads (trips feed the dashboard too). */
export function useInvalidateSchool() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Trips feed the dashboard's cards too.
  return () => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
}

/** Delete (after the spec's confirmation). `onDone` closes the confirmation. */
export function useDeleteTrip(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.trips.delete.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", TRIP_MESSAGES.deleted.title, TRIP_MESSAGES.deleted.description);
        await invalidate();
      },
      onError: () => {
        onDone();
        notify("error", TRIP_MESSAGES.deleteFailed.title, TRIP_MESSAGES.deleteFailed.description);
      },
    }),
  );
}

const STATUS_TOASTS = {
  "in-progress": msg`Bus departed`,
  completed: msg`Bus arrived`,
  cancelled: msg`Trip cancelled`,
  scheduled: msg`Trip scheduled`,
} as const;

/** The one-click Departed / Arrived of today's trips; parents on the route are told. */
export function useSetTripStatus() {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.trips.setStatus.mutationOptions({
      onSuccess: async ({ notified }, { status }) => {
        notify(
          "success",
          i18n._(STATUS_TOASTS[status]),
          notified ? t`Parents on the route have been notified.` : undefined,
        );
        await invalidate();
      },
      onError: (error) =>
        notify("error", TRIP_MESSAGES.saveFailed.title, errorMessage(error, TRIP_MESSAGES.saveFailed.description)),
    }),
  );
}

/** The school's route names (trips and children's bus routes), for pickers. */
export function useRouteNames() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.trips.routes.queryOptions());
}
