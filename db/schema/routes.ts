import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ROUTE_TYPES } from "#shared/enums.ts";
import { createdAt, id, isoDate, updatedAt } from "./columns.ts";
import { children } from "./family.ts";
import { schools } from "./schools.ts";
import { drivers } from "./users.ts";

/**
 * Routes, stops and riders (ADR 0046). Weekdays are a bit set, bit `d` for weekday `d` (0 = Sunday):
 * Monday to Friday is 62. Calendar days are `YYYY-MM-DD` and stop times minutes after midnight, both
 * in the school's zone. A route's runs are rows of `trips` (`route_id`, `service_date`).
 */

/** A school's bus: its number, how many seats (the bound on the riders of a run) and plate. */
export const buses = sqliteTable(
  "buses",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    seats: integer("seats").notNull(),
    plate: text("plate"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("buses_school_number_unique").on(t.schoolId, t.number),
    check("buses_seats", sql`${t.seats} between 1 and 200`),
  ],
);

export const routes = sqliteTable(
  "routes",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    direction: text("direction", { enum: ROUTE_TYPES }).notNull(),
    /** `#rrggbb`, the route's line on the map. */
    colour: text("colour").notNull(),
    busId: text("bus_id").references(() => buses.id, { onDelete: "set null" }),
    /** The driver's account (ADR 0057); `driver_name` follows its name while one is assigned. */
    driverId: text("driver_id").references(() => drivers.id, { onDelete: "set null" }),
    driverName: text("driver_name").notNull(),
    activeFrom: isoDate("active_from").notNull(),
    /** Null: no end. */
    activeTo: isoDate("active_to"),
    /** The weekdays it runs (bit set, see above). */
    weekdays: integer("weekdays").notNull().default(62),
    /** Bumped by every change of the stops: an edit made on a stale list is refused (one writer wins). */
    stopsVersion: integer("stops_version").notNull().default(0),
    /** Random per stops edit: the claim the rest of that edit's batch is guarded by. */
    stopsClaim: text("stops_claim"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("routes_school_name_idx").on(t.schoolId, t.name, t.id),
    index("routes_bus_idx").on(t.busId),
    index("routes_driver_idx").on(t.driverId),
    check("routes_weekdays", sql`${t.weekdays} between 0 and 127`),
    check("routes_active", sql`${t.activeTo} is null or ${t.activeTo} >= ${t.activeFrom}`),
  ],
);

/** A route's stops, in order: `position` is 0..n-1 with no gap (every edit rewrites it in one batch). */
export const routeStops = sqliteTable(
  "route_stops",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    routeId: text("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** Scheduled time at the stop: minutes after midnight, the school's zone. */
    scheduledMinutes: integer("scheduled_minutes").notNull(),
    /** Distance along the route from its first stop, in metres. */
    distanceMeters: integer("distance_meters").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("route_stops_route_position_unique").on(t.routeId, t.position),
    check("route_stops_minutes", sql`${t.scheduledMinutes} between 0 and 1439`),
    check("route_stops_location", sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
  ],
);

/** The school's days without service (holidays, closures): no run is generated on them. */
export const noServiceDays = sqliteTable(
  "no_service_days",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    date: isoDate("date").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("no_service_days_school_date_unique").on(t.schoolId, t.date)],
);

/**
 * A child's place on a route: one stop, on chosen weekdays, from/to dates. One pickup and one
 * drop-off assignment per child (`direction` is the route's, kept for the unique key).
 */
export const riders = sqliteTable(
  "riders",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    routeId: text("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    stopId: text("stop_id")
      .notNull()
      .references(() => routeStops.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: ROUTE_TYPES }).notNull(),
    weekdays: integer("weekdays").notNull(),
    fromDate: isoDate("from_date").notNull(),
    /** Null: no end. */
    toDate: isoDate("to_date"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("riders_child_direction_unique").on(t.childId, t.direction),
    index("riders_route_idx").on(t.routeId, t.weekdays),
    index("riders_stop_idx").on(t.stopId),
    check("riders_weekdays", sql`${t.weekdays} between 1 and 127`),
    check("riders_dates", sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
  ],
);

/** A parent's "not riding" for one day (a range is a row per day): the child is not counted on that day's runs. */
export const notRiding = sqliteTable(
  "not_riding",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    date: isoDate("date").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("not_riding_child_date_unique").on(t.childId, t.date)],
);

/**
 * A school's transport settings (one row per school, absent until first saved: the defaults apply).
 * `ride_cutoff_minutes`: "not riding" closes this long before the child's scheduled stop time.
 */
export const transportSettings = sqliteTable(
  "transport_settings",
  {
    schoolId: text("school_id")
      .primaryKey()
      .references(() => schools.id, { onDelete: "cascade" }),
    rideCutoffMinutes: integer("ride_cutoff_minutes").notNull().default(60),
    /** A run is on time when it reached its last stop at most this many minutes after it was due (reports, dashboard). */
    onTimeMinutes: integer("on_time_minutes").notNull().default(5),
    updatedBy: text("updated_by"),
    updatedAt: updatedAt(),
  },
  (t) => [check("transport_settings_cutoff", sql`${t.rideCutoffMinutes} between 0 and 1440`)],
);
