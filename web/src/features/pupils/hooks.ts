import { useMutation, useQueryClient } from "@tanstack/react-query";
import { countOf } from "../../components/ui/format.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** Previews a pupils file (writes nothing; a mutation only because a file does not fit a URL). */
export function usePreviewPupilImport() {
  const trpc = useTRPC();
  return useMutation(
    trpc.schoolAdmin.pupils.import.preview.mutationOptions({
      onError: (error) => notify("error", "Preview failed", errorMessage(error)),
    }),
  );
}

/** Imports every pupil of the file or none; the toast says how many invitations were queued. A refusal is the dialog's to show. */
export function useCommitPupilImport(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.pupils.import.commit.mutationOptions({
      onSuccess: async (result) => {
        onDone();
        notify(
          "success",
          "Pupils imported",
          `${countOf(result.imported, "pupil", "pupils")} imported, ${result.matched} linked to parents' accounts, ${countOf(result.queued, "invitation e-mail", "invitation e-mails")} queued.`,
        );
        await queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
      },
    }),
  );
}
