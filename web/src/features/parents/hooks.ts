import { t } from "@lingui/core/macro";
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

/**
 * The toasts of a school admin's deactivate / reactivate, a parent's and (like a parent's, ADR 0057)
 * a driver's: `onDone` runs first, whatever the outcome (the confirmation closes), then the school
 * admin's queries reload after a change.
 */
export function setActiveToasts(noun: "Parent" | "Driver", onDone: () => void, reload: () => Promise<void>) {
  const toast = (active: boolean): [string, string] => {
    if (noun === "Parent")
      return active
        ? [t`Parent Reactivated`, t`The parent can sign in again.`]
        : [t`Parent Deactivated`, t`The parent has been signed out and cannot sign in until reactivated.`];
    return active
      ? [t`Driver Reactivated`, t`The driver can sign in again.`]
      : [t`Driver Deactivated`, t`The driver has been signed out and cannot sign in until reactivated.`];
  };
  return {
    onSuccess: async (_result: unknown, { active }: { active: boolean }) => {
      onDone();
      notify("success", ...toast(active));
      await reload();
    },
    onError: (error: unknown) => {
      onDone();
      notify("error", t`Update Failed`, errorMessage(error));
    },
  };
}

/** Deactivates or reactivates a parent. `onDone` runs first, whatever the outcome (the confirmation closes). */
export function useSetParentActive(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.parents.setActive.mutationOptions(
      setActiveToasts("Parent", onDone, () => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter())),
    ),
  );
}
