import type { NotificationType } from "./enums.ts";
import type { AttendanceStatus } from "./live-constants.ts";
import { said } from "./said.ts";
import { formatTime } from "./school-time.ts";

/**
 * What a parent reads of a run: the attendance notice (in-app, the bell) and the live view's words
 * (`/parent/rides/:tripId`), one place for both, in the school's zone.
 */

type Text = { title: string; message: string; type: NotificationType };

export function attendanceText(
  child: string,
  status: AttendanceStatus,
  at: Date,
  stopName: string | null,
  zone: string,
): Text {
  const time = formatTime(at, zone);
  const where = stopName ? ` at ${stopName}` : "";
  if (status === "boarded")
    return { title: `${child} boarded`, message: `${child} boarded${where} at ${time}.`, type: "success" };
  if (status === "dropped")
    return { title: `${child} dropped off`, message: `${child} was dropped off${where} at ${time}.`, type: "success" };
  return {
    title: `${child} marked absent`,
    message: `${child} was marked absent${where} at ${time}.`,
    type: "warning",
  };
}

/** The live view's line for a child's tap: the notice's own sentence ("Ava boarded at Oak & 5th at 7:42 AM."). */
export function attendanceLine(
  child: string,
  tap: { status: AttendanceStatus; at: string | Date },
  stopName: string | null,
  zone: string,
): string {
  return attendanceText(child, tap.status, new Date(tap.at), stopName, zone).message;
}

/**
 * The live view's status card once the run is over, in the school's zone: when the bus reached the
 * run's last stop (a pickup's school), else when the driver ended the run.
 */
export function overLine(
  run: { endedAt: string | Date | null; finish: { stopName: string | null; arrivedAt: string | Date } | null },
  zone: string,
): string {
  if (run.finish) {
    const at = formatTime(new Date(run.finish.arrivedAt), zone);
    return run.finish.stopName
      ? `The bus reached ${run.finish.stopName} at ${at}.`
      : `The bus reached its last stop at ${at}.`;
  }
  return run.endedAt ? `The run ended at ${formatTime(new Date(run.endedAt), zone)}.` : "This run is over.";
}

/** The parent's live view. */
export const LIVE_TEXTS = {
  notStarted: said(/*i18n*/ { id: "The bus has not started this run yet. This page updates when it does." }),
  open: said(/*i18n*/ { id: "The bus is on its way." }),
  cancelled: said(/*i18n*/ { id: "This run is cancelled." }),
  overClosed: said(/*i18n*/ { id: "This run is over, and live tracking has ended." }),
  gone: said(
    /*i18n*/ {
      id: "This ride cannot be watched now. Live tracking is open from the start of a run your child rides today until 15 minutes after its end.",
    },
  ),
  offline: said(/*i18n*/ { id: "The ride could not be loaded. Check your connection; this page keeps trying." }),
  noPosition: said(/*i18n*/ { id: "Waiting for the bus's first position." }),
  notRiding: said(/*i18n*/ { id: "Not riding today." }),
  noTap: (child: string) => `No boarding or drop-off was recorded for ${child}.`,
  connecting: said(/*i18n*/ { id: "Connecting…" }),
  reconnecting: said(/*i18n*/ { id: "Reconnecting…" }),
  polling: said(/*i18n*/ { id: "Live connection unavailable: updating every few seconds." }),
  history: said(/*i18n*/ { id: "See your children's ride history" }),
  privacy: (minutes: number) =>
    `You see the bus from the start of the run until ${minutes} minutes after its end, and only your own children's stops.`,
} as const;
