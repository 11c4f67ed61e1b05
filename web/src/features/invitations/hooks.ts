import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import type { RouterInputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * Resend and revoke, the same for the super admin (every invitation) and a school admin (its
 * parents'): the spec's toasts, and the list reloaded afterwards whether the call worked or not
 * (a failure is often a change made elsewhere: accepted, revoked or expired meanwhile).
 */
function invitationToasts(reload: () => Promise<void>) {
  return {
    resend: {
      onSuccess: ({ message }: { message: string }) => notify("success", "Invitation Resent", message),
      onError: (error: unknown) => notify("error", "Resend Failed", errorMessage(error, "Failed to resend invitation")),
      onSettled: reload,
    },
    revoke: {
      onSuccess: ({ message }: { message: string }) => notify("success", "Invitation Revoked", message || INVITATION_MESSAGES.revoked),
      onError: (error: unknown) => notify("error", "Revoke Failed", errorMessage(error, "Failed to revoke invitation")),
      onSettled: reload,
    },
  };
}

/** Every invitation on the platform, one page of a search (super admin). */
export function usePlatformInvitations(input: RouterInputs["superAdmin"]["invites"]["list"]) {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.invites.list.queryOptions(input, { placeholderData: keepPreviousData }));
}

/** The super admin's resend and revoke of any invitation. */
export function usePlatformInvitationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = invitationToasts(() => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() }));
  const resend = useMutation(trpc.superAdmin.resendInvite.mutationOptions(toasts.resend));
  const revoke = useMutation(trpc.superAdmin.revokeInvite.mutationOptions(toasts.revoke));
  return { resend, revoke };
}

/** The school's parent invitations, one page of a search (school admin). */
export function useParentInvitations(input: RouterInputs["schoolAdmin"]["parents"]["invitations"]) {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.parents.invitations.queryOptions(input, { placeholderData: keepPreviousData }));
}

/** A school admin's resend and revoke of its parents' invitations. */
export function useParentInvitationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = invitationToasts(() => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter()));
  const resend = useMutation(trpc.schoolAdmin.parents.resendInvite.mutationOptions(toasts.resend));
  const revoke = useMutation(trpc.schoolAdmin.parents.revokeInvite.mutationOptions(toasts.revoke));
  return { resend, revoke };
}
