import { msg, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { GUARDIAN_MESSAGES } from "#shared/guardians-constants.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { resendToasts } from "../invitations/hooks.ts";
import { failed, useInvalidateGuardians } from "./invalidate.ts";

export type ChildGuardians = RouterOutputs["parent"]["guardians"]["list"];

/** A child's guardians and open invitations (ADR 0053), while `enabled` (the dialog is open). */
export function useChildGuardians(childId: string, enabled = true) {
  const trpc = useTRPC();
  return useQuery(trpc.parent.guardians.list.queryOptions({ childId }, { enabled }));
}

/** Invite a guardian by e-mail; `onSent` resets the form. */
export function useInviteGuardian(onSent: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateGuardians();
  return useMutation(
    trpc.parent.guardians.invite.mutationOptions({
      onSuccess: async (data) => {
        onSent();
        notify("success", t`Invitation sent`, data.message);
        await invalidate();
      },
      onError: failed(msg`Invitation not sent`),
    }),
  );
}

/** Remove a guardian, or leave (the parent's own id). */
export function useRemoveGuardian(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateGuardians();
  return useMutation(
    trpc.parent.guardians.remove.mutationOptions({
      onSuccess: async (data) => {
        onDone();
        notify("success", data.message);
        await invalidate();
      },
      onError: failed(msg`Guardian not removed`),
    }),
  );
}

/** Withdraw an open invitation. */
export function useRevokeGuardianInvitation() {
  const trpc = useTRPC();
  const invalidate = useInvalidateGuardians();
  return useMutation(
    trpc.parent.guardians.revoke.mutationOptions({
      onSuccess: async () => {
        notify("success", GUARDIAN_MESSAGES.revoked);
        await invalidate();
      },
      onError: failed(msg`Invitation not withdrawn`),
    }),
  );
}

/** Send an open invitation again (a new link), with the admin's resend toasts; the list reloads either way. */
export function useResendGuardianInvitation() {
  const trpc = useTRPC();
  const invalidate = useInvalidateGuardians();
  return useMutation(trpc.parent.guardians.resend.mutationOptions(resendToasts(invalidate)));
}
