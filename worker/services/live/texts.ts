import type { NotificationType } from "#shared/enums.ts";
import { formatEtaRange, type StopEta } from "#shared/live-eta.ts";

/** What parents read of a run (in-app, the bell): one function per notice, in the school's zone. */

type Text = { title: string; message: string; type: NotificationType };
const bus = (run: { routeName: string; busNumber: string }) => `${run.routeName} (bus ${run.busNumber})`;

export function approachText(run: { routeName: string; busNumber: string }, stopName: string, eta: StopEta): Text {
  return {
    title: "Bus approaching",
    message: `${bus(run)} is ${formatEtaRange(eta)} from ${stopName}.`.replace(" is Arriving from", " is arriving at"),
    type: "info",
  };
}

export function lateText(run: { routeName: string; busNumber: string }, minutesLate: number): Text {
  return {
    title: "Bus running late",
    message: `${bus(run)} is running about ${minutesLate} minutes late.`,
    type: "warning",
  };
}

/** The attendance notice: the same words as the parent's live view says them (#shared/live-texts.ts). */
export { attendanceText } from "#shared/live-texts.ts";
