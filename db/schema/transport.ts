import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  ROUTE_TYPES,
  SEND_AUDIENCES,
  TRIP_STATUSES,
} from "#shared/enums.ts";
import type { Locale } from "#shared/locales.ts";
import { bool, createdAt, id, instant, isoDate, ROLES, updatedAt } from "./columns.ts";
import { buses, routes } from "./routes.ts";
import { schools } from "./schools.ts";
import { drivers } from "./users.ts";

export { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES, ROUTE_TYPES, SEND_AUDIENCES, TRIP_STATUSES };

export const trips = sqliteTable(
  "trips",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    routeName: text("route_name").notNull(),
    routeType: text("route_type", { enum: ROUTE_TYPES }).notNull(),
    busNumber: text("bus_number").notNull(),
    driverName: text("driver_name").notNull(),
    /** The driver's account (ADR 0057): a run takes its route's; the driver's area lists the runs by it. */
    driverId: text("driver_id").references(() => drivers.id, { onDelete: "set null" }),
    departureTime: instant("departure_time").notNull(),
    arrivalTime: instant("arrival_time").notNull(),
    studentsCount: integer("students_count").notNull().default(0),
    stops: integer("stops").notNull().default(1),
    status: text("status", { enum: TRIP_STATUSES }).notNull().default("scheduled"),
    createdBy: text("created_by"),
    /** Random per write: the claim of a change that notifies parents (a double submit notifies once). */
    changeId: text("change_id"),
    /** A run generated from a route (ADR 0046): its route and service day. Both null: a trip made by hand. */
    routeId: text("route_id").references(() => routes.id, { onDelete: "set null" }),
    serviceDate: isoDate("service_date"),
    /** Live tracking (ADR 0055): when the driver started and ended the run (positions only in between). */
    startedAt: instant("started_at"),
    endedAt: instant("ended_at"),
    /** The newest accepted position's device time (the board's "updated 12 s ago"). */
    lastPositionAt: instant("last_position_at"),
    /** The delay observed so far along the route, in seconds (negative: early). */
    delaySeconds: integer("delay_seconds"),
    /** The bus the driver picked at the start when the route had none. */
    busId: text("bus_id").references(() => buses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("trips_school_departure_idx").on(t.schoolId, t.departureTime),
    /** A driver's runs of a day (the driver's area). */
    index("trips_driver_departure_idx").on(t.driverId, t.departureTime),
    check("trips_counts", sql`${t.studentsCount} >= 0 and ${t.stops} >= 1`),
    // One run per route and day: generation inserts or updates, never doubles (ADR 0046).
    uniqueIndex("trips_route_service_date_unique").on(t.routeId, t.serviceDate),
  ],
);

/**
 * One row per recipient (fan-out on send), so read state and deletion are per person.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    recipientRole: text("recipient_role", { enum: ROLES }).notNull(),
    recipientId: text("recipient_id").notNull(),
    /** Rows created by one send share a batch id. */
    batchId: text("batch_id"),
    senderId: text("sender_id"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull().default("info"),
    category: text("category", { enum: NOTIFICATION_CATEGORIES }).notNull().default("system"),
    read: bool("read").notNull().default(false),
    readAt: instant("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipientRole, t.recipientId, t.createdAt),
    index("notifications_school_idx").on(t.schoolId, t.createdAt),
  ],
);

/**
 * One send to parents (ADR 0040): the notification rows it wrote share its id as their `batch_id`.
 * What the school's Sent tab lists: who it went to as the send recorded it (`audience_ref` the
 * parent's, trip's, flight trip's or invoice's id; `audience_label` a route, trip, flight-trip title
 * or invoice number, never a person's name), how many it reached, and how many have read it
 * (`read_count`, kept by triggers on `notifications`).
 */
/** A send's texts in the languages other than English, by language. */
export type SendWords = {
  title?: Partial<Record<Exclude<Locale, "en">, string>>;
  label?: Partial<Record<Exclude<Locale, "en">, string>>;
};

export const notificationSends = sqliteTable(
  "notification_sends",
  {
    id: text("id").primaryKey(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** The admin who sent it; null for the app's own notices (overdue invoices, enrolment reminders). */
    senderId: text("sender_id"),
    title: text("title").notNull(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    category: text("category", { enum: NOTIFICATION_CATEGORIES }).notNull(),
    audienceKind: text("audience_kind", { enum: SEND_AUDIENCES }).notNull(),
    audienceRef: text("audience_ref"),
    audienceLabel: text("audience_label"),
    /**
     * A send the app words (ADR 0080): its title, and its audience label when the app composed it, in
     * the other languages (`{ title: { es: …, ar: … }, label: { … } }`), so the Sent tab shows each
     * admin theirs; `title` and `audience_label` keep the English (search, audit). Null: a school's own
     * words (Send Notification), shown as typed.
     */
    words: text("words", { mode: "json" }).$type<SendWords>(),
    recipients: integer("recipients").notNull(),
    readCount: integer("read_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("notification_sends_school_idx").on(t.schoolId, t.createdAt)],
);
