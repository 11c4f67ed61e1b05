import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CHILD_MESSAGES } from "#shared/children-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { childrenQuery } from "./queries.ts";

export type ChildRow = RouterOutputs["parent"]["children"]["list"]["children"][number];

/** My Children: the parent's own children, ordered by name. */
export function useChildren() {
  const trpc = useTRPC();
  return useQuery(childrenQuery(trpc));
}

function useInvalidateFamily() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Children feed the dashboard's cards too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.parent.children.pathFilter()),
      queryClient.invalidateQueries(trpc.parent.overview.pathFilter()),
    ]);
}

/** Add Child and Edit Child, with the spec's toasts. `onSaved` closes the dialog. */
export function useSaveChild(onSaved: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateFamily();
  const failed = (error: unknown) =>
    notify("error", CHILD_MESSAGES.saveFailed.title, errorMessage(error, CHILD_MESSAGES.saveFailed.description));
  const saved = (toast: { title: string; description: string }) => async () => {
    onSaved();
    notify("success", toast.title, toast.description);
    await invalidate();
  };
  const create = useMutation(
    trpc.parent.children.create.mutationOptions({ onSuccess: saved(CHILD_MESSAGES.added), onError: failed }),
  );
  const update = useMutation(
    trpc.parent.children.update.mutationOptions({ onSuccess: saved(CHILD_MESSAGES.updated), onError: failed }),
  );
  return { create, update, isPending: create.isPending || update.isPending };
}

/** Delete (after the spec's confirmation). `onDone` closes the confirmation. */
export function useDeleteChild(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateFamily();
  return useMutation(
    trpc.parent.children.delete.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", CHILD_MESSAGES.removed.title, CHILD_MESSAGES.removed.description);
        await invalidate();
      },
      onError: async () => {
        onDone();
        notify("error", CHILD_MESSAGES.deleteFailed.title, CHILD_MESSAGES.deleteFailed.description);
        // Already gone (another tab, a double click): show the list as it is.
        await invalidate();
      },
    }),
  );
}
