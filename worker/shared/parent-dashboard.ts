// No zod here: the parent's dashboard reads these without loading any form schema.
import type { TripStatus } from "./enums.ts";
import { said } from "./said.ts";

/** The parent's dashboard previews 3 notifications and the 2 most recent paid invoices. */
export const PARENT_DASHBOARD_PREVIEWS = { notifications: 3, recentPayments: 2 } as const;

/** Today's rides are read again this often while the tab is visible (never in the background). */
export const TODAYS_RIDES_REFRESH_MS = 30_000;

/** A trip's live status as a parent reads it (the school sets it on Trip Management). */
export const RIDE_STATUS_LABELS = {
  scheduled: said(/*i18n*/ { id: "Scheduled" }),
  "in-progress": said(/*i18n*/ { id: "Departed" }),
  completed: said(/*i18n*/ { id: "Arrived" }),
  cancelled: said(/*i18n*/ { id: "Cancelled" }),
} as const satisfies Record<TripStatus, string>;
export type RideStatusLabel = (typeof RIDE_STATUS_LABELS)[TripStatus];

/** The dashboard's texts (spec: "Parent dashboard"). */
export const PARENT_DASHBOARD_TEXTS = {
  heading: said(/*i18n*/ { id: "Parent Dashboard" }),
  addChildren: said(/*i18n*/ { id: "Add Children" }),
  noChildren: said(/*i18n*/ { id: "No children registered yet." }),
  recentNotifications: said(/*i18n*/ { id: "Recent Notifications" }),
  noNotifications: said(/*i18n*/ { id: "No notifications found" }),
  paymentInformation: said(/*i18n*/ { id: "Payment Information" }),
  upcomingPayment: said(/*i18n*/ { id: "Upcoming Payment" }),
  payNow: said(/*i18n*/ { id: "Pay Now" }),
  noPendingPayments: said(/*i18n*/ { id: "No pending payments" }),
  recentPayments: said(/*i18n*/ { id: "Recent Payments" }),
  noRecentPayments: said(/*i18n*/ { id: "No payments yet" }),
  todaysRides: said(/*i18n*/ { id: "Today's rides" }),
  noRidesToday: said(/*i18n*/ { id: "No rides on your children's routes today." }),
  noRoute: said(/*i18n*/ { id: "No stop assigned yet: today's rides appear once the school assigns one." }),
  notRidingToday: said(/*i18n*/ { id: "Not riding today." }),
} as const;
