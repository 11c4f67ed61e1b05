import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../lib/errors.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { twoFactorStatusQuery } from "./queries.ts";

/** The super admin's two-factor authentication: on or off, required or not, recovery codes left. */
export function useTwoFactorStatus() {
  const trpc = useTRPC();
  return useQuery(twoFactorStatusQuery(trpc));
}

/** Reads the two-factor status again (after a change). */
export function useReloadTwoFactorStatus() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.security.status.queryKey() });
}

/** Enrolment, step 1: a new secret (QR code and setup key). */
export function useBeginTwoFactorEnrollment(onFailure: (message: string) => void) {
  const trpc = useTRPC();
  return useMutation(
    trpc.superAdmin.security.beginEnrollment.mutationOptions({ onError: (error) => onFailure(errorMessage(error)) }),
  );
}

/** Enrolment, step 2: the first code turns two-factor on; the answer holds the recovery codes. */
export function useConfirmTwoFactorEnrollment(onFailure: (message: string) => void) {
  const trpc = useTRPC();
  return useMutation(
    trpc.superAdmin.security.confirmEnrollment.mutationOptions({ onError: (error) => onFailure(errorMessage(error)) }),
  );
}

/** Ten new recovery codes (the old ones stop working); SE6: after "Confirm it's you" when due. */
export function useRegenerateRecoveryCodes() {
  const trpc = useTRPC();
  const reload = useReloadTwoFactorStatus();
  const sudo = useSudo();
  const { t } = useLingui();
  const regenerate = useMutation(
    trpc.superAdmin.security.regenerateRecoveryCodes.mutationOptions({
      onSuccess: () => void reload(),
      onError: (error) => {
        if (!sudo.intercept(error, () => regenerate.mutate())) notify("error", t`Recovery Codes`, errorMessage(error));
      },
    }),
  );
  return regenerate;
}

/**
 * Turns two-factor off. `onDone` runs first, whatever the outcome (the confirmation closes). SE6:
 * without a recent re-authentication, "Confirm it's you" opens first.
 */
export function useTurnOffTwoFactor(onDone: () => void) {
  const trpc = useTRPC();
  const reload = useReloadTwoFactorStatus();
  const sudo = useSudo();
  const { t } = useLingui();
  const disable = useMutation(
    trpc.superAdmin.security.disable.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", t`Two-Factor Authentication`, t`Two-factor authentication is off.`);
        await reload();
      },
      onError: (error) => {
        onDone();
        if (!sudo.intercept(error, () => disable.mutate()))
          notify("error", t`Two-Factor Authentication`, errorMessage(error));
      },
    }),
  );
  return disable;
}

/** Enrolment finished (the recovery codes saved): the spec's toast, and the status read again. */
export function useTwoFactorTurnedOn() {
  const reload = useReloadTwoFactorStatus();
  const { t } = useLingui();
  return () => {
    notify("success", t`Two-Factor Authentication`, t`Two-factor authentication is on.`);
    void reload();
  };
}
