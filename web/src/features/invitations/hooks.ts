import { t } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { INVITATION_MESSAGES } from "#shared/invitations-constants.ts";
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
    resend: resendToasts(reload),
    revoke: {
      onSuccess: ({ message }: { message: string }) =>
        notify("success", t`Invitation Revoked`, message || INVITATION_MESSAGES.revoked),
      onError: (error: unknown) =>
        notify("error", t`Revoke Failed`, errorMessage(error, t`Failed to revoke invitation`)),
      onSettled: reload,
    },
  };
}

/** The spec's resend toasts, for every resend of an invitation (a parent's of a guardian invitation too). */
export function resendToasts(reload: () => Promise<unknown>) {
  return {
    onSuccess: ({ message }: { message: string }) => notify("success", t`Invitation Resent`, message),
    onError: (error: unknown) => notify("error", t`Resend Failed`, errorMessage(error, t`Failed to resend invitation`)),
    onSettled: reload,
  };
}

/** Sending a new invitation: the spec's toasts; the lists reload in the background. */
export function sendToasts(reload: () => Promise<void>) {
  return {
    onSuccess: ({ email }: { email: string }) => {
      notify("success", t`Invitation Sent`, t`Invitation sent to ${email}`);
      void reload();
    },
    onError: (error: unknown) => notify("error", t`Invitation Failed`, errorMessage(error)),
  };
}

/** Every invitation on the platform, one page of a search (super admin). */
export function usePlatformInvitations(input: RouterInputs["superAdmin"]["invitations"]["list"]) {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.invitations.list.queryOptions(input, { placeholderData: keepPreviousData }));
}

/** The super admin's resend and revoke of any invitation. */
export function usePlatformInvitationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = invitationToasts(() => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() }));
  const resend = useMutation(trpc.superAdmin.invitations.resend.mutationOptions(toasts.resend));
  const revoke = useMutation(trpc.superAdmin.invitations.revoke.mutationOptions(toasts.revoke));
  return { resend, revoke };
}

/** The super admin invites a school's administrator. */
export function useCreateSchoolAdminInvitation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.superAdmin.invitations.create.mutationOptions(
      sendToasts(() => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() })),
    ),
  );
}

/** The schools a school admin can be invited to, found by name (only while `enabled`). */
export function useInvitableSchools(search: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.superAdmin.schools.options.queryOptions({ search: search || undefined }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The e-mails sent for one invitation (only while one is picked). */
export function useInvitationEmailLogs(inviteId: string | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.superAdmin.invitations.emailLogs.queryOptions({ inviteId: inviteId ?? "" }),
    enabled: inviteId !== null,
  });
}

/** A school admin invites a parent to the school. */
export function useCreateParentInvitation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.invitations.create.mutationOptions(
      sendToasts(() => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter())),
    ),
  );
}

/** The school's parent invitations, one page of a search (school admin). */
export function useParentInvitations(input: RouterInputs["schoolAdmin"]["invitations"]["list"]) {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.invitations.list.queryOptions(input, { placeholderData: keepPreviousData }));
}

/** A school admin's resend and revoke of its parents' invitations. */
export function useParentInvitationActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = invitationToasts(() => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter()));
  const resend = useMutation(trpc.schoolAdmin.invitations.resend.mutationOptions(toasts.resend));
  const revoke = useMutation(trpc.schoolAdmin.invitations.revoke.mutationOptions(toasts.revoke));
  return { resend, revoke };
}
