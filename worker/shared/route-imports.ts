import { z } from "zod";
// The words of validation messages (fields.ts installs them; this module builds schemas).
import "./fields.ts";

/**
 * CSV imports of a route's stops and of the school's rider assignments (ADR 0052): a preview lists
 * every row with its problems and writes nothing; apply checks again and writes all rows or none.
 */
export const IMPORT_LIMITS = {
  /** Characters of one file: with JSON's escaping it stays under the tRPC body limit (1 MB). */
  maxChars: 700_000,
  /** Rows of one file, after the header. */
  maxRows: 10_000,
  /** A stop further than this from the school's area (see `stopArea`) is refused. */
  areaKm: 50,
  /** Problems named in an apply's refusal (the preview lists them all). */
  problemsInRefusal: 5,
} as const;

/** The header a stops file must have (any order, any case; other columns are ignored). */
export const STOP_COLUMNS = ["name", "latitude", "longitude", "time"] as const;
/** The header a riders file must have; `to` may be left out (no end). */
export const RIDER_COLUMNS = ["child", "route", "stop", "weekdays", "from", "to"] as const;
export const OPTIONAL_RIDER_COLUMNS = ["to"] as const;

export const IMPORT_MESSAGES = {
  // IMPORT_LIMITS.maxChars written out.
  tooLarge: "The file is too large: at most 700,000 characters",
  empty: "The file has no rows under its header",
  missingColumns: (columns: string[]) => `The header must name the columns ${columns.join(", ")}`,
  tooManyStops: (max: number, existing: number) =>
    `A route has at most ${max} stops: this one has ${existing}, so at most ${max - existing} can be added`,
  stopName: "Stop name is required (at most 120 characters)",
  badCoordinates: "Latitude must be -90 to 90 and longitude -180 to 180, as decimal degrees",
  outsideArea: (km: number, limit: number) =>
    `The stop is ${km.toLocaleString("en-US")} km from the school's other stops (at most ${limit} km)`,
  badTime: "Enter the time as HH:MM (24-hour)",
  timeBefore: (time: string) => `The time is before the previous stop's (${time})`,
  unknownChild: (name: string) => `No child of the school is called "${name}"`,
  ambiguousChild: (name: string, matches: string[]) =>
    `${matches.length} children are called "${name}" (${matches.join("; ")}): assign this one in the app`,
  unknownRoute: (name: string) => `No route is called "${name}"`,
  ambiguousRoute: (name: string, count: number) => `${count} routes are called "${name}"`,
  unknownStop: (name: string, route: string) => `${route} has no stop called "${name}"`,
  badWeekdays: "List the weekdays as Mon Tue Wed Thu Fri Sat Sun (separated by spaces, commas or semicolons)",
  notRunning: (route: string) => `${route} does not run on all of those weekdays`,
  badFrom: "Enter the first day as YYYY-MM-DD",
  badTo: "Enter the last day as YYYY-MM-DD, on or after the first day, or leave it empty",
  duplicateChild: (line: number) => `The child is already on line ${line} for the same direction`,
  changed: "The routes or riders changed while importing: preview the file again",
  refused: (rows: number, problems: string) =>
    `Nothing was imported: ${rows} row${rows === 1 ? " has" : "s have"} problems. ${problems}`,
} as const;

const id = z.string().min(1).max(64);
const csv = z.string().max(IMPORT_LIMITS.maxChars, IMPORT_MESSAGES.tooLarge);

export const importStopsPreviewInput = z.object({ routeId: id, csv }).strict();
/** `version`: the route's `stopsVersion` as read (an edit in between makes the import stale). */
export const importStopsApplyInput = z.object({ routeId: id, version: z.number().int().min(0), csv }).strict();
export const importRidersInput = z.object({ csv }).strict();

/** One row of a preview: its line in the file, its values by column, and what is wrong with it. */
export type ImportRow = { line: number; values: Record<string, string>; problems: string[] };
export type ImportPreview = { rows: ImportRow[]; valid: boolean; error: string | null };
