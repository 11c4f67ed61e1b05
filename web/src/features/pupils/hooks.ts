import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** Previews a pupils file (writes nothing; a mutation only because a file does not fit a URL). */
export function usePreviewPupilImport() {
  const { t } = useLingui();
  const trpc = useTRPC();
  return useMutation(
    trpc.schoolAdmin.pupils.import.preview.mutationOptions({
      onError: (error) => notify("error", t`Preview failed`, errorMessage(error)),
    }),
  );
}

/** Imports every pupil of the file or none; the toast says how many invitations were queued. A refusal is the dialog's to show. */
export function useCommitPupilImport(onDone: () => void) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.pupils.import.commit.mutationOptions({
      onSuccess: async (result) => {
        onDone();
        const { imported, matched, queued } = result;
        notify(
          "success",
          t`Pupils imported`,
          t`${plural(imported, { one: "# pupil", other: "# pupils" })} imported, ${matched} linked to parents' accounts, ${plural(queued, { one: "# invitation e-mail", other: "# invitation e-mails" })} queued.`,
        );
        await queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
      },
    }),
  );
}
