import { msg } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { failed, useInvalidateGuardians } from "./invalidate.ts";

/** Accept a guardian invitation while signed in (the link of the e-mail to an address with an account). */
export function useAcceptGuardianInvitation(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateGuardians();
  return useMutation(
    trpc.parent.guardians.accept.mutationOptions({
      onSuccess: async (data) => {
        onDone();
        notify("success", data.message);
        await invalidate();
      },
      onError: failed(msg`Invitation not accepted`),
    }),
  );
}
