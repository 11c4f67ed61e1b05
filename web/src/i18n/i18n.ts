/// <reference types="vite/client" />
/**
 * The browser's languages (ADR 0078). Texts are Lingui macros. The production build loads each
 * built chunk's own catalog in the page's language as the chunk runs (chunk-texts.ts, ADR 0085); in
 * development and the prerender the catalogs per area and language (lingui.config.ts) load here
 * before the pages that show them render: the entry loads the frame's, a role area's discovery its
 * area's (routes/router.tsx), the public layout the site's. A change of language saves the choice
 * and reloads the page, so every text — a page's, a kept query's, one composed by the server —
 * comes in the new language at once.
 */
import { i18n, type Messages } from "@lingui/core";
import { LOCALE_CHOICE_COOKIE } from "#shared/locale-choice.ts";
import {
  direction,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_TAGS,
  type Locale,
  negotiateLocale,
  SOURCE_LOCALE,
} from "#shared/locales.ts";
import { CHUNK_TEXTS_VERSION, startChunkTexts, textsReady } from "./chunk-texts.ts";

export type CatalogArea =
  | "frame"
  | "shared"
  | "public"
  | "legal"
  | "services"
  | "registration"
  | "account"
  | "parent"
  | "driver"
  | "school"
  | "school-routes"
  | "school-live"
  | "school-reports"
  | "admin"
  | "admin-audit"
  | "admin-metrics";

type Catalog = { messages: Messages };

/**
 * Every catalog in every language, in development and the prerender: one small chunk each (the Vite
 * plugin compiles the `.po`), by its path. The production build loads each chunk's own texts
 * instead (chunk-texts.ts, ADR 0085), so it builds none of these.
 */
const CATALOGS = __CHUNK_TEXTS__
  ? {}
  : import.meta.glob<Catalog>(["../locales/*/*.po", "../../../worker/locales/shared/*.po"]);

function importCatalog(area: CatalogArea, locale: Locale): Promise<Catalog> {
  // The texts the server shares with the browser (worker/shared's descriptors) are in worker/locales.
  const path = area === "shared" ? `../../../worker/locales/shared/${locale}.po` : `../locales/${area}/${locale}.po`;
  const catalog = CATALOGS[path];
  if (!catalog) return Promise.reject(new Error(`No catalog ${path}`));
  return catalog();
}

const loads = new Map<string, Promise<void>>();

function load(area: CatalogArea, locale: Locale): Promise<void> {
  // The production build's pages load their chunks' texts, not the areas' (chunk-texts.ts).
  if (CHUNK_TEXTS_VERSION) return textsReady();
  const key = `${area}/${locale}`;
  let loading = loads.get(key);
  if (!loading) {
    loading = importCatalog(area, locale).then(({ messages }) => i18n.load(locale, messages));
    // A failed chunk (offline, or a deployment replaced it): the next page that needs it tries again.
    loading.catch(() => loads.delete(key));
    loads.set(key, loading);
  }
  return loading;
}

/** The language this page shows: the address's `?lang=`, the reader's choice (its cookie), else the browser's languages. */
export function pageLocale(): Locale {
  // A `?lang=` address (the public pages' hreflang alternates) shows its language without choosing it.
  const asked = new URLSearchParams(location.search).get("lang");
  if (isLocale(asked)) return asked;
  const chosen = document.cookie
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return isLocale(chosen) ? chosen : negotiateLocale(navigator.languages ?? [navigator.language]);
}

/** The active language (English before the entry activated one: the prerender's). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/** Starts the page in `locale` with `areas`' catalogs loaded; the document says which language and direction. */
export async function startLocale(locale: Locale, areas: readonly CatalogArea[]): Promise<void> {
  startChunkTexts(locale);
  await Promise.all(areas.map((area) => load(area, locale)));
  i18n.activate(locale, [LOCALE_TAGS[locale]]);
  if (typeof document !== "undefined") {
    document.documentElement.lang = LOCALE_TAGS[locale];
    document.documentElement.dir = direction(locale);
  }
}

/** Loads an area's catalog in the active language (before its pages render). */
export function loadCatalog(area: CatalogArea): Promise<void> {
  return load(area, activeLocale());
}

/**
 * Keeps `locale` as this browser's language for a year (the server reads it for its first answer
 * too). `chosen`: the visitor chose it with the pages' switcher, so a sign-in without a saved
 * language keeps it as the user's (ADR 0084); any other keeping (a sign-in's, a saved choice's)
 * forgets that mark.
 */
export function rememberLocale(locale: Locale, { chosen = false }: { chosen?: boolean } = {}): void {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const keep = `; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, set before any page of the language loads (the Cookie Store API is not in every browser the app supports)
  document.cookie = `${LOCALE_COOKIE}=${locale}${keep}`;
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = chosen
    ? `${LOCALE_CHOICE_COOKIE}=${locale}${keep}`
    : `${LOCALE_CHOICE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** Switches the page to `locale`: remembered (`chosen`: by the visitor, on the switcher), then the page reloads in it. */
export function switchLocale(locale: Locale, options?: { chosen?: boolean }): void {
  rememberLocale(locale, options);
  location.reload();
}

export { i18n };
