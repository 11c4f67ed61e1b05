import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATION_MESSAGES } from "#shared/notification-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type { InboxRole } from "./queries.ts";

import { type InboxListInput, type InboxRole, inboxListQuery, inboxOf } from "./queries.ts";
export type NotificationsPage = RouterOutputs["schoolAdmin"]["notifications"]["list"];
export type NotificationItem = NotificationsPage["rows"][number];

function useInbox(role: InboxRole) {
  return inboxOf(useTRPC(), role);
}

/** One page of the person's notifications, with every tab's count. */
export function useNotifications(role: InboxRole, input: InboxListInput) {
  const trpc = useTRPC();
  return useQuery({ ...inboxListQuery(trpc, role, input), placeholderData: keepPreviousData });
}

export function useInvalidateInbox(role: InboxRole) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries(role === "parent" ? trpc.parent.pathFilter() : trpc.schoolAdmin.pathFilter());
}

/** Mark as read, with the spec's toasts. */
export function useMarkNotificationRead(role: InboxRole) {
  const inbox = useInbox(role);
  const invalidate = useInvalidateInbox(role);
  return useMutation(
    inbox.markRead.mutationOptions({
      onSuccess: async () => {
        notify("success", NOTIFICATION_MESSAGES.read.title, NOTIFICATION_MESSAGES.read.description);
        await invalidate();
      },
      onError: () =>
        notify("error", NOTIFICATION_MESSAGES.readFailed.title, NOTIFICATION_MESSAGES.readFailed.description),
    }),
  );
}

/** Delete (after the spec's confirmation), with the spec's toasts. `onDone` closes the confirmation. */
export function useDeleteNotification(role: InboxRole, onDone: () => void) {
  const inbox = useInbox(role);
  const invalidate = useInvalidateInbox(role);
  return useMutation(
    inbox.delete.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", NOTIFICATION_MESSAGES.deleted.title, NOTIFICATION_MESSAGES.deleted.description);
        await invalidate();
      },
      onError: () => {
        onDone();
        notify("error", NOTIFICATION_MESSAGES.deleteFailed.title, NOTIFICATION_MESSAGES.deleteFailed.description);
      },
    }),
  );
}
