import { plural, t } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { NOTIFICATION_MESSAGES } from "#shared/notification-texts.ts";
import type { RouterInputs, RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { useInvalidateInbox } from "./hooks.ts";

// The school admin's Sent tab and Send Notification, apart from the inbox's hooks (hooks.ts): they
// load with the tab and the dialog, not with the inbox or the dashboards.

export type SentNotificationsPage = RouterOutputs["schoolAdmin"]["notifications"]["listSent"];
export type SentNotification = SentNotificationsPage["rows"][number];

/** The school admin's Sent tab: one page of the school's sends, with their audience and read counts. */
export function useSentNotifications(input: RouterInputs["schoolAdmin"]["notifications"]["listSent"]) {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.notifications.listSent.queryOptions(input, { placeholderData: keepPreviousData }));
}

/** Send Notification (school admin). `onSent` closes the dialog. */
export function useSendNotification(onSent: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateInbox("schoolAdmin");
  return useMutation(
    trpc.schoolAdmin.notifications.send.mutationOptions({
      onSuccess: async ({ recipients }) => {
        onSent();
        notify(
          "success",
          NOTIFICATION_MESSAGES.sent.title,
          t`Sent to ${plural(recipients, { one: "# parent", other: "# parents" })}.`,
        );
        await invalidate();
      },
      onError: (error) =>
        notify(
          "error",
          NOTIFICATION_MESSAGES.sendFailed.title,
          errorMessage(error, NOTIFICATION_MESSAGES.sendFailed.description),
        ),
    }),
  );
}
