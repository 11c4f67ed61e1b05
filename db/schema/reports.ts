import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { instant, isoDate } from "./columns.ts";
import { schools } from "./schools.ts";
import { trips } from "./transport.ts";

/**
 * The reports' rollups (ADR 0071): one row per closed run (completed or cancelled) of a route, its
 * stops' counts, and its absences, all derived from `trips`, `run_stop_visits` and `attendance` by
 * the trigger `report_dirty_runs_refresh` (db/README.md). No service writes them; the reports read
 * only these (a year of a school is ~10,800 runs against ~1 million attendance rows).
 */

/** A closed run as the reports count it. */
export const reportRuns = sqliteTable(
  "report_runs",
  {
    runId: text("run_id")
      .primaryKey()
      .references(() => trips.id, { onDelete: "cascade" }),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** The route (no foreign key: a deleted route's runs keep their history under its name). */
    routeId: text("route_id").notNull(),
    routeName: text("route_name").notNull(),
    /** The school-local service day of the run. */
    serviceDate: isoDate("service_date").notNull(),
    status: text("status", { enum: ["completed", "cancelled"] }).notNull(),
    /** The bus (the run's, else its route's; null: none known) and its seats then. */
    busId: text("bus_id"),
    busNumber: text("bus_number").notNull(),
    seats: integer("seats"),
    /** When the last stop was due (the run's arrival time) and when the bus reached it (null: never recorded). */
    dueAt: instant("due_at").notNull(),
    reachedAt: instant("reached_at"),
    /** reachedAt − dueAt in seconds (negative: early; null: the last stop was never reached). */
    lateSeconds: integer("late_seconds"),
    /** Children who rode (a boarding or a drop tap), once each: the seats used. */
    riders: integer("riders").notNull(),
    /** Taps by status: boarded, absent, dropped. */
    boarded: integer("boarded").notNull(),
    absent: integer("absent").notNull(),
    dropped: integer("dropped").notNull(),
  },
  (t) => [
    index("report_runs_school_date_idx").on(t.schoolId, t.serviceDate),
    // One route's runs (a report of one route reads its ~180 runs a year, not the school's ~10,800).
    index("report_runs_school_route_date_idx").on(t.schoolId, t.routeId, t.serviceDate),
  ],
);

/** A completed run's counts at one stop (the stop where the child's tap was recorded). */
export const reportRunStops = sqliteTable(
  "report_run_stops",
  {
    runId: text("run_id")
      .notNull()
      .references(() => reportRuns.runId, { onDelete: "cascade" }),
    stopId: text("stop_id").notNull(),
    schoolId: text("school_id").notNull(),
    routeId: text("route_id").notNull(),
    serviceDate: isoDate("service_date").notNull(),
    stopName: text("stop_name").notNull(),
    boarded: integer("boarded").notNull(),
    absent: integer("absent").notNull(),
    dropped: integer("dropped").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.stopId] }),
    index("report_run_stops_school_date_idx").on(t.schoolId, t.serviceDate),
    // A stop's month, when a removed row may have carried its name (report_stop_months).
    index("report_run_stops_stop_date_idx").on(t.stopId, t.serviceDate),
  ],
);

/** A child marked absent on a completed run. */
export const reportAbsences = sqliteTable(
  "report_absences",
  {
    runId: text("run_id")
      .notNull()
      .references(() => reportRuns.runId, { onDelete: "cascade" }),
    childId: text("child_id").notNull(),
    schoolId: text("school_id").notNull(),
    routeId: text("route_id").notNull(),
    serviceDate: isoDate("service_date").notNull(),
    stopId: text("stop_id"),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.childId] }),
    index("report_absences_school_date_idx").on(t.schoolId, t.serviceDate),
    // One route's absences (the monthly rollup has no route), and a child's month when its last day goes.
    index("report_absences_school_route_date_idx").on(t.schoolId, t.routeId, t.serviceDate),
    index("report_absences_child_date_idx").on(t.childId, t.serviceDate),
  ],
);

/**
 * The monthly rollups (ADR 0074): `report_run_stops` and `report_absences` summed per calendar
 * month (`YYYY-MM` of the school-local service day), kept by triggers on those two tables, so a
 * report over whole months reads one row per stop or child a month instead of one per run. Only
 * the reports read them, for the whole months of their range (the days at its edges come from the
 * per-run rows).
 */

/** A stop's completed runs of a month: how many, and their taps by status. */
export const reportStopMonths = sqliteTable(
  "report_stop_months",
  {
    schoolId: text("school_id").notNull(),
    month: text("month").notNull(),
    routeId: text("route_id").notNull(),
    stopId: text("stop_id").notNull(),
    /** The greatest of the month's stop names (the reports show the greatest of their range's). */
    stopName: text("stop_name").notNull(),
    runs: integer("runs").notNull(),
    boarded: integer("boarded").notNull(),
    absent: integer("absent").notNull(),
    dropped: integer("dropped").notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.month, t.routeId, t.stopId] })],
);

/** A child's absences of a month, on every route, and the last day absent. */
export const reportChildMonths = sqliteTable(
  "report_child_months",
  {
    schoolId: text("school_id").notNull(),
    month: text("month").notNull(),
    childId: text("child_id").notNull(),
    absences: integer("absences").notNull(),
    lastAbsent: isoDate("last_absent").notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.month, t.childId] })],
);

/**
 * A run whose rollup is to be computed again: a row lives only inside the statement that inserts it
 * (its trigger recomputes the run's rows and deletes it). Triggers on `trips`, `attendance` and
 * `run_stop_visits` insert here; so does the rebuild, for every closed run of a school.
 */
export const reportDirtyRuns = sqliteTable("report_dirty_runs", {
  runId: text("run_id").primaryKey(),
});
