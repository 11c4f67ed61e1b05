import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";

/** Whose inbox: the school admin's or the parent's (the screen is shared, the procedures are per role). */
export type InboxRole = "schoolAdmin" | "parent";

/**
 * The bell's unread count, refreshed every minute while the page is open. Apart from the other
 * notification hooks so the shell, on every page, loads no mutation or toast code for it.
 */
export function useUnreadCount(role: InboxRole) {
  const trpc = useTRPC();
  const inbox = role === "parent" ? trpc.parent.notifications.unreadCount : trpc.schoolAdmin.notifications.unreadCount;
  return useQuery(inbox.queryOptions(undefined, { refetchInterval: 60_000 }));
}
