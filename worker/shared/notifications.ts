import { z } from "zod";
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES } from "./enums.ts";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Spec §8 toasts and confirmation, the empty state, and Send Notification's texts. */
export const NOTIFICATION_MESSAGES = {
  read: { title: "Notification Read", description: "Notification marked as read." },
  readFailed: { title: "Update Failed", description: "Failed to mark notification as read." },
  deleted: { title: "Notification Deleted", description: "Notification deleted successfully." },
  deleteFailed: { title: "Deletion Failed", description: "Failed to delete notification. Please try again." },
  confirmDelete: "Are you sure you want to delete this notification?",
  empty: "No notifications found",
  sent: { title: "Notification Sent" },
  sendFailed: { title: "Send Failed", description: "Failed to send notification. Please try again." },
  title: "Title is required",
  message: "Message is required",
  routeName: "Choose a route",
  parent: "Choose a parent",
  noRecipients: "No active parents match this audience.",
  notFound: "Notification not found",
} as const;

/** Spec: tabs All, Unread, System, Trip Updates, Payments, and Attendance (shown only when any exists). */
export const NOTIFICATION_TABS = ["all", "unread", ...NOTIFICATION_CATEGORIES] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const listNotificationsInput = z
  .object({
    tab: z.enum(NOTIFICATION_TABS).default("all"),
    search: z.string().trim().max(120).optional(),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const notificationIdInput = z.object({ notificationId: z.string().min(1).max(64) }).strict();

/** Who gets a notification: every active parent of the school, the parents on one route, or one parent. */
export const notificationAudienceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("school") }).strict(),
  z.object({ kind: z.literal("route"), routeName: z.string().trim().min(1, NOTIFICATION_MESSAGES.routeName).max(120) }).strict(),
  z.object({ kind: z.literal("parent"), parentId: z.string().trim().min(1, NOTIFICATION_MESSAGES.parent).max(64) }).strict(),
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
