/**
 * The languages SchoolRide speaks (ADR 0078): one list for the browser, the server and the catalogs'
 * configuration (lingui.config.ts). English is the source language: every text is written in it and
 * the spec's English texts stay exactly as the spec gives them.
 */
export const LOCALES = ["en", "es", "ar", "zh", "vi", "sv"] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = "en";

/** Each language by its own name, as a switcher shows it (a reader looks for their own language's name). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  ar: "العربية",
  zh: "中文（简体）",
  vi: "Tiếng Việt",
  sv: "Svenska",
};

/** The tag `Intl` formats with and `<html lang>` carries (Chinese is Simplified, as in mainland China). */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: "en",
  es: "es",
  ar: "ar",
  zh: "zh-CN",
  vi: "vi",
  sv: "sv",
};

/** The cookie a browser's chosen language is kept in (not HttpOnly: the page reads it before its first render). */
export const LOCALE_COOKIE = "schoolride_locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Which way the language's text runs: Arabic right to left, the others left to right. */
export function direction(locale: Locale): "rtl" | "ltr" {
  return locale === "ar" ? "rtl" : "ltr";
}

/**
 * The best of our languages for a list of the reader's language tags, best first (the browser's
 * `navigator.languages`, or a parsed Accept-Language): the first tag whose language we speak, by its
 * primary subtag (`es-MX` → Spanish; any Chinese → Simplified Chinese), else English.
 */
export function negotiateLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return SOURCE_LOCALE;
}

/** An Accept-Language header's tags, best first (`q=0` ones left out); a malformed part is skipped. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The language a cookie's value names, or null when it names none of ours. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return isLocale(value) ? value : null;
}

/**
 * The language a request is answered in (the server's refusals, a PDF it draws): the reader's choice
 * (the `schoolride_locale` cookie), else the best of the browser's Accept-Language, else English.
 */
export function requestLocale(headers: { get(name: string): string | null }): Locale {
  return localeFromCookie(headers.get("cookie")) ?? negotiateLocale(acceptedLanguages(headers.get("accept-language")));
}
