import { LOCALE_NAMES, LOCALE_TAGS, LOCALES } from "#shared/locales.ts";

/** A language select's options: each language by its own name, marked as written in it (`lang`). */
export function LanguageOptions() {
  return LOCALES.map((locale) => (
    <option key={locale} value={locale} lang={LOCALE_TAGS[locale]}>
      {LOCALE_NAMES[locale]}
    </option>
  ));
}
