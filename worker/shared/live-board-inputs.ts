import { z } from "zod";
import "./fields.ts";
import { isCalendarDate } from "./school-time.ts";

/**
 * The inputs of the school admin's live board, replays and attendance report (issue 28 item 6). Apart
 * from the labels and summaries in live-board.ts, so the board's pages do not load zod.
 */

const id = z.string().min(1).max(64);
const date = z.string().max(10).refine(isCalendarDate, "Choose a valid date");

/** The school's runs of a day (the school's today when absent). */
export const liveRunsInput = z.object({ date: date.optional() }).strict();
/** One run's record, replayed. */
export const runReplayInput = z.object({ runId: id }).strict();
/** Attendance per rider per run, for a day and (optionally) one route. */
export const attendanceReportInput = z.object({ date: date.optional(), routeId: id.nullable().default(null) }).strict();
