/**
 * Calendar days, `YYYY-MM-DD` strings: a calendar day has no zone, so these are UTC date arithmetic.
 * worker/shared/school-time.ts re-exports them with the zoned times; a page that only checks or
 * steps dates imports them from here and loads none of the zones' code.
 */

export type IsoDate = string;

export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A date's year, month (1–12) and day. */
export function parts(date: IsoDate): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return [year, month, day];
}

/** A real calendar day, `YYYY-MM-DD`, in the years the app plans for (no 30 February, no year 0001). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = parts(value);
  if (year < 2000 || year > 2199) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** The day `days` after `date` (negative: before). Pure calendar arithmetic, no zone involved. */
export function shiftDate(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The weekday of a calendar date, 0 = Sunday. */
export function weekday(date: IsoDate): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
