import { said } from "./said.ts";

/** Value lists shared by the schema, the server's validation and the browser's forms (pure data). */
export const SCHOOL_TYPES = ["primary", "secondary", "special_education", "private", "charter", "other"] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];

/** Trip statuses (default scheduled) and route types. */
export const TRIP_STATUSES = ["scheduled", "in-progress", "completed", "cancelled"] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
export const ROUTE_TYPES = ["pickup", "dropoff"] as const;
export type RouteType = (typeof ROUTE_TYPES)[number];
/**
 * A route's (and a trip's) direction in words: Trip Management, the Routes pages, the driver's runs
 * and the route sheet. Beside the values, not in route-texts.ts: the parent's trip labels need only these.
 */
export const ROUTE_DIRECTION_LABELS = {
  pickup: said(/*i18n*/ { id: "Pickup" }),
  dropoff: said(/*i18n*/ { id: "Dropoff" }),
} as const satisfies Record<RouteType, string>;

/** Notification types and categories. */
export const NOTIFICATION_TYPES = ["info", "success", "warning", "error"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_CATEGORIES = ["system", "trip", "payment", "attendance"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** Who a send to parents went to (the Sent tab): every parent, a route's, one parent, a trip's, a flight trip's, an invoice's. */
export const SEND_AUDIENCES = ["school", "route", "parent", "trip", "flight-trip", "invoice"] as const;
export type SendAudienceKind = (typeof SEND_AUDIENCES)[number];
