import { useLingui } from "@lingui/react/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RouterInputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** After a change to a school, every super admin list and count is read again. */
export function useReloadSuperAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() });
}

/** One page of the schools list, with its summary counts. */
export function useSchools(input: RouterInputs["superAdmin"]["schools"]["list"]) {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.schools.list.queryOptions(input, { placeholderData: keepPreviousData }));
}

/**
 * Deletes a school. `onDone` runs first, whatever the outcome (the confirmation closes). SE6: a
 * deletion without a recent re-authentication opens "Confirm it's you", then deletes.
 */
export function useDeleteSchool(onDone: () => void) {
  const trpc = useTRPC();
  const reload = useReloadSuperAdmin();
  const sudo = useSudo();
  const { t } = useLingui();
  const remove = useMutation(
    trpc.superAdmin.schools.delete.mutationOptions({
      onSuccess: async (result) => {
        onDone();
        const { name } = result;
        notify("success", t`School Deleted`, t`"${name}" deleted successfully!`);
        await reload();
      },
      onError: (error, input) => {
        onDone();
        if (sudo.intercept(error, () => remove.mutate(input))) return;
        const reason = errorMessage(error);
        notify("error", t`Deletion Failed`, t`Failed to delete school: ${reason}`);
      },
    }),
  );
  return remove;
}
