import { plural, t } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * The CSV imports of a route's stops and of the school's riders (ADR 0052), for their dialogs (loaded
 * with them, not with the Routes pages). Previews are mutations only because a file does not fit a
 * query's URL; they write nothing. A failed preview or commit is the dialog's to show.
 */

/** Routes, riders and their runs feed each other's counts, trips and the dashboard: all of the school's lists. */
function useInvalidateSchool() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
}

const previewFailed = (error: unknown) => notify("error", t`The file was not checked`, errorMessage(error));

export function usePreviewStopImport() {
  const trpc = useTRPC();
  return useMutation(trpc.schoolAdmin.routes.importStops.preview.mutationOptions({ onError: previewFailed }));
}

/** Adds every row's stop after the route's (or none); `onDone` closes the dialog. */
export function useCommitStopImport(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.routes.importStops.commit.mutationOptions({
      onSuccess: async ({ imported }) => {
        onDone();
        notify(
          "success",
          t`Stops imported`,
          plural(imported, { one: "# stop added to the route.", other: "# stops added to the route." }),
        );
        await invalidate();
      },
    }),
  );
}

export function usePreviewRiderImport() {
  const trpc = useTRPC();
  return useMutation(trpc.schoolAdmin.riders.import.preview.mutationOptions({ onError: previewFailed }));
}

/** Assigns every row's child (or none); `onDone` closes the dialog. */
export function useCommitRiderImport(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.riders.import.commit.mutationOptions({
      onSuccess: async ({ imported }) => {
        onDone();
        notify(
          "success",
          t`Riders imported`,
          plural(imported, { one: "# rider assignment imported.", other: "# rider assignments imported." }),
        );
        await invalidate();
      },
    }),
  );
}
