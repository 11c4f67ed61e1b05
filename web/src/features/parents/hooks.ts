import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RouterInputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** One page of the school's parent accounts (school admin). */
export function useParentAccounts(input: RouterInputs["schoolAdmin"]["parents"]["list"]) {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.parents.list.queryOptions(input, { placeholderData: keepPreviousData }));
}

/** Deactivates or reactivates a parent. `onDone` runs first, whatever the outcome (the confirmation closes). */
export function useSetParentActive(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.parents.setActive.mutationOptions({
      onSuccess: async (_result, { active }) => {
        onDone();
        notify(
          "success",
          active ? "Parent Reactivated" : "Parent Deactivated",
          active
            ? "The parent can sign in again."
            : "The parent has been signed out and cannot sign in until reactivated.",
        );
        await queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
      },
      onError: (error) => {
        onDone();
        notify("error", "Update Failed", errorMessage(error));
      },
    }),
  );
}
