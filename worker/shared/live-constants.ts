import { said } from "./said.ts";
// No zod here: the live client and the pages read these without loading the schemas.

/** What a driver taps for a child at a stop: pickup Boarded / Absent, drop-off Dropped. */
export const ATTENDANCE_STATUSES = ["boarded", "absent", "dropped"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** A child's two events on a run: the boarding (boarded or absent) and the drop (dropped). */
export const ATTENDANCE_PHASES = ["board", "drop"] as const;
export type AttendancePhase = (typeof ATTENDANCE_PHASES)[number];
export const phaseOf = (status: AttendanceStatus): AttendancePhase => (status === "dropped" ? "drop" : "board");

/** How an arrival at a stop was known: the bus came within the stop's radius, or the driver tapped there first. */
export const VISIT_SOURCES = ["position", "tap"] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/** Positions are kept this long, then the hourly sweep deletes them (LO3). */
export const POSITION_RETENTION_DAYS = 30;
/** A parent may watch a run from its start until this long after its end (LO2). */
export const PARENT_WATCH_AFTER_END_MINUTES = 15;
/** The choices of N a parent has. */
export const APPROACH_MINUTES_CHOICES = [2, 3, 5, 10, 15] as const;
/** The lead time until a parent chooses one. */
export const APPROACH_MINUTES_DEFAULT = 5;
/** Items in one batch the driver's phone posts (5 minutes of positions every 5 s and the taps fit many times). */
export const LIVE_BATCH_MAX_ITEMS = 500;
/** The driver's batch endpoint's body limit (500 items of at most ~300 bytes). */
export const LIVE_BATCH_MAX_BYTES = 256 * 1024;

/** What the driver and the watchers read when live tracking refuses. */
export const LIVE_MESSAGES = {
  notFound: said(/*i18n*/ { id: "Run not found" }),
  notToday: said(/*i18n*/ { id: "Only today's runs can be started." }),
  alreadyStarted: said(/*i18n*/ { id: "This run has already started." }),
  notOpen: said(/*i18n*/ { id: "This run is not open: start it first, or it has ended." }),
  cancelled: said(/*i18n*/ { id: "This run is cancelled." }),
  busRequired: said(/*i18n*/ { id: "Choose the bus you are driving." }),
  busNotFound: said(/*i18n*/ { id: "Bus not found" }),
  batchInvalid: said(/*i18n*/ { id: "The batch could not be read." }),
  origin: said(/*i18n*/ { id: "Cross-origin connection refused." }),
} as const;
