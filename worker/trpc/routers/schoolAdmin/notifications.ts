import { listSentNotificationsInput, sendNotificationInput } from "#shared/notifications.ts";
import { sendNotification } from "#worker/services/notifications/notifications.ts";
import { listSentNotifications } from "#worker/services/notifications/sent.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";
import { notificationsInbox } from "../_shared/notifications.ts";

/** schoolAdmin.notifications.*: the admin's inbox, Send Notification to the school's parents, and what was sent. */
export const notificationsRouter = router({
  ...notificationsInbox(schoolAdminProcedure),
  send: schoolAdminProcedure
    .input(sendNotificationInput)
    .mutation(({ ctx, input }) => sendNotification(ctx.scope, input)),
  listSent: schoolAdminProcedure
    .input(listSentNotificationsInput)
    .query(({ ctx, input }) => listSentNotifications(ctx.scope, input, ctx.locale)),
});
