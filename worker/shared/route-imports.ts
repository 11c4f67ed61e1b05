import { z } from "zod";
// The words of validation messages (fields.ts installs them; this module builds schemas).
import "./fields.ts";
import { said } from "./said.ts";

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

/** What the import dialogs say of a file before sending it; a file's problems are the server's (worker/services/routes/import-texts.ts). */
export const IMPORT_MESSAGES = {
  // IMPORT_LIMITS.maxChars written out.
  tooLarge: said(/*i18n*/ { id: "The file is too large: at most 700,000 characters" }),
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
