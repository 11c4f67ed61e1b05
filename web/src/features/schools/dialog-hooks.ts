import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { useReloadSuperAdmin } from "./hooks.ts";

// The schools' dialogs' and support view's hooks, apart from the list's (hooks.ts): the Schools page
// loads these with a dialog, not with the list.

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

/** Opens a school's support view (the server audits each opening). */
export function useOpenSupportView() {
  const trpc = useTRPC();
  return useMutation(trpc.superAdmin.schools.openSupportView.mutationOptions());
}
