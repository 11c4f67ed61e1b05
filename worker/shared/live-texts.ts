import type { I18n, MessageDescriptor } from "@lingui/core";
import type { NotificationType } from "./enums.ts";
import type { AttendanceStatus } from "./live-constants.ts";
import { isLocale, type Locale, SOURCE_LOCALE } from "./locales.ts";
import { said } from "./said.ts";
import { formatTime } from "./school-time.ts";

/**
 * What a parent reads of a run: the attendance notice (in-app, the bell) and the live view's words
 * (`/parent/rides/:tripId`), one place for both, in the school's zone.
 */

type Text = { title: string; message: string; type: NotificationType };
type Words = { title: string; message: string };

/** The English notice (the server's notices in English, and the tests' expected text). */
export function attendanceText(
  child: string,
  status: AttendanceStatus,
  at: Date,
  stopName: string | null,
  zone: string,
): Text {
  const time = formatTime(at, zone, "en");
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

const readerLocale = (i18n: I18n): Locale => (isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE);

/**
 * The attendance notice in `i18n`'s language (the browser's, or the server's `i18nFor(locale)`):
 * in English the very words of `attendanceText`.
 */
export function attendanceWords(
  i18n: I18n,
  child: string,
  status: AttendanceStatus,
  at: Date,
  stopName: string | null,
  zone: string,
): Words {
  const values = {
    child,
    stop: stopName ?? "",
    time: formatTime(at, zone, readerLocale(i18n)),
    where: stopName ? "stop" : "none",
  };
  const say = (descriptor: MessageDescriptor) => i18n._({ ...descriptor, values });
  if (status === "boarded")
    return {
      title: say(/*i18n*/ { id: "live.boarded.title", message: "{child} boarded" }),
      message: say(
        /*i18n*/ {
          id: "live.boarded.message",
          message: "{where, select, stop {{child} boarded at {stop} at {time}.} other {{child} boarded at {time}.}}",
        },
      ),
    };
  if (status === "dropped")
    return {
      title: say(/*i18n*/ { id: "live.dropped.title", message: "{child} dropped off" }),
      message: say(
        /*i18n*/ {
          id: "live.dropped.message",
          message:
            "{where, select, stop {{child} was dropped off at {stop} at {time}.} other {{child} was dropped off at {time}.}}",
        },
      ),
    };
  return {
    title: say(/*i18n*/ { id: "live.absent.title", message: "{child} marked absent" }),
    message: say(
      /*i18n*/ {
        id: "live.absent.message",
        message:
          "{where, select, stop {{child} was marked absent at {stop} at {time}.} other {{child} was marked absent at {time}.}}",
      },
    ),
  };
}

/** The live view's line for a child's tap: the notice's own sentence ("Ava boarded at Oak & 5th at 7:42 AM."). */
export function attendanceLine(
  i18n: I18n,
  child: string,
  tap: { status: AttendanceStatus; at: string | Date },
  stopName: string | null,
  zone: string,
): string {
  return attendanceWords(i18n, child, tap.status, new Date(tap.at), stopName, zone).message;
}

/**
 * The live view's status card once the run is over, in the school's zone, in `i18n`'s language:
 * when the bus reached the run's last stop (a pickup's school), else when the driver ended the run.
 */
export function overLine(
  i18n: I18n,
  run: { endedAt: string | Date | null; finish: { stopName: string | null; arrivedAt: string | Date } | null },
  zone: string,
): string {
  const locale = readerLocale(i18n);
  if (run.finish) {
    const time = formatTime(new Date(run.finish.arrivedAt), zone, locale);
    return run.finish.stopName
      ? i18n._({
          .../*i18n*/ { id: "live.over.reached", message: "The bus reached {stop} at {time}." },
          values: { stop: run.finish.stopName, time },
        })
      : i18n._({
          .../*i18n*/ { id: "live.over.lastStop", message: "The bus reached its last stop at {time}." },
          values: { time },
        });
  }
  if (!run.endedAt) return i18n._(LIVE_TEXTS.over);
  return i18n._({
    .../*i18n*/ { id: "live.over.ended", message: "The run ended at {time}." },
    values: { time: formatTime(new Date(run.endedAt), zone, locale) },
  });
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
  over: said(/*i18n*/ { id: "This run is over." }),
  /** `{child}`: the child's name. */
  noTap: /*i18n*/ { id: "live.noTap", message: "No boarding or drop-off was recorded for {child}." },
  connecting: said(/*i18n*/ { id: "Connecting…" }),
  reconnecting: said(/*i18n*/ { id: "Reconnecting…" }),
  polling: said(/*i18n*/ { id: "Live connection unavailable: updating every few seconds." }),
  history: said(/*i18n*/ { id: "See your children's ride history" }),
  /** `{minutes}`: PARENT_WATCH_AFTER_END_MINUTES. */
  privacy: /*i18n*/ {
    id: "live.privacy",
    message:
      "You see the bus from the start of the run until {minutes, plural, one {# minute} other {# minutes}} after its end, and only your own children's stops.",
  },
} as const;
