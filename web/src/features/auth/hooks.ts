import { t } from "@lingui/core/macro";
import { hashKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import type { SessionUser } from "../../lib/session.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** What a form shows when its call fails: the server's message, or the generic one. */
type OnFailure = (message: string) => void;

/** A new user is signed in: nothing cached for anyone before stays, and the session is known at once. */
function useStartSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.clear();
    queryClient.setQueryData(trpc.auth.me.queryKey(), user);
  };
}

/** Sign-in step 2: a code from the authenticator app, or a recovery code. */
export function useVerifyMfa({
  onSignedIn,
  onFailure,
}: {
  onSignedIn: (user: SessionUser) => Promise<void>;
  onFailure: OnFailure;
}) {
  const trpc = useTRPC();
  const startSession = useStartSession();
  return useMutation(
    trpc.auth.verifyMfa.mutationOptions({
      onSuccess: async ({ user }) => {
        startSession(user);
        await onSignedIn(user);
      },
      onError: (error) => onFailure(errorMessage(error)),
    }),
  );
}

/** SE6: "Confirm it's you" (the password, and a code where two-factor is on) before a sensitive action. */
export function useConfirmIdentity({ onConfirmed, onFailure }: { onConfirmed: () => void; onFailure: OnFailure }) {
  const trpc = useTRPC();
  return useMutation(
    trpc.auth.confirmIdentity.mutationOptions({
      onSuccess: onConfirmed,
      onError: (error) => onFailure(errorMessage(error)),
    }),
  );
}

/** The reset link is checked on load, so a used or expired one says so before the form is filled in. */
export function useResetLinkCheck(token: string) {
  const trpc = useTRPC();
  const check = useMutation(trpc.auth.checkResetToken.mutationOptions());
  const { mutate } = check;
  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);
  return check;
}

/** Sets a new password through the e-mailed link. */
export function useResetPassword({
  onReset,
  onFailure,
}: {
  onReset: (result: RouterOutputs["auth"]["resetPassword"]) => void;
  onFailure: OnFailure;
}) {
  const trpc = useTRPC();
  return useMutation(
    trpc.auth.resetPassword.mutationOptions({ onSuccess: onReset, onError: (error) => onFailure(errorMessage(error)) }),
  );
}

/** Changes the signed-in user's password (other devices are signed out); `onChanged` gets the user's home. */
export function useChangePassword({
  onChanged,
  onFailure,
}: {
  onChanged: (home: string) => Promise<void>;
  onFailure: OnFailure;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: async ({ user, home }) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        notify("success", t`Password Updated`, t`Your password has been changed. Other devices have been signed out.`);
        await onChanged(home);
      },
      onError: (error) => onFailure(errorMessage(error)),
    }),
  );
}

/** The invitation behind an e-mailed link (only while `enabled`: once accepted, the token is spent). */
export function useInvitation(token: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.auth.invitation.queryOptions({ token }, { enabled, retry: false, staleTime: Infinity }));
}

/** Creates the invited user's account and signs them in; `onAccepted` gets their home (and the new user). */
export function useAcceptInvitation(
  invitation: { token: string; schoolName: string },
  { onAccepted, onFailure }: { onAccepted: (home: string, user: SessionUser) => void; onFailure: OnFailure },
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.acceptInvitation.mutationOptions({
      onSuccess: (data) => {
        // A new user is signed in: drop whatever this browser cached for anyone before, except
        // the invitation shown behind the success message.
        const keep = hashKey(trpc.auth.invitation.queryKey({ token: invitation.token }));
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== keep });
        queryClient.setQueryData(trpc.auth.me.queryKey(), data.user);
        const { schoolName } = invitation;
        const { name } = data.user;
        notify("success", t`Account Created`, t`Welcome to ${schoolName}, ${name}.`);
        onAccepted(data.home, data.user);
      },
      onError: (error) => onFailure(errorMessage(error)),
    }),
  );
}
