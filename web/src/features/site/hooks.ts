import { useMutation, useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** What the public pages show of the platform settings (the support e-mail). */
export function useSiteInfo() {
  const trpc = useTRPC();
  return useQuery(trpc.site.info.queryOptions(undefined, { staleTime: 10 * 60_000 }));
}

/** Subscribes an e-mail address to the newsletter; `onSubscribed` runs after the success toast. */
export function useSubscribeNewsletter(onSubscribed: () => void) {
  const trpc = useTRPC();
  return useMutation(
    trpc.site.subscribeNewsletter.mutationOptions({
      onSuccess: () => {
        notify("success", "Subscribed", "Thanks! You're on the list.");
        onSubscribed();
      },
      onError: (error) => notify("error", "Subscription Failed", errorMessage(error)),
    }),
  );
}
