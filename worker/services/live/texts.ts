import type { NotificationType } from "#shared/enums.ts";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import { formatEtaRange, type StopEta } from "#shared/live-eta.ts";
import { attendanceText, attendanceWords as sharedAttendanceWords } from "#shared/live-texts.ts";
import type { Locale } from "#shared/locales.ts";
import { formatTime } from "#shared/school-time.ts";
import { i18nFor, text } from "../../i18n/texts.ts";

/**
 * What parents read of a run (in-app, the bell, a push): one function per notice, in the school's
 * zone. The `…Words` functions say it in the parent's language (issue 30); in English they are the
 * words the `…Text` functions have always said.
 */

type Text = { title: string; message: string; type: NotificationType };
type Words = { title: string; message: string };
type Run = { routeName: string; busNumber: string };
const bus = (run: Run) => `${run.routeName} (bus ${run.busNumber})`;

export function approachText(run: Run, stopName: string, eta: StopEta): Text {
  return {
    title: "Bus approaching",
    message: `${bus(run)} is ${formatEtaRange(eta, i18nFor("en"))} from ${stopName}.`.replace(
      " is Arriving from",
      " is arriving at",
    ),
    type: "info",
  };
}

export function lateText(run: Run, minutesLate: number): Text {
  return {
    title: "Bus running late",
    message: `${bus(run)} is running about ${minutesLate} minutes late.`,
    type: "warning",
  };
}

/** The attendance notice: the same words as the parent's live view says them (#shared/live-texts.ts). */
export { attendanceText };

/** A clock time in the school's zone, as the language writes it ("7:30 AM", "19:30", "下午7:30"). */
export function clockTime(locale: Locale, at: Date, zone: string): string {
  return formatTime(at, zone, locale);
}

const busOf = (locale: Locale, run: Run) =>
  text(
    locale,
    /*i18n*/ { id: "live.bus", message: "{route} (bus {bus})" },
    { route: run.routeName, bus: run.busNumber },
  );

/** "your stop": where a parent's child gets on or off, when the stop has no name to say. */
export const yourStop = (locale: Locale) => text(locale, /*i18n*/ { id: "live.yourStop", message: "your stop" });

export function approachWords(locale: Locale, run: Run, stopName: string | null, eta: StopEta): Words {
  if (locale === "en") {
    const { title, message } = approachText(run, stopName ?? "your stop", eta);
    return { title, message };
  }
  const values = {
    bus: busOf(locale, run),
    stop: stopName ?? yourStop(locale),
    min: Math.max(1, eta.minMinutes),
    max: eta.maxMinutes,
  };
  const message =
    eta.passed || eta.maxMinutes <= 1
      ? text(locale, /*i18n*/ { id: "live.approach.arriving", message: "{bus} is arriving at {stop}." }, values)
      : values.min >= eta.maxMinutes
        ? text(locale, /*i18n*/ { id: "live.approach.minutes", message: "{bus} is {max} min from {stop}." }, values)
        : text(
            locale,
            /*i18n*/ { id: "live.approach.range", message: "{bus} is {min}–{max} min from {stop}." },
            values,
          );
  return { title: text(locale, /*i18n*/ { id: "live.approach.title", message: "Bus approaching" }), message };
}

export function lateWords(locale: Locale, run: Run, minutesLate: number): Words {
  if (locale === "en") {
    const { title, message } = lateText(run, minutesLate);
    return { title, message };
  }
  return {
    title: text(locale, /*i18n*/ { id: "live.late.title", message: "Bus running late" }),
    message: text(
      locale,
      /*i18n*/ {
        id: "live.late.message",
        message: "{bus} is running about {minutes, plural, one {# minutes} other {# minutes}} late.",
      },
      { bus: busOf(locale, run), minutes: minutesLate },
    ),
  };
}

export function attendanceWords(
  locale: Locale,
  child: string,
  status: AttendanceStatus,
  at: Date,
  stopName: string | null,
  zone: string,
): Words {
  return sharedAttendanceWords(i18nFor(locale), child, status, at, stopName, zone);
}
