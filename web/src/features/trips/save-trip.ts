import { t } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import { TRIP_MESSAGES } from "#shared/trip-texts.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidateSchool } from "./hooks.ts";

// The trip form's save, in a module of its own: the Trips page loads it with the form, not with the list.

/** New Trip (with Repeat) and Edit Trip, with the spec's toasts. `onSaved` closes the dialog. */
export function useSaveTrip(onSaved: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  const failed = (error: unknown) =>
    notify("error", TRIP_MESSAGES.saveFailed.title, errorMessage(error, TRIP_MESSAGES.saveFailed.description));
  const create = useMutation(
    trpc.schoolAdmin.trips.create.mutationOptions({
      onSuccess: async ({ created }) => {
        onSaved();
        notify(
          "success",
          TRIP_MESSAGES.created.title,
          created > 1 ? t`${created} trips created successfully!` : TRIP_MESSAGES.created.description,
        );
        await invalidate();
      },
      onError: failed,
    }),
  );
  const update = useMutation(
    trpc.schoolAdmin.trips.update.mutationOptions({
      onSuccess: async () => {
        onSaved();
        notify("success", TRIP_MESSAGES.updated.title, TRIP_MESSAGES.updated.description);
        await invalidate();
      },
      onError: failed,
    }),
  );
  return { create, update, isPending: create.isPending || update.isPending };
}
