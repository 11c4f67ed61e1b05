import { type Currency, DEFAULT_CURRENCY, DEFAULT_MONEY_LOCALE } from "./money.ts";
import { said } from "./said.ts";

/**
 * A school's currency as set and changed (registration, Create School, payment settings, Checkout's
 * minimum; ADR 0077), apart from money.ts's formatting, which every role page loads: these tables
 * and texts go only to the pages and services that set or check a currency.
 */

/**
 * The smallest charge Stripe takes in each currency, in its minor units (Stripe's "minimum and
 * maximum charge amounts": about 50 US cents each).
 */
export const MINIMUM_CHARGE: Readonly<Record<Currency, number>> = {
  USD: 50,
  EUR: 50,
  GBP: 30,
  CAD: 50,
  AUD: 50,
  NZD: 50,
  SEK: 300,
  NOK: 300,
  DKK: 250,
  CHF: 50,
  JPY: 50,
};

/**
 * The currency a school starts with, from the country of its registration (or of the super
 * admin's form); editable in its payment settings until its first invoice or paid field trip.
 * "Other" and no country: the default (the admin picks theirs in the settings).
 */
const COUNTRY_CURRENCIES: Readonly<Record<string, Currency>> = {
  "United States": "USD",
  Canada: "CAD",
  "United Kingdom": "GBP",
  Australia: "AUD",
  "New Zealand": "NZD",
  Ireland: "EUR",
  Germany: "EUR",
  France: "EUR",
  Netherlands: "EUR",
  Spain: "EUR",
  Italy: "EUR",
  Sweden: "SEK",
  Norway: "NOK",
  Denmark: "DKK",
  Switzerland: "CHF",
  Japan: "JPY",
};

export function currencyForCountry(country: string | null | undefined): Currency {
  return (country && COUNTRY_CURRENCIES[country]) || DEFAULT_CURRENCY;
}

/** What the currency setting says when it refuses (payment settings; ADR 0077). */
export const CURRENCY_MESSAGES = {
  unsupported: said(/*i18n*/ { id: "Choose one of the currencies offered" }),
  lockedHint: said(/*i18n*/ { id: "It can change only until the school's first invoice or priced field trip." }),
} as const;

/** "SEK – Swedish krona" for a currency picker (Intl's names, in the reader's language). */
export function currencyLabel(currency: Currency, locale: string = DEFAULT_MONEY_LOCALE): string {
  const name = new Intl.DisplayNames([locale], { type: "currency" }).of(currency);
  return name && name !== currency ? `${currency} – ${name}` : currency;
}
