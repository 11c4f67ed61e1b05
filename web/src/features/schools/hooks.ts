import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { RouterInputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** After a change to a school, every super admin list and count is read again. */
function useReloadSuperAdmin() {
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
 * One school with its administrators, for a dialog about it: a failed load says "Fetch Failed" and
 * closes the dialog (`onClose` should be stable).
 */
export function useSchoolDetails(schoolId: string, onClose: () => void) {
  const trpc = useTRPC();
  const details = useQuery(trpc.superAdmin.schools.details.queryOptions({ schoolId }));
  const failed = details.isError;
  useEffect(() => {
    if (!failed) return;
    notify("error", "Fetch Failed", "Failed to fetch school details");
    onClose();
  }, [failed, onClose]);
  return details;
}

/** A saved school: `"<name>" <done> successfully!`, the lists reloaded; or the server's message. */
function useSaveCallbacks(successTitle: string, done: string, failureTitle: string) {
  const reload = useReloadSuperAdmin();
  return {
    onSuccess: (school: { name: string }) => {
      notify("success", successTitle, `"${school.name}" ${done} successfully!`);
      void reload();
    },
    onError: (error: unknown) => notify("error", failureTitle, errorMessage(error)),
  };
}

export function useCreateSchool() {
  const trpc = useTRPC();
  return useMutation(
    trpc.superAdmin.schools.create.mutationOptions(useSaveCallbacks("School Created", "created", "Creation Failed")),
  );
}

export function useUpdateSchool() {
  const trpc = useTRPC();
  return useMutation(
    trpc.superAdmin.schools.update.mutationOptions(useSaveCallbacks("School Updated", "updated", "Update Failed")),
  );
}

/**
 * Deletes a school. `onDone` runs first, whatever the outcome (the confirmation closes). SE6: a
 * deletion without a recent re-authentication opens "Confirm it's you", then deletes.
 */
export function useDeleteSchool(onDone: () => void) {
  const trpc = useTRPC();
  const reload = useReloadSuperAdmin();
  const sudo = useSudo();
  const remove = useMutation(
    trpc.superAdmin.schools.delete.mutationOptions({
      onSuccess: async (result) => {
        onDone();
        notify("success", "School Deleted", `"${result.name}" deleted successfully!`);
        await reload();
      },
      onError: (error, input) => {
        onDone();
        if (sudo.intercept(error, () => remove.mutate(input))) return;
        notify("error", "Deletion Failed", `Failed to delete school: ${errorMessage(error)}`);
      },
    }),
  );
  return remove;
}

/** Opens a school's support view (the server audits each opening). */
export function useOpenSupportView() {
  const trpc = useTRPC();
  return useMutation(trpc.superAdmin.schools.openSupportView.mutationOptions());
}
