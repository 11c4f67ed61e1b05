import { sendNotificationInput } from "#shared/notifications.ts";
import { sendNotification } from "../../../services/notifications/notifications.ts";
import { router, schoolAdminProcedure } from "../../init.ts";
import { notificationsInbox } from "../_shared/notifications.ts";

/** schoolAdmin.notifications.*: the admin's inbox, and Send Notification to the school's parents. */
export const notificationsRouter = router({
  ...notificationsInbox(schoolAdminProcedure),
  send: schoolAdminProcedure.input(sendNotificationInput).mutation(({ ctx, input }) => sendNotification(ctx.scope, input)),
});
