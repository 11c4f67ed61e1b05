// No zod here: the shell's bell and the screens read these without loading any schema.
import { NOTIFICATION_CATEGORIES } from "./enums.ts";
import { said } from "./said.ts";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Toasts and confirmation, the empty state, and Send Notification's texts. */
export const NOTIFICATION_MESSAGES = {
  read: {
    title: said(/*i18n*/ { id: "Notification Read" }),
    description: said(/*i18n*/ { id: "Notification marked as read." }),
  },
  readFailed: {
    title: said(/*i18n*/ { id: "Update Failed" }),
    description: said(/*i18n*/ { id: "Failed to mark notification as read." }),
  },
  deleted: {
    title: said(/*i18n*/ { id: "Notification Deleted" }),
    description: said(/*i18n*/ { id: "Notification deleted successfully." }),
  },
  deleteFailed: {
    title: said(/*i18n*/ { id: "Deletion Failed" }),
    description: said(/*i18n*/ { id: "Failed to delete notification. Please try again." }),
  },
  confirmDelete: said(/*i18n*/ { id: "Are you sure you want to delete this notification?" }),
  empty: said(/*i18n*/ { id: "No notifications found" }),
  sent: { title: said(/*i18n*/ { id: "Notification Sent" }) },
  sendFailed: {
    title: said(/*i18n*/ { id: "Send Failed" }),
    description: said(/*i18n*/ { id: "Failed to send notification. Please try again." }),
  },
  title: said(/*i18n*/ { id: "Title is required" }),
  message: said(/*i18n*/ { id: "Message is required" }),
  routeName: said(/*i18n*/ { id: "Choose a route" }),
  parent: said(/*i18n*/ { id: "Choose a parent" }),
  noRecipients: said(/*i18n*/ { id: "No active parents match this audience." }),
  notFound: said(/*i18n*/ { id: "Notification not found" }),
} as const;

/** Tabs All, Unread, System, Trip Updates, Payments, and Attendance (shown only when any exists). */
export const NOTIFICATION_TABS = ["all", "unread", ...NOTIFICATION_CATEGORIES] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
