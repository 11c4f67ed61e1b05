/**
 * The language catalogs' chunks (`assets/i18n-<catalog>-<locale>-<hash>.js`, vite.config.ts names
 * them; ADR 0078): not precached — a reader needs one language of six — but kept by the service
 * worker once the page has loaded them (`CATALOG_CACHE`, cache first: a hashed name never changes
 * content), so the reader's own language works offline after it has been seen once (ADR 0083).
 * Apart from #shared/service-worker.ts, whose constants every role area's page loads: only the
 * build, the worker and the worker's registration need these.
 */
import { LOCALES } from "./locales.ts";

export const CATALOG_CHUNK_PREFIX = "i18n-";

const CATALOG_CHUNK = new RegExp(`^/assets/${CATALOG_CHUNK_PREFIX}[\\w-]+-(${LOCALES.join("|")})-[\\w-]+\\.js$`);

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
 * How many catalog chunks the worker keeps, and how long unused: one language's catalogs (16) twice
 * over (a deployment's new names beside the old ones, a second language tried), the least recently
 * used going first; a month without use, and they go too.
 */
export const CATALOG_CACHE_LIMITS = { maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 } as const;
