/** Value lists shared by the schema, the server's validation and the browser's forms (pure data). */
export const SCHOOL_TYPES = ["primary", "secondary", "special_education", "private", "charter", "other"] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];

/** Trip statuses (default scheduled) and route types. */
export const TRIP_STATUSES = ["scheduled", "in-progress", "completed", "cancelled"] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
export const ROUTE_TYPES = ["pickup", "dropoff"] as const;
export type RouteType = (typeof ROUTE_TYPES)[number];

/** Notification types and categories. */
export const NOTIFICATION_TYPES = ["info", "success", "warning", "error"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_CATEGORIES = ["system", "trip", "payment", "attendance"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
/** Who a send to parents went to (the Sent tab): every parent, a route's, one parent, a trip's, a flight trip's, an invoice's. */
export const SEND_AUDIENCES = ["school", "route", "parent", "trip", "flight-trip", "invoice"] as const;
export type SendAudienceKind = (typeof SEND_AUDIENCES)[number];
