import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { pendingRegistrationsQuery } from "./queries.ts";

export { DASHBOARD_PENDING_APPROVALS } from "./queries.ts";

/** Paid registrations awaiting review, newest first, at most `limit` of them. */
export function usePendingRegistrations(limit: number) {
  const trpc = useTRPC();
  return useQuery(pendingRegistrationsQuery(trpc, limit));
}

/**
 * After every review, successful or not, the super admin's lists are reloaded (the review
 * list, the dashboard's card and its counts). A failure is a toast with the server's message.
 */
function useReloadAfterReview() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() });
}

/** Approves a registration: the school is created and its administrator's credentials e-mailed. */
export function useApproveRegistration() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const reload = useReloadAfterReview();
  return useMutation(
    trpc.superAdmin.registrations.approve.mutationOptions({
      onSuccess: (data) => {
        const name = data.school.name;
        notify(
          "success",
          t`School Approved`,
          t`${name} is approved. The administrator's login credentials were e-mailed.`,
        );
      },
      onError: (error) => notify("error", t`Approval Failed`, errorMessage(error)),
      onSettled: reload,
    }),
  );
}

/** Rejects a registration; the applicant is told by e-mail (with the reason, when one is given). */
export function useRejectRegistration() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const reload = useReloadAfterReview();
  return useMutation(
    trpc.superAdmin.registrations.reject.mutationOptions({
      onSuccess: () => notify("success", t`School Rejected`, t`The applicant has been told by e-mail.`),
      onError: (error) => notify("error", t`Rejection Failed`, errorMessage(error)),
      onSettled: reload,
    }),
  );
}

/* The applicant's side: the registration wizard at /get-started calls the server through
 * wizard-calls.ts (loaded when its form is used); the return from Checkout reads this. */

/**
 * Whether the Checkout session was paid (Stripe's webhook processed), read again every `pollMs`
 * until it is, or until no registration has that session at all.
 */
export function useCheckoutStatus(sessionId: string, pollMs: number) {
  const trpc = useTRPC();
  return useQuery(
    trpc.registration.checkoutStatus.queryOptions(
      { sessionId },
      {
        staleTime: 0,
        retry: false,
        refetchInterval: (query) => (query.state.data?.paid || query.state.data?.found === false ? false : pollMs),
        refetchIntervalInBackground: false,
      },
    ),
  );
}
