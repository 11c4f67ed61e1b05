import { z } from "zod";
import "./fields.ts";
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES } from "./enums.ts";
import { NOTIFICATION_MESSAGES, NOTIFICATION_TABS } from "./notification-texts.ts";
import { searchField } from "./search.ts";

export * from "./notification-texts.ts";

export const listNotificationsInput = z
  .object({
    tab: z.enum(NOTIFICATION_TABS).default("all"),
    search: searchField(),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();

/** The school admin's Sent tab: one page of the school's sends to parents, newest first, searched by title or audience. */
export const listSentNotificationsInput = z
  .object({
    search: searchField(),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const notificationIdInput = z.object({ notificationId: z.string().min(1).max(64) }).strict();

/** Who gets a notification: every active parent of the school, the parents on one route, or one parent. */
export const notificationAudienceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("school") }).strict(),
  z
    .object({ kind: z.literal("route"), routeName: z.string().trim().min(1, NOTIFICATION_MESSAGES.routeName).max(120) })
    .strict(),
  z
    .object({ kind: z.literal("parent"), parentId: z.string().trim().min(1, NOTIFICATION_MESSAGES.parent).max(64) })
    .strict(),
]);
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

export const sendNotificationInput = z
  .object({
    title: z.string().trim().min(1, NOTIFICATION_MESSAGES.title).max(120),
    message: z.string().trim().min(1, NOTIFICATION_MESSAGES.message).max(2000),
    type: z.enum(NOTIFICATION_TYPES),
    category: z.enum(NOTIFICATION_CATEGORIES),
    audience: notificationAudienceSchema,
    /** Also send each recipient an e-mail copy. */
    email: z.boolean(),
  })
  .strict();
export type SendNotificationForm = z.input<typeof sendNotificationInput>;
