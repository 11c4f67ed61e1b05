import { listNotificationsInput, notificationIdInput } from "#shared/notifications.ts";
import {
  deleteNotification,
  listNotifications,
  markNotificationRead,
  unreadNotificationCount,
} from "#worker/services/notifications/notifications.ts";
import type { parentProcedure, schoolAdminProcedure } from "#worker/trpc/init.ts";

/**
 * The shared Notifications screen's reads and per-person changes (`<role>.notifications.*`): a
 * person sees, reads and deletes only their own copies.
 */
export function notificationsInbox(procedure: typeof schoolAdminProcedure | typeof parentProcedure) {
  return {
    list: procedure.input(listNotificationsInput).query(({ ctx, input }) => listNotifications(ctx.scope, input)),
    unreadCount: procedure.query(({ ctx }) => unreadNotificationCount(ctx.scope)),
    markRead: procedure.input(notificationIdInput).mutation(({ ctx, input }) => markNotificationRead(ctx.scope, input)),
    delete: procedure.input(notificationIdInput).mutation(({ ctx, input }) => deleteNotification(ctx.scope, input)),
  };
}
