/**
 * The language catalogs' chunks (`assets/i18n-<catalog>-<locale>-<hash>.js`, vite.config.ts names
 * them; ADR 0078): not precached — a reader needs one language of six — but kept by the service
 * worker once the page has loaded them (`CATALOG_CACHE`, cache first: a hashed name never changes
 * content), so the reader's own language works offline after it has been seen once (ADR 0083).
 * Apart from #shared/service-worker.ts, whose constants every role area's page loads: only the
 * build, the worker and the worker's registration need these.
 */
import { isLocale, LOCALES, type Locale } from "./locales.ts";

export const CATALOG_CHUNK_PREFIX = "i18n-";

const CATALOG_CHUNK = new RegExp(`^/assets/${CATALOG_CHUNK_PREFIX}[\\w-]+-(${LOCALES.join("|")})-[\\w-]+\\.js$`);

/**
 * A built chunk's catalog in `locale` (ADR 0085): `assets/X-<hash>.js` → `assets/i18n-X-<hash>-<locale>-<version>.js`,
 * the version a hash of every catalog's translations. The build writes it (scripts/chunk-texts-plugin.ts);
 * the page derives it from the chunk's own address as the chunk runs (web/src/i18n/chunk-texts.ts).
 */
export function textsFile(chunkFile: string, locale: string, version: string): string {
  return chunkFile.replace(/([^/]+)\.js$/, `${CATALOG_CHUNK_PREFIX}$1-${locale}-${version}.js`);
}

/**
 * The chunks with texts and the texts' version (dist/.vite/texts.json, and `textsIndexFile` for the
 * service worker). Each has a catalog in every language but English, whose texts are in the code
 * (ADR 0086).
 */
export type TextsIndex = { version: string; chunks: string[] };

/**
 * Whether a text shared with the server reads, in English, as its id (a plain text marked with
 * `said`, whose English is the string itself): the English page shows it without any catalog.
 */
export function readsAsItsId(id: string, compiledEnglish: unknown): boolean {
  return (
    compiledEnglish === id ||
    (Array.isArray(compiledEnglish) && compiledEnglish.length === 1 && compiledEnglish[0] === id)
  );
}

/** The list of the chunks with texts and the texts' version, for the service worker (precached). */
export function textsIndexFile(version: string): string {
  return `assets/texts-${version}.json`;
}

/** The language of a catalog chunk's address (`…-<locale>-<version>.js`, the version 8 characters), or null. */
export function catalogLocale(pathname: string): Locale | null {
  const locale = /-([a-z]{2})-[\w-]{8}\.js$/.exec(pathname)?.[1];
  return isCatalogChunk(pathname) && isLocale(locale) ? locale : null;
}

export const TEXTS_INDEX = /^\/?assets\/texts-[\w-]+\.json$/;

/** The global array a chunk with texts pushes its own address to as it runs (scripts/chunk-texts-plugin.ts). */
export const CHUNK_TEXTS_QUEUE = "__schoolrideTexts";

/** Whether `pathname` is a built catalog chunk's (not the loader's own, web/src/i18n/i18n.ts's `i18n-<hash>.js`). */
export function isCatalogChunk(pathname: string): boolean {
  return CATALOG_CHUNK.test(pathname);
}

/**
 * The message a page sends the worker when it starts controlling it: `{ type, urls }`, the catalog
 * chunks the page loaded before (from the network, past the worker), for it to keep as well.
 */
export const KEEP_CATALOGS = "KEEP_CATALOGS";

/**
 * How many catalog chunks the worker keeps, and how long unused: one language's catalogs (one per
 * chunk with texts, ~160, each a few hundred bytes) twice over and more (a deployment's new names
 * beside the old ones, a second language tried), the least recently used going first; a month
 * without use, and they go too.
 */
export const CATALOG_CACHE_LIMITS = { maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 } as const;
