// No zod here: the shell's bell and the screens read these without loading any schema.
import { NOTIFICATION_CATEGORIES } from "./enums.ts";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Toasts and confirmation, the empty state, and Send Notification's texts. */
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

/** Tabs All, Unread, System, Trip Updates, Payments, and Attendance (shown only when any exists). */
export const NOTIFICATION_TABS = ["all", "unread", ...NOTIFICATION_CATEGORIES] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
