/**
 * worker/shared's fixed texts (ADR 0078), for the browser and the server alike. A fixed text — a
 * toast, a label, a refusal, a zod schema's message — is marked with `said(/*i18n*\/ { id })`: its
 * English is its id, so the string it stays (in a schema, an AppError, a test) is what finds it in
 * the `shared` catalog again: `translated(i18n, text)` in the reader's language. A text with
 * placeholders is a descriptor with a dotted id instead (`/*i18n*\/ { id, message, values }`),
 * rendered with `i18n._(descriptor)` or, on the server, `text(locale, descriptor)`.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { isLocale, LOCALE_TAGS, type Locale, SOURCE_LOCALE } from "./locales.ts";

/** A fixed text, marked for the `shared` catalog; the English string itself (its id). */
export function said<const T extends string>(descriptor: { id: T }): T {
  return descriptor.id;
}

/**
 * `text` in `i18n`'s language when a catalog knows it (a fixed text of worker/shared, or any string
 * with an explicit id); any other string as it is (an already translated message, a name).
 */
export function translated(i18n: I18n, text: string): string {
  const worded = i18n.locale === SOURCE_LOCALE ? undefined : (KEPT.get(text) ?? PASSING.get(text));
  if (worded && Object.hasOwn(i18n.messages, worded.id))
    return i18n._({ ...worded, values: written(i18n, worded.values) });
  return Object.hasOwn(i18n.messages, text) ? i18n._(text) : text;
}

type Worded = MessageDescriptor & { values: Record<string, unknown> };
/** The texts `saidWith` composed, by their English: as many as the code's own values make. */
const KEPT = new Map<string, Worded>();
/** The texts `saidNow` composed, by their English: the last ones only. */
const PASSING = new Map<string, Worded>();
const PASSING_BOUND = 1_000;

/**
 * A text with values that worker/shared composes in English (a zod message "Use at most 120
 * characters", a refusal of an amount): the English string it always was (`english`, the spec's
 * words), remembered with its descriptor so that `translated` — the error formatter on the server,
 * `sharedText` in the browser — says it in the reader's language, its values written in that
 * language too (a `LocaleText`: an amount, a number). Only the isolate or page that composed the
 * string knows it, so it is translated there; any other place keeps the English. For values the
 * code bounds (a schema's limits, a currency, a plan): a value from input goes through `saidNow`.
 */
export function saidWith(english: string, descriptor: Worded): string {
  if (!KEPT.has(english)) KEPT.set(english, descriptor);
  return english;
}

/**
 * `saidWith` for a text whose values come from input (a field's name a request made up, a line of a
 * file): remembered among the last 1,000 only, long enough for the request that composed it to be
 * answered in its reader's language.
 */
export function saidNow(english: string, descriptor: Worded): string {
  PASSING.delete(english);
  if (PASSING.size >= PASSING_BOUND) PASSING.delete(PASSING.keys().next().value as string);
  PASSING.set(english, descriptor);
  return english;
}

/** A message's values as `i18n`'s language writes them (a `LocaleText` said in it). */
export function written(i18n: I18n, values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!values) return values;
  const locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, isLocaleText(value) ? value.inLocale(locale, i18n) : value]),
  );
}

const isLocaleText = (value: unknown): value is LocaleText =>
  typeof value === "object" && value !== null && typeof (value as Partial<LocaleText>).inLocale === "function";

/** A whole number the reader's way ("1,000", "1 000", "1.000"). */
export const countIn = (value: number): LocaleText =>
  localeText((locale) => value.toLocaleString(locale === SOURCE_LOCALE ? "en-US" : LOCALE_TAGS[locale]));

/**
 * A value of a server's message that is written in the reader's language (a date, an amount, a
 * weekday): the server's `text(locale, descriptor)` writes it with `inLocale(locale, i18n)` before
 * the message takes it.
 */
export type LocaleText = { inLocale(locale: Locale, i18n: I18n): string };

export function localeText(inLocale: (locale: Locale, i18n: I18n) => string): LocaleText {
  return { inLocale };
}
