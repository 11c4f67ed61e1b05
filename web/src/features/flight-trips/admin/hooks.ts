import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CONFIRM_REFUNDS_REASON, FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { NOTIFICATION_MESSAGES } from "#shared/notification-texts.ts";
import type { RouterInputs, RouterOutputs } from "../../../lib/api-types.ts";
import { downloadText } from "../../../lib/download.ts";
import { errorMessage, isAppError } from "../../../lib/errors.ts";
import { notify } from "../../../lib/toast.ts";
import { useTRPC } from "../../../lib/trpc.ts";

export type FlightTripList = RouterOutputs["schoolAdmin"]["flightTrips"]["list"];
export type FlightTripRow = FlightTripList["trips"][number];

/** The school's flight trips with their enrolled students, in the school's zone. */
export function useFlightTrips() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.flightTrips.list.queryOptions());
}

function useInvalidate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.schoolAdmin.flightTrips.pathFilter());
}

type UpdateInput = RouterInputs["schoolAdmin"]["flightTrips"]["update"];

/**
 * Create Trip and Edit, with their toasts. `onSaved` closes the dialog. An edit whose lowered cost
 * refunds parents waits for the admin: `refunds` holds the server's message with the amounts until
 * `confirmRefunds` saves it again, confirmed, or `keepEditing` drops it.
 */
export function useSaveFlightTrip(onSaved: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [refunds, setRefunds] = useState<{ message: string; input: UpdateInput } | null>(null);
  const failed = (error: unknown) =>
    notify(
      "error",
      FLIGHT_TRIP_MESSAGES.saveFailed.title,
      errorMessage(error, FLIGHT_TRIP_MESSAGES.saveFailed.description),
    );
  const saved = (message: { title: string; description: string }) => async () => {
    onSaved();
    notify("success", message.title, message.description);
    await invalidate();
  };
  const create = useMutation(
    trpc.schoolAdmin.flightTrips.create.mutationOptions({
      onSuccess: saved(FLIGHT_TRIP_MESSAGES.created),
      onError: failed,
    }),
  );
  const update = useMutation(
    trpc.schoolAdmin.flightTrips.update.mutationOptions({
      onSuccess: saved(FLIGHT_TRIP_MESSAGES.updated),
      onError: (error, input) => {
        if (isAppError(error) && error.data.reason === CONFIRM_REFUNDS_REASON)
          setRefunds({ message: error.message, input });
        else failed(error);
      },
    }),
  );
  return {
    create,
    update,
    isPending: create.isPending || update.isPending,
    refunds,
    confirmRefunds: () => {
      if (refunds) update.mutate({ ...refunds.input, confirmRefunds: true });
      setRefunds(null);
    },
    keepEditing: () => setRefunds(null),
  };
}

/** Delete after the confirmation: the toast says whether it was deleted or cancelled (paid enrolments). */
export function useDeleteFlightTrip(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  return useMutation(
    trpc.schoolAdmin.flightTrips.delete.mutationOptions({
      onSuccess: async ({ outcome }) => {
        onDone();
        const message = outcome === "cancelled" ? FLIGHT_TRIP_MESSAGES.cancelled : FLIGHT_TRIP_MESSAGES.deleted;
        notify("success", message.title, message.description);
        await invalidate();
      },
      onError: (error) => {
        onDone();
        notify(
          "error",
          FLIGHT_TRIP_MESSAGES.deleteFailed.title,
          errorMessage(error, FLIGHT_TRIP_MESSAGES.deleteFailed.description),
        );
        void invalidate();
      },
    }),
  );
}

/** Export roster: fetches the trip's CSV (always fresh) and saves it. */
export function useExportRoster() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const exportRoster = useMutation({
    mutationFn: (tripId: string) =>
      queryClient.fetchQuery({ ...trpc.schoolAdmin.flightTrips.roster.queryOptions({ tripId }), staleTime: 0 }),
    onSuccess: ({ fileName, csv }) => downloadText(fileName, csv, "text/csv;charset=utf-8"),
    onError: (error) =>
      notify("error", t`Export Failed`, errorMessage(error, t`Failed to export the roster. Please try again.`)),
  });
  return exportRoster;
}

/** Notify enrolled parents. `onSent` closes the dialog. */
export function useNotifyEnrolledParents(onSent: () => void) {
  const { t } = useLingui();
  const trpc = useTRPC();
  return useMutation(
    trpc.schoolAdmin.flightTrips.notifyParents.mutationOptions({
      onSuccess: ({ recipients }) => {
        onSent();
        notify(
          "success",
          FLIGHT_TRIP_MESSAGES.parentsNotified.title,
          t`${plural(recipients, { one: "Sent to # parent.", other: "Sent to # parents." })}`,
        );
      },
      onError: (error) =>
        notify(
          "error",
          NOTIFICATION_MESSAGES.sendFailed.title,
          errorMessage(error, NOTIFICATION_MESSAGES.sendFailed.description),
        ),
    }),
  );
}
