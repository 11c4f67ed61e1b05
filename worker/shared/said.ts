/**
 * worker/shared's fixed texts (ADR 0078), for the browser and the server alike. A fixed text — a
 * toast, a label, a refusal, a zod schema's message — is marked with `said(/*i18n*\/ { id })`: its
 * English is its id, so the string it stays (in a schema, an AppError, a test) is what finds it in
 * the `shared` catalog again: `translated(i18n, text)` in the reader's language. A text with
 * placeholders is a descriptor with a dotted id instead (`/*i18n*\/ { id, message, values }`),
 * rendered with `i18n._(descriptor)` or, on the server, `text(locale, descriptor)`.
 */
import type { I18n } from "@lingui/core";
import type { Locale } from "./locales.ts";

/** A fixed text, marked for the `shared` catalog; the English string itself (its id). */
export function said<const T extends string>(descriptor: { id: T }): T {
  return descriptor.id;
}

/**
 * `text` in `i18n`'s language when a catalog knows it (a fixed text of worker/shared, or any string
 * with an explicit id); any other string as it is (an already translated message, a name).
 */
export function translated(i18n: I18n, text: string): string {
  return Object.hasOwn(i18n.messages, text) ? i18n._(text) : text;
}

/**
 * A value of a server's message that is written in the reader's language (a date, an amount, a
 * weekday): the server's `text(locale, descriptor)` writes it with `inLocale(locale, i18n)` before
 * the message takes it.
 */
export type LocaleText = { inLocale(locale: Locale, i18n: I18n): string };

export function localeText(inLocale: (locale: Locale, i18n: I18n) => string): LocaleText {
  return { inLocale };
}
