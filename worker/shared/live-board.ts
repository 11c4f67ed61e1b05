import type { AttendanceStatus } from "./live-constants.ts";
import { said } from "./said.ts";

/**
 * What the school admin's live board, replays and attendance report show (issue 28 item 6): the
 * attendance labels, and the pure summaries of a run's live view (riders on board, late by how many
 * minutes). No zod here: the pages import it (their inputs are in live-board-inputs.ts).
 */

/** A rider's line in the attendance report: a tap, or none yet, or marked not riding that day. */
export type AttendanceMark = AttendanceStatus | "not-riding" | "not-recorded";

export const ATTENDANCE_MARK_LABELS: Record<AttendanceMark, string> = {
  boarded: said(/*i18n*/ { id: "Boarded" }),
  absent: said(/*i18n*/ { id: "Absent" }),
  dropped: said(/*i18n*/ { id: "Dropped" }),
  "not-riding": said(/*i18n*/ { id: "Not riding" }),
  "not-recorded": said(/*i18n*/ { id: "Not recorded" }),
};

/** A delay under a minute either way is on time. */
export const ON_TIME_WITHIN_SECONDS = 60;

/** "On time", "Late 4 min", "Early 2 min"; null before the run has a delay. */
export function punctuality(delaySeconds: number | null): { late: boolean; label: string } | null {
  if (delaySeconds === null) return null;
  if (Math.abs(delaySeconds) < ON_TIME_WITHIN_SECONDS) return { late: false, label: "On time" };
  const minutes = Math.round(Math.abs(delaySeconds) / 60);
  return delaySeconds > 0
    ? { late: true, label: `Late ${minutes} min` }
    : { late: false, label: `Early ${minutes} min` };
}

type RiderMark = { notRiding: boolean; attendance: { status: AttendanceStatus } | null };

/**
 * Children on the bus now: on a pickup those boarded, on a drop-off those riding who were neither
 * dropped nor marked absent, once the run has started. Nobody after the run has ended.
 */
export function ridersOnBoard(
  run: { direction: "pickup" | "dropoff"; startedAt: unknown; endedAt: unknown },
  riders: readonly RiderMark[],
): number {
  if (!run.startedAt || run.endedAt) return 0;
  if (run.direction === "pickup") return riders.filter((rider) => rider.attendance?.status === "boarded").length;
  return riders.filter(
    (rider) => !rider.notRiding && rider.attendance?.status !== "dropped" && rider.attendance?.status !== "absent",
  ).length;
}
