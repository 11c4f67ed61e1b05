/**
 * The texts of the code a page runs (ADRs 0085, 0086). In the production build every chunk that
 * shows texts has a catalog of its own per language, and pushes its address to `CHUNK_TEXTS_QUEUE`
 * as it runs (scripts/chunk-texts-plugin.ts); from `startChunkTexts` on, each push loads that
 * chunk's catalog in the page's language — in any language but English, which is in the code
 * (each message's `message`). Every lazy `import()` of the app waits for the texts of what it
 * loaded (`afterTexts`, added by the build), so a page or a dialog renders with its words. In
 * development and in the prerender the area catalogs load instead (i18n.ts), and none of this runs.
 */
import { i18n } from "@lingui/core";
import { CHUNK_TEXTS_QUEUE, textsFile } from "#shared/catalog-chunks.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";

declare global {
  /** The build's texts version (scripts/chunk-texts-plugin.ts defines it): null where the area catalogs load. */
  const __CHUNK_TEXTS__: string | null;
}
export const CHUNK_TEXTS_VERSION: string | null = __CHUNK_TEXTS__;

type Queue = { push(url: string): unknown };
type Holder = Record<typeof CHUNK_TEXTS_QUEUE, Queue | string[] | undefined>;

let textsLocale: Locale | undefined;
/** Each chunk's catalog, by the chunk's address: loading or loaded. */
const loads = new Map<string, Promise<void>>();
/** Chunks whose catalog failed (offline, a replaced deployment): the next wait tries again. */
const failed = new Set<string>();

function load(chunkUrl: string): void {
  const locale = textsLocale;
  // English is in the code (ADR 0086): no catalog to load.
  if (!CHUNK_TEXTS_VERSION || !locale || locale === SOURCE_LOCALE || loads.has(chunkUrl)) return;
  const url = textsFile(chunkUrl, locale, CHUNK_TEXTS_VERSION);
  const loading = (import(/* @vite-ignore */ url) as Promise<{ messages: Record<string, unknown> }>).then(
    ({ messages }) => i18n.load(locale, messages as never),
  );
  loading.catch(() => {
    loads.delete(chunkUrl);
    failed.add(chunkUrl);
  });
  loads.set(chunkUrl, loading);
}

/** From now on, every chunk that has run or runs gets its texts in `locale`. */
export function startChunkTexts(locale: Locale): void {
  if (!CHUNK_TEXTS_VERSION) return;
  textsLocale = locale;
  const holder = globalThis as unknown as Holder;
  const waiting = holder[CHUNK_TEXTS_QUEUE];
  holder[CHUNK_TEXTS_QUEUE] = { push: (url: string) => load(url) };
  if (Array.isArray(waiting)) for (const url of waiting) load(url);
}

/** Resolves once every chunk that has run has its texts (retrying those that failed). */
export async function textsReady(): Promise<void> {
  for (const url of failed) {
    failed.delete(url);
    load(url);
  }
  await Promise.all(loads.values());
}

/** `loading` (a lazy import), resolved once the texts of the chunks it ran are loaded too. */
export async function afterTexts<T>(loading: Promise<T>): Promise<T> {
  const loaded = await loading;
  await textsReady();
  return loaded;
}
