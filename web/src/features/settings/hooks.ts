import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlatformSettings } from "#shared/settings.ts";
import { errorMessage, fieldErrorsOf } from "../../lib/errors.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** The fields the server rejected, by the settings' own names. */
export type SettingsFieldErrors = Partial<Record<keyof PlatformSettings, string[]>>;

/** The platform-wide defaults (super admin). */
export function usePlatformSettings() {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.settings.get.queryOptions());
}

/**
 * Saves the platform settings. SE6: saving needs a recent re-authentication ("Confirm it's you",
 * then save). Rejected fields go to `onFieldErrors` with a "Validation Error" toast.
 */
export function useUpdatePlatformSettings({
  onSaved,
  onFieldErrors,
}: {
  onSaved: (saved: PlatformSettings) => void;
  onFieldErrors: (fields: SettingsFieldErrors) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sudo = useSudo();
  const { t } = useLingui();
  const save = useMutation(
    trpc.superAdmin.settings.update.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.superAdmin.settings.get.queryKey(), saved);
        onSaved(saved);
        notify("success", t`Settings Saved`, t`The platform settings were updated.`);
        await queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() });
      },
      onError: (error, input) => {
        if (sudo.intercept(error, () => save.mutate(input))) return;
        const fields = fieldErrorsOf(error) as SettingsFieldErrors | null;
        if (fields) {
          onFieldErrors(fields);
          notify("error", t`Validation Error`, errorMessage(error, t`Please check the highlighted fields.`));
        } else {
          notify("error", t`Update Failed`, errorMessage(error, t`Failed to update settings`));
        }
      },
    }),
  );
  return save;
}
