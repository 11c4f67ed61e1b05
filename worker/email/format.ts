/**
 * Dates and amounts in an e-mail, in the recipient's language (issue 30): `Intl` in their locale,
 * in the school's zone and currency. English keeps the texts the e-mails always had.
 */
import { LOCALE_TAGS, type Locale } from "#shared/locales.ts";
import { type Currency, formatMoney } from "#shared/money.ts";
import { formatCalendarDay, type IsoDate } from "#shared/school-time.ts";

/** An amount in minor units of the school's currency, as the recipient reads it. */
export function emailMoney(locale: Locale, minor: number, currency: Currency): string {
  return locale === "en" ? formatMoney(minor, currency) : formatMoney(minor, currency, LOCALE_TAGS[locale]);
}

/** A calendar day (a due date: no zone), as the recipient reads it ("Sunday, March 8, 2026" in English). */
export function emailDay(locale: Locale, date: IsoDate): string {
  if (locale === "en") return formatCalendarDay(date);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );
}

/**
 * An instant (an expiry), as the recipient reads it, in the school's zone (UTC without one). English
 * keeps its UTC text ("Wed, 04 Mar 2026 10:00 UTC").
 */
export function emailInstant(locale: Locale, instant: Date, timeZone?: string | null): string {
  if (locale === "en") return instant.toUTCString().replace(/:\d\d GMT$/, " UTC");
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: timeZone || "UTC",
  }).format(instant);
}
