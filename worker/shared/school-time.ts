// The function's own module: the package's index also brings its TZDate classes, whose module patches
// Date's methods when loaded (so no bundler can leave it out), ~1 KB gzip on the pages that show times.
import { tzOffset } from "@date-fns/tz/tzOffset";
import type { I18n } from "@lingui/core";
import { type IsoDate, parts, shiftDate, weekday } from "./calendar-dates.ts";
import { isLocale, LOCALE_TAGS, type Locale, SOURCE_LOCALE } from "./locales.ts";

/**
 * Calendar time in a school's IANA time zone, the same on the server and in the browser whatever
 * zone either runs in. Instants are `Date`s (UTC); calendar days are `YYYY-MM-DD` strings; wall-clock
 * times are `HH:mm`. Weeks run Sunday to Saturday (spec). Zone offsets come from @date-fns/tz;
 * calendar steps are UTC date arithmetic (a calendar day has no zone); text comes from the
 * platform's Intl (no locale data in the bundle), in the reader's language (issue 30): English keeps
 * the spec's text ("7:30 AM", "Mon, Mar 2"), another language gets Intl's in its own tag, on the
 * school's clock all the same.
 */

export type WallTime = string;
// Calendar days without a zone, in a module of their own (a page that only checks or steps dates
// does not load the rest of this one).
export { ISO_DATE, type IsoDate, isCalendarDate, shiftDate, weekday } from "./calendar-dates.ts";

export const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_MESSAGE, timeZoneOptions } from "./time-zones.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per language, zone and shape (they are costly to make); English is en-US, as the spec writes it. */
function formatter(zone: string, shape: keyof typeof SHAPES, locale: Locale = SOURCE_LOCALE): Intl.DateTimeFormat {
  const key = `${locale} ${shape} ${zone}`;
  let cached = formatters.get(key);
  if (!cached) {
    const tag = locale === SOURCE_LOCALE ? "en-US" : LOCALE_TAGS[locale];
    cached = new Intl.DateTimeFormat(tag, { timeZone: zone, ...SHAPES[shape] });
    formatters.set(key, cached);
  }
  return cached;
}

