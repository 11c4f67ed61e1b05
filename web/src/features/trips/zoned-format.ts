import { LOCALE_TAGS, SOURCE_LOCALE } from "#shared/locales.ts";
import { activeLocale } from "../../i18n/i18n.ts";

/**
 * The transport pages' times and days in the reader's language (ADR 0078), times still on the
 * school's clock: English keeps the text the school-time module writes ("7:30 AM", "Sunday, March
 * 8, 2026": Intl's en-US with plain spaces); another language gets `Intl`'s text in its own tag.
 * (Not through worker/shared/school-time.ts: the Routes page would load all of it for this.)
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

const english = () => activeLocale() === SOURCE_LOCALE;

function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = english() ? "en-US" : LOCALE_TAGS[activeLocale()];
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formatters.set(key, format);
  }
  return format;
}

/** Intl's text with plain spaces (newer ICU puts a narrow no-break space before AM/PM). */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** An instant's hour and minute in the school's zone: "7:30 AM", "07:30", "上午7:30". */
export function zonedTime(instant: Date, zone: string): string {
  return plain(formatter({ hour: "numeric", minute: "2-digit", timeZone: zone }).format(instant));
}

/** A wall-clock time of the school ("07:30", or minutes after midnight) in the reader's way. */
export function wallTime(time: string | number): string {
  const [hours, minutes] =
    typeof time === "number"
      ? [Math.floor(time / 60) % 24, time % 60]
      : (time.split(":").map(Number) as [number, number]);
  return zonedTime(new Date(Date.UTC(2026, 0, 1, hours, minutes)), "UTC");
}

/** A stop's "HH:MM" on the school's clock as the forms show it (English keeps "07:30" as typed). */
export function stopClock(time: string): string {
  return english() ? time : wallTime(time);
}

/** A calendar day (`YYYY-MM-DD`) in full: "Sunday, March 8, 2026". */
export function calendarDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return plain(
    formatter({ weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
      new Date(Date.UTC(year, month - 1, day, 12)),
    ),
  );
}

/** A calendar day (`YYYY-MM-DD`) short: "Mar 8, 2026" (English keeps the ISO text it showed). */
export function shortDay(date: string): string {
  if (english()) return date;
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return formatter({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );
}

/** A weekday's name (0 = Sunday), long ("Monday") or short ("Mon"), from `Intl` in the reader's language. */
export function weekdayName(day: number, width: "long" | "short"): string {
  // 2023-01-01 was a Sunday.
  return formatter({ weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2023, 0, 1 + day, 12)));
}

/** A number in the reader's language ("1,234", "1.234", "١٬٢٣٤"). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(LOCALE_TAGS[activeLocale()], options);
}
