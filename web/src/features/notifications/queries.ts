import type { RouterInputs } from "../../lib/api-types.ts";
import type { Trpc } from "../../lib/trpc.ts";

/*
 * The inbox's queries. One source for the hooks and the routes' prefetches
 * (web/src/routes/prefetch-queries.ts): the same options are the same cache key.
 */

/** Whose inbox: the school admin's or the parent's (the screen is shared, the procedures are per role). */
export type InboxRole = "schoolAdmin" | "parent";
export type InboxListInput = RouterInputs["schoolAdmin"]["notifications"]["list"];

/** The inbox as the page opens from the menu (no filters in the URL). */
export const INBOX_OPENING_INPUT = { tab: "all", page: 1 } as const satisfies InboxListInput;

/** The role's inbox procedures; both routers have the same ones (worker/trpc/routers/_shared/notifications.ts). */
export const inboxOf = (trpc: Trpc, role: InboxRole) =>
  role === "parent"
    ? (trpc.parent.notifications as unknown as typeof trpc.schoolAdmin.notifications)
    : trpc.schoolAdmin.notifications;

export const inboxListQuery = (trpc: Trpc, role: InboxRole, input: InboxListInput) =>
  inboxOf(trpc, role).list.queryOptions(input);
export const unreadCountQuery = (trpc: Trpc, role: InboxRole) => inboxOf(trpc, role).unreadCount.queryOptions();
