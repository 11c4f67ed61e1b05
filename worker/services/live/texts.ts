import type { NotificationType } from "#shared/enums.ts";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import { formatEtaRange, type StopEta } from "#shared/live-eta.ts";
import { formatTime } from "#shared/school-time.ts";

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
