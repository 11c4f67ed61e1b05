/**
 * The language a visitor chose on this device with the pages' switcher (ADR 0084). The switcher
 * writes it here as well as in `schoolride_locale` (the language the pages show, which a sign-in
 * also writes: its user's language): only this one says the visitor chose. At sign-in the server
 * reads it (`signInLocale`, worker/i18n/person.ts): a user without a saved language gets it, saved
 * as theirs; the page then forgets it (the choice is used up).
 */
import { isLocale, type Locale } from "./locales.ts";

export const LOCALE_CHOICE_COOKIE = "schoolride_locale_choice";

/** The language a `Cookie` header's choice names, or null when none of ours. */
export function chosenLocaleFromCookie(cookieHeader: string | null | undefined): Locale | null {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_CHOICE_COOKIE)?.[1];
  return isLocale(value) ? value : null;
}
