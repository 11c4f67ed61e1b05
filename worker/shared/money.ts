// No zod here: every role page formats money with this module.
import { LOCALE_TAGS } from "./locales.ts";
import { type LocaleText, localeText, saidWith } from "./said.ts";

/**
 * The currencies a school can hold (ISO 4217), with their minor units: the decimals an amount has
 * on screen and the power of ten between what people type and the integer SchoolRide stores and
 * Stripe charges (¥1500 is 1500, SEK 12.50 is 1250). The list is closed (ADR 0077): the countries
 * of the registration form, and a few neighbours a school may pick in its settings. Currencies with
 * three decimals (KWD, BHD…) are refused: Stripe charges them in multiples of ten, a rule no school
 * of ours needs. tests/node/currency.test.ts checks the table against Intl's own data.
 */
export const CURRENCY_MINOR_UNITS = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  CHF: 2,
  JPY: 0,
} as const;
export type Currency = keyof typeof CURRENCY_MINOR_UNITS;
export const CURRENCIES = Object.keys(CURRENCY_MINOR_UNITS) as Currency[];

/** What existing schools were backfilled with, the demo school's, and a school without a known country's default. */
export const DEFAULT_CURRENCY: Currency = "USD";
/** The platform's own prices (subscription plans, platform metrics) stay in the currency they are priced in. */
export const PLATFORM_CURRENCY: Currency = "USD";
/** The language money is written in until the reader's locale is passed (the i18n work passes it). */
export const DEFAULT_MONEY_LOCALE = "en-US";

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && Object.hasOwn(CURRENCY_MINOR_UNITS, value);
}

/** A stored currency code as a `Currency` (a row from before the column, or a code no longer offered: the default). */
export function currencyOf(value: string | null | undefined): Currency {
  return isCurrency(value) ? value : DEFAULT_CURRENCY;
}

export function minorUnits(currency: Currency): number {
  return CURRENCY_MINOR_UNITS[currency];
}

// Made on first use (tens of milliseconds on a slow phone), one per locale and currency.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the currency's minor units as people read it, on screens, PDFs, CSVs and e-mails:
 * `formatMoney(1250, "SEK")` → "SEK 12.50", `formatMoney(1500, "JPY")` → "¥1,500",
 * `formatMoney(1999, "USD")` → "$19.99". `locale` is the reader's (default en-US).
 */
export function formatMoney(minor: number, currency: Currency, locale: string = DEFAULT_MONEY_LOCALE): string {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, format);
  }
  return format.format(minor / 10 ** minorUnits(currency));
}

/**
 * An amount as Stripe gives it (minor units, a lowercase code of any currency, such as a plan's)
 * as people read it; the decimals are Intl's for the code. The local Stripe pages use it.
 */
export function formatStripeAmount(amount: number, stripeCurrency: string, locale = DEFAULT_MONEY_LOCALE): string {
  const code = stripeCurrency.toUpperCase();
  if (isCurrency(code)) return formatMoney(amount, code, locale);
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: code });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The currency's narrow symbol for a field's label: "$", "€", "kr", "¥" (the code when Intl has none). */
export function currencySymbol(currency: Currency, locale: string = DEFAULT_MONEY_LOCALE): string {
  const parts = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
  }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

/** A number field's `step` for amounts in the currency: 0.01, or 1 for JPY. */
export function amountStep(currency: Currency): number {
  return 1 / 10 ** minorUnits(currency);
}

/** Minor units → the amount as a form's number field holds it (1250 SEK → 12.5; 1500 JPY → 1500). */
export function toMajorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** minorUnits(currency);
}

/**
 * An amount as typed (major units) → integer minor units, or null when it has more decimals than
 * the currency has (any decimal for JPY). Tolerant of binary floating point (12.345 → null, 0.1+0.2 fine).
 */
export function toMinorUnits(major: number, currency: Currency): number | null {
  if (!Number.isFinite(major)) return null;
  const scaled = major * 10 ** minorUnits(currency);
  const minor = Math.round(scaled);
  return Math.abs(scaled - minor) < 1e-6 ? minor : null;
}

/** An amount already checked by `amountIssue` → minor units (a RangeError if it was not checked). */
export function checkedMinorUnits(major: number, currency: Currency): number {
  const minor = toMinorUnits(major, currency);
  if (minor === null) throw new RangeError(`${major} has more decimals than ${currency} takes`);
  return minor;
}

/** The message for an amount with more decimals than its currency takes. */
export function decimalsMessage(currency: Currency): string {
  const decimals = minorUnits(currency);
  return decimals === 0
    ? saidWith(`${currency} amounts have no decimals: enter a whole number`, {
        .../*i18n*/ { id: "money.noDecimals", message: "{currency} amounts have no decimals: enter a whole number" },
        values: { currency },
      })
    : saidWith(`${currency} amounts have at most ${decimals} decimals`, {
        .../*i18n*/ {
          id: "money.decimals",
          message: "{currency} amounts have at most {decimals, plural, one {# decimal} other {# decimals}}",
        },
        values: { currency, decimals },
      });
}

/** An amount in a currency's minor units, the reader's way ("$0.50", "0,50 US$"): a value of a message. */
export const moneyIn = (minor: number, currency: Currency): LocaleText =>
  localeText((locale) =>
    locale === "en" ? formatMoney(minor, currency) : formatMoney(minor, currency, LOCALE_TAGS[locale]),
  );

/**
 * Why an amount typed in a form is refused in this currency, or null: more decimals than the
 * currency has (`stepMessage`: the field's own message, kept for two-decimal currencies), or above
 * `maxMinor` (`tooLarge`, given the maximum and the currency).
 */
export function amountIssue(
  major: number,
  currency: Currency,
  rule: { maxMinor: number; stepMessage: string; tooLarge: (maxMinor: number, currency: Currency) => string },
): string | null {
  const minor = toMinorUnits(major, currency);
  if (minor === null) return minorUnits(currency) === 2 ? rule.stepMessage : decimalsMessage(currency);
  return minor > rule.maxMinor ? rule.tooLarge(rule.maxMinor, currency) : null;
}
