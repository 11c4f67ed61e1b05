import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { INVOICE_MESSAGES } from "#shared/invoice-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { sessionQuery } from "../../lib/session.ts";
import { useSudo } from "../../lib/sudo.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { paymentSettingsQuery } from "./queries.ts";

export type PaymentSettings = RouterOutputs["schoolAdmin"]["paymentSettings"]["get"];

/** The school's fee rule and platform fee (banner, Payment Settings, the Create Invoice preview). */
export function usePaymentSettings() {
  const trpc = useTRPC();
  return useQuery(paymentSettingsQuery(trpc));
}

/** Payment Settings' Save: asks "Confirm it's you" first when the session is not in sudo mode. */
export function useSavePaymentSettings(onSaved: () => void) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sudo = useSudo();
  const save = useMutation(
    trpc.schoolAdmin.paymentSettings.update.mutationOptions({
      onSuccess: async () => {
        onSaved();
        notify("success", t`Payment Settings`, INVOICE_MESSAGES.settingsSaved);
        await queryClient.invalidateQueries(trpc.schoolAdmin.paymentSettings.pathFilter());
        // The currency rides in the session: every amount on screen follows a change.
        await queryClient.invalidateQueries(sessionQuery(trpc));
      },
      onError: (error, input) => {
        if (sudo.intercept(error, () => save.mutate(input))) return;
        notify("error", t`Payment Settings`, errorMessage(error, INVOICE_MESSAGES.settingsFailed));
      },
    }),
  );
  return save;
}
