import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { type InboxRole, unreadCountQuery } from "./queries.ts";

export type { InboxRole } from "./queries.ts";

/**
 * The bell's unread count, refreshed every minute while the page is open. Apart from the other
 * notification hooks so the shell, on every page, loads no mutation or toast code for it.
 */
export function useUnreadCount(role: InboxRole) {
  const trpc = useTRPC();
  return useQuery({ ...unreadCountQuery(trpc, role), refetchInterval: 60_000 });
}
