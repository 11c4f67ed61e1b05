import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const details = useQuery(trpc.superAdmin.schools.details.queryOptions({ schoolId }));
  const failed = details.isError;
  useEffect(() => {
    if (!failed) return;
    notify("error", t`Fetch Failed`, t`Failed to fetch school details`);
    onClose();
  }, [failed, onClose, t]);
  return details;
}

/** The toasts of a saved school: its titles and the success message (with the school's `{name}`). */
type SaveTexts = { success: MessageDescriptor; done: MessageDescriptor; failure: MessageDescriptor };

const CREATED: SaveTexts = {
  success: msg`School Created`,
  done: msg({ message: '"{name}" created successfully!' }),
  failure: msg`Creation Failed`,
};
const UPDATED: SaveTexts = {
  success: msg`School Updated`,
  done: msg({ message: '"{name}" updated successfully!' }),
  failure: msg`Update Failed`,
};

/** A saved school: `"<name>" created successfully!`, the lists reloaded; or the server's message. */
function useSaveCallbacks(texts: SaveTexts) {
  const { i18n } = useLingui();
  const reload = useReloadSuperAdmin();
  return {
    onSuccess: (school: { name: string }) => {
      notify("success", i18n._(texts.success), i18n._({ ...texts.done, values: { name: school.name } }));
      void reload();
    },
    onError: (error: unknown) => notify("error", i18n._(texts.failure), errorMessage(error)),
  };
}

export function useCreateSchool() {
  const trpc = useTRPC();
  return useMutation(trpc.superAdmin.schools.create.mutationOptions(useSaveCallbacks(CREATED)));
}

export function useUpdateSchool() {
  const trpc = useTRPC();
  return useMutation(trpc.superAdmin.schools.update.mutationOptions(useSaveCallbacks(UPDATED)));
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

/** Opens a school's support view (the server audits each opening). */
export function useOpenSupportView() {
  const trpc = useTRPC();
  return useMutation(trpc.superAdmin.schools.openSupportView.mutationOptions());
}