const SHAPES = {
  parts: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  time: { hour: "numeric", minute: "2-digit" },
  day: { weekday: "short", month: "short", day: "numeric" },
  date: { month: "short", day: "numeric", year: "numeric" },
  calendar: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Intl's text with plain spaces (newer ICU puts a narrow no-break space before AM/PM). */
function text(instant: Date, zone: string, shape: keyof typeof SHAPES, locale: Locale = SOURCE_LOCALE): string {
  return formatter(zone, shape, locale)
    .format(instant)
    .replace(/[\u202f\u00a0]/g, " ");
}

/** The wall clock of an instant in a zone as Intl reads it (to the minute). */
function intlWallClock(instant: Date, zone: string): { date: IsoDate; time: WallTime } {
  const parts = Object.fromEntries(
    formatter(zone, "parts")
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const MINUTE_MS = 60_000;

/** The zone's offset at a whole-minute instant (or a few seconds past one), from Intl's wall clock. */
function intlOffset(ms: number, zone: string): number {
  const { date, time } = intlWallClock(new Date(ms), zone);
  const [year, month, day] = parts(date);
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return Date.UTC(year, month - 1, day, hours, minutes) - Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * Reading a wall clock through Intl costs microseconds a call, and a list formats a time or a day for
 * every row. A zone's offset is constant for months at a time: it is asked of Intl once per zone and
 * UTC day, and a day whose offset is the same at its first and last minute, in whole minutes (checked
 * 59 s in), serves every instant of that day by arithmetic. A day with a change (DST, a zone's new
 * rules) or an offset in seconds (before 1972 in a few zones), and instants outside 1970–2199, read
 * Intl for each instant. Bounded like the instants below.
 */
const dayOffsets = new Map<string, number | null>();
const FAST_FROM = Date.UTC(1970, 0, 1);
const FAST_TO = Date.UTC(2200, 0, 1);

function offsetOfDay(zone: string, day: number): number | null {
  const key = `${zone} ${day}`;
  const known = dayOffsets.get(key);
  if (known !== undefined) return known;
  const start = day * DAY_MS;
  const first = intlOffset(start, zone);
  const whole = first === intlOffset(start + 59_000, zone) && first === intlOffset(start + DAY_MS - MINUTE_MS, zone);
  if (dayOffsets.size >= INSTANT_MEMO_MAX) dayOffsets.clear();
  dayOffsets.set(key, whole ? first : null);
  return whole ? first : null;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : `${value}`);

function wallClock(instant: Date, zone: string): { date: IsoDate; time: WallTime } {
  const ms = instant.getTime();
  const offset = ms >= FAST_FROM && ms < FAST_TO ? offsetOfDay(zone, Math.floor(ms / DAY_MS)) : null;
  if (offset === null) return intlWallClock(instant, zone);
  const local = new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS + offset);
  return {
    date: `${local.getUTCFullYear()}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}`,
    time: `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`,
  };
}

/** The calendar day of an instant in a zone. */
export function localDate(instant: Date, zone: string): IsoDate {
  return wallClock(instant, zone).date;
}

/** The wall-clock time of an instant in a zone, `HH:mm`. */
export function localTime(instant: Date, zone: string): WallTime {
  return wallClock(instant, zone).time;
}

/** Today in the school's zone. */
export function todayIn(zone: string, now: Date): IsoDate {
  return localDate(now, zone);
}

const DAY_MS = 86_400_000;

/**
 * The instant of a date and wall-clock time in a zone. Across a DST change: a time that happens
 * twice is its first occurrence, a time that never happens moves forward by the gap (02:30 → 03:30).
 * Computed from the zone's offsets only, so the process's own zone never matters.
 */
export function zonedInstant(date: IsoDate, time: WallTime, zone: string): Date {
  // A pure function of its arguments (the zone rules do not change while a process runs), asked again
  // and again for the same deadlines and departures: remembered, within a bound.
  const key = `${zone} ${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const instant = computeZonedInstant(date, time, zone);
  if (instants.size >= INSTANT_MEMO_MAX) instants.clear();
  instants.set(key, instant.getTime());
  return instant;
}

const instants = new Map<string, number>();
const INSTANT_MEMO_MAX = 4096;

function computeZonedInstant(date: IsoDate, time: WallTime, zone: string): Date {
  const [year, month, day] = parts(date);
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const before = wall - tzOffset(zone, new Date(wall - DAY_MS)) * 60_000;
  const after = wall - tzOffset(zone, new Date(wall + DAY_MS)) * 60_000;
  const matches = [before, after].filter(
    (instant) => localDate(new Date(instant), zone) === date && localTime(new Date(instant), zone) === time,
  );
  return new Date(matches.length > 0 ? Math.min(...matches) : before);
}

export type Range = { start: Date; end: Date; from: IsoDate; to: IsoDate };

/** The school day holding `date`: [its 00:00, the next day's 00:00) in the zone (23 or 25 hours across DST). */
export function dayRange(date: IsoDate, zone: string): Range {
  return {
    start: zonedInstant(date, "00:00", zone),
    end: zonedInstant(shiftDate(date, 1), "00:00", zone),
    from: date,
    to: date,
  };
}

/** The Sunday-to-Saturday week holding `date`, in the zone. */
export function weekRange(date: IsoDate, zone: string): Range {
  const from = shiftDate(date, -weekday(date));
  return {
    start: zonedInstant(from, "00:00", zone),
    end: zonedInstant(shiftDate(from, 7), "00:00", zone),
    from,
    to: shiftDate(from, 6),
  };
}

/**
 * An instant's hour and minute in the zone, as the reader's language writes it: "7:30 AM" in English
 * (made from the wall clock, Intl's en-US text), "7:30", "上午7:30"… in the others (Intl's).
 */
export function formatTime(instant: Date, zone: string, locale: Locale): string {
  if (locale !== SOURCE_LOCALE) return text(instant, zone, "time", locale);
  const [hours, minutes] = localTime(instant, zone).split(":") as [string, string];
  const hour = Number(hours);
  return `${hour % 12 || 12}:${minutes} ${hour < 12 ? "AM" : "PM"}`;
}

/** "Mon, Mar 2" in the zone, in the reader's language ("lun, 2 mar" in Spanish). */
export function formatDay(instant: Date, zone: string, locale: Locale): string {
  return text(instant, zone, "day", locale);
}

/** A date string as "Sunday, March 8, 2026" (no zone: it is a calendar day), in the reader's language. */
export function formatCalendarDay(date: IsoDate, locale: Locale = SOURCE_LOCALE): string {
  const [year, month, day] = parts(date);
  return text(new Date(Date.UTC(year, month - 1, day, 12)), "UTC", "calendar", locale);
}

/** The words around a moment (the shared catalog): "Today at 7:30 AM", "Yesterday at …", "Mar 2, 2026 at …". */
const WHEN = {
  today: /*i18n*/ { id: "when.today", message: "Today at {time}" },
  yesterday: /*i18n*/ { id: "when.yesterday", message: "Yesterday at {time}" },
  date: /*i18n*/ { id: "when.date", message: "{date} at {time}" },
} as const;

/**
 * "Today at 7:30 AM", "Yesterday at 7:30 AM", or the full date ("Mar 2, 2026 at 7:30 AM"), in the
 * zone, in `i18n`'s language (the browser's active one, or the server's `i18nFor(locale)`).
 */
export function relativeTime(instant: Date, zone: string, now: Date, i18n: I18n): string {
  const locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  const day = localDate(instant, zone);
  const today = todayIn(zone, now);
  const time = formatTime(instant, zone, locale);
  if (day === today) return i18n._({ ...WHEN.today, values: { time } });
  if (day === shiftDate(today, -1)) return i18n._({ ...WHEN.yesterday, values: { time } });
  return i18n._({ ...WHEN.date, values: { date: text(instant, zone, "date", locale), time } });
}
