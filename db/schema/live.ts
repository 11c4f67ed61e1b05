import { sql } from "drizzle-orm";
import { check, index, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ATTENDANCE_PHASES, ATTENDANCE_STATUSES, VISIT_SOURCES } from "#shared/live-constants.ts";
import { createdAt, id, instant } from "./columns.ts";
import { children } from "./family.ts";
import { routeStops } from "./routes.ts";
import { schools } from "./schools.ts";
import { trips } from "./transport.ts";

/**
 * Live tracking (ADR 0055): what a driver's phone sends during an open run (a `trips` row of a
 * route, ADR 0046). Every row the phone causes carries its `client_id`, unique per run, so a replayed
 * batch changes nothing. Positions are kept 30 days (the hourly sweep, by `received_at`).
 */

/** One position of the bus, as the phone measured it (`device_at`) and as the server got it (`received_at`). */
export const runPositions = sqliteTable(
  "run_positions",
  {
    id: id(),
    runId: text("run_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** The driver who sent it (a user id; no foreign key: the position outlives nothing but its 30 days). */
    driverId: text("driver_id").notNull(),
    clientId: text("client_id").notNull(),
    deviceAt: instant("device_at").notNull(),
    receivedAt: instant("received_at").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** Metres (the phone's 68 % radius). */
    accuracy: real("accuracy").notNull(),
    /** Metres per second, as the phone reports it (null: not reported). */
    speed: real("speed"),
    /** Degrees from north (null: not reported or standing still). */
    heading: real("heading"),
  },
  (t) => [
    uniqueIndex("run_positions_run_client_unique").on(t.runId, t.clientId),
    index("run_positions_run_device_idx").on(t.runId, t.deviceAt),
    // The purge by age (hourly sweep, LO3).
    index("run_positions_received_idx").on(t.receivedAt),
    check("run_positions_location", sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
  ],
);

/** The bus at a stop of its run: when it arrived and left, and whether a position or a tap told. */
export const runStopVisits = sqliteTable(
  "run_stop_visits",
  {
    runId: text("run_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    stopId: text("stop_id")
      .notNull()
      .references(() => routeStops.id, { onDelete: "cascade" }),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    arrivedAt: instant("arrived_at").notNull(),
    departedAt: instant("departed_at"),
    source: text("source", { enum: VISIT_SOURCES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stopId] })],
);

/**
 * A child's events on a run, one row per run, child and phase: the boarding (boarded or absent, on a
 * pickup) and the drop (dropped: the driver's tap on a drop-off, the school's arrival on a pickup),
 * each with when and where. A later tap of the same phase (by the phone's clock) replaces an earlier
 * one (absent, then boarded: one boarding); a replay (same `client_id`, or an older tap) changes
 * nothing; a drop never replaces the boarding. A boarding corrected to Absent takes the drop away (ADR 0073).
 */
export const attendance = sqliteTable(
  "attendance",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    runId: text("run_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    stopId: text("stop_id").references(() => routeStops.id, { onDelete: "set null" }),
    status: text("status", { enum: ATTENDANCE_STATUSES }).notNull(),
    /** Derived from `status` (a virtual generated column): "drop" for dropped, "board" for boarded and absent. */
    phase: text("phase", { enum: ATTENDANCE_PHASES }).generatedAlwaysAs(
      sql`case when status = 'dropped' then 'drop' else 'board' end`,
      { mode: "virtual" },
    ),
    /** When the driver tapped (the phone's clock, checked against the server's). */
    at: instant("at").notNull(),
    latitude: real("latitude"),
    longitude: real("longitude"),
    clientId: text("client_id").notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attendance_run_child_phase_unique").on(t.runId, t.childId, t.phase),
    index("attendance_child_idx").on(t.childId, t.at),
  ],
);

/**
 * Every notice a run sent, under its unique key (`<run>:departed`, `<run>:approach:<stop>:<parent>`,
 * `<run>:late`, `<run>:boarded:<child>`…): the notice's rows are written only in the batch that
 * inserted its key, so a replay, a second ingest or a restarted hub never tells anyone twice.
 */
export const liveNotices = sqliteTable(
  "live_notices",
  {
    key: text("key").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** The send's batch id: the guard of its notification rows, and their `batch_id` (the inbox links them to the run). */
    batchId: text("batch_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("live_notices_run_idx").on(t.runId),
    // The inbox's link from a notice to its run: the notice's rows carry this batch id.
    uniqueIndex("live_notices_batch_unique").on(t.batchId),
  ],
);
