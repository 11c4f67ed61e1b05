// No zod here: the parent's dashboard reads these without loading any form schema.
import type { TripStatus } from "./enums.ts";

/** The parent's dashboard previews 3 notifications and the 2 most recent paid invoices. */
export const PARENT_DASHBOARD_PREVIEWS = { notifications: 3, recentPayments: 2 } as const;

/** Today's rides are read again this often while the tab is visible (never in the background). */
export const TODAYS_RIDES_REFRESH_MS = 30_000;

/** A trip's live status as a parent reads it (the school sets it on Trip Management). */
export const RIDE_STATUS_LABELS = {
  scheduled: "Scheduled",
  "in-progress": "Departed",
  completed: "Arrived",
  cancelled: "Cancelled",
} as const satisfies Record<TripStatus, string>;
export type RideStatusLabel = (typeof RIDE_STATUS_LABELS)[TripStatus];

/** The dashboard's texts (spec: "Parent dashboard"). */
export const PARENT_DASHBOARD_TEXTS = {
  heading: "Parent Dashboard",
  addChildren: "Add Children",
  noChildren: "No children registered yet.",
  recentNotifications: "Recent Notifications",
  noNotifications: "No notifications found",
  paymentInformation: "Payment Information",
  upcomingPayment: "Upcoming Payment",
  payNow: "Pay Now",
  noPendingPayments: "No pending payments",
  recentPayments: "Recent Payments",
  noRecentPayments: "No payments yet",
  todaysRides: "Today's rides",
  noRidesToday: "No rides on your children's routes today.",
  noRoute: "No stop assigned yet: today's rides appear once the school assigns one.",
  notRidingToday: "Not riding today.",
} as const;
