import { t } from "@lingui/core/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { downloadText } from "../../lib/download.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** The roles with a "My Account" page (GD1). */
export type AccountRole = "parent" | "school_admin";

/** The account page's profile (name, e-mail, phone, school) from the person's own record. */
export function useMyProfile(role: AccountRole) {
  const trpc = useTRPC();
  const parent = useQuery(trpc.parent.account.profile.queryOptions(undefined, { enabled: role === "parent" }));
  const schoolAdmin = useQuery(
    trpc.schoolAdmin.account.profile.queryOptions(undefined, { enabled: role === "school_admin" }),
  );
  return role === "parent" ? parent : schoolAdmin;
}

/**
 * Edit Profile: saves the person's own contact details; the profile (and Enroll Now's prefill) read
 * the saved values. `onSaved` closes the dialog; a refusal stays in the dialog as `error`.
 */
export function useUpdateProfile(role: AccountRole, onSaved: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const callbacks = {
    onSuccess: async () => {
      onSaved();
      // Edit Profile's toast (the app's own: the spec has no account page).
      notify("success", t`Profile Updated`, t`Your contact details were saved.`);
      await queryClient.invalidateQueries(
        role === "parent" ? trpc.parent.account.profile.pathFilter() : trpc.schoolAdmin.account.profile.pathFilter(),
      );
    },
  };
  const parent = useMutation(trpc.parent.account.updateProfile.mutationOptions(callbacks));
  const schoolAdmin = useMutation(trpc.schoolAdmin.account.updateProfile.mutationOptions(callbacks));
  return role === "parent" ? parent : schoolAdmin;
}

/**
 * "Download my data": everything SchoolRide holds about the user, saved as a JSON file.
 * `onError` gets the message to show, or null when a download worked.
 */
export function useDownloadMyData(role: AccountRole, onError: (message: string | null) => void) {
  const trpc = useTRPC();
  const callbacks = {
    onSuccess: (data: unknown) => {
      onError(null);
      downloadText(
        `schoolride-my-data-${new Date().toISOString().slice(0, 10)}.json`,
        JSON.stringify(data, null, 2),
        "application/json",
      );
    },
    onError: (error: unknown) => onError(errorMessage(error, t`Your data could not be prepared. Please try again.`)),
  };
  const parent = useMutation(trpc.parent.account.exportData.mutationOptions(callbacks));
  const schoolAdmin = useMutation(trpc.schoolAdmin.account.exportData.mutationOptions(callbacks));
  return role === "parent" ? parent : schoolAdmin;
}

/**
 * "Delete my account" (the current password confirms it). Erased: `onDeleted` leaves the signed-in
 * area, then this user is forgotten and the toast says so.
 */
export function useDeleteMyAccount(role: AccountRole, onDeleted: () => Promise<void>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    await onDeleted();
    queryClient.clear();
    queryClient.setQueryData(trpc.auth.me.queryKey(), null);
    notify("success", t`Account deleted`, t`Your account and personal data have been deleted.`);
  };
  const parent = useMutation(trpc.parent.account.requestErasure.mutationOptions({ onSuccess }));
  const schoolAdmin = useMutation(trpc.schoolAdmin.account.requestErasure.mutationOptions({ onSuccess }));
  return role === "parent" ? parent : schoolAdmin;
}
