import { i18n, type MessageDescriptor } from "@lingui/core";
import { t } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

// What the guardians' changes share: the dialog's hooks (hooks.ts) and the accepting of an
// invitation on My Children (accept.ts), which the page loads without the dialog's code.

/** What a change of guardians changes: the child's list, and the family's children, rides and dashboard. */
export function useInvalidateGuardians() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.parent.guardians.pathFilter()),
      queryClient.invalidateQueries(trpc.parent.children.pathFilter()),
      queryClient.invalidateQueries(trpc.parent.rides.pathFilter()),
      queryClient.invalidateQueries(trpc.parent.overview.pathFilter()),
    ]);
}

/** A failed change's toast: its title, and the server's message or "Please try again.". */
export const failed = (title: MessageDescriptor) => (error: unknown) =>
  notify("error", i18n._(title), errorMessage(error, t`Please try again.`));
