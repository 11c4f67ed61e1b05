/**
 * Each built chunk's texts, in every language (issue 30, ADR 0085): the client build derives a
 * catalog per chunk and language from the messages the chunk's code uses, so a page downloads the
 * texts of the code it runs and no others — in English too. The `.po` files stay per area for the
 * translators (lingui.config.ts); this plugin only cuts what the browser downloads.
 *
 * - `renderChunk`: a chunk whose code holds a catalog message id starts with one statement that
 *   hands its own address to the page's texts loader (web/src/i18n/chunk-texts.ts), which fetches
 *   the chunk's catalog in the page's language as the chunk runs.
 * - `transform`: every `import("…")` of web/src waits for the texts of the chunks it loaded
 *   (`afterTexts`), so a lazily loaded page or dialog renders with its texts.
 * - `generateBundle`: writes `assets/i18n-<chunk>-<locale>-<version>.js` per such chunk and
 *   language (`textsFile`, the one definition of the name) and dist/.vite/texts.json, the list the
 *   prerender's preloads and the bundle report read; the same list as `assets/texts-<version>.json`
 *   for the service worker, which keeps a language's catalogs of every chunk once one is asked for.
 *
 * The version is a hash of every catalog's `.po`: with the chunk's own hashed name it addresses the
 * catalog's content, so the service worker's cache-first copy is never stale (ADR 0083).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createCompiledCatalog, getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import type { Plugin } from "vite";
import { CHUNK_TEXTS_QUEUE, textsFile, textsIndexFile } from "../worker/shared/catalog-chunks.ts";
import { LOCALES, type Locale } from "../worker/shared/locales.ts";

/** dist/.vite/texts.json: the texts' version and the chunks that have texts. */
export type TextsManifest = { version: string; chunks: string[] };
export const TEXTS_MANIFEST = ".vite/texts.json";

const ROOT = join(import.meta.dirname, "..");
const WEB_LOCALES = join(ROOT, "web/src/locales");
/** The texts the server shares with the browser (worker/shared's fixed texts and descriptors). */
const SHARED_LOCALES = join(ROOT, "worker/locales/shared");
const RUNTIME = join(ROOT, "web/src/i18n/chunk-texts.ts");
/** A message id as the macros write it into a descriptor (`id: "…"`, quoted any way), or a hand-written descriptor's dotted one. */
const MESSAGE_ID = /\bid\s*:\s*(["'`])([\w.-]{2,80})\1/g;
/** A literal dynamic import of web/src's code. */
const DYNAMIC_IMPORT = /\bimport\(\s*(["'`][^"'`]+["'`])\s*\)/g;
const PROLOGUE = `(self.${CHUNK_TEXTS_QUEUE}||=[]).push(import.meta.url);`;

/** A hash of every catalog's `.po` the browser reads (web/src/locales, worker/locales/shared): a change of any translation gives every catalog a new address. */
export function textsVersion(): string {
  const hash = createHash("sha256");
  const folders = [SHARED_LOCALES, ...readdirSync(WEB_LOCALES).map((area) => join(WEB_LOCALES, area))].sort();
  for (const folder of folders) {
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith(".po"))
      .sort()) {
      hash.update(`${relative(ROOT, folder)}/${file}\n`).update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest("base64url").slice(0, 8);
}

type Compiled = Record<Locale, Record<string, unknown>>;

/** The catalogs under `folder`, each language's messages compiled (Lingui's public API), catalogs merged. */
async function compiledMessages(folder: string): Promise<Compiled> {
  const config = getConfig({ cwd: ROOT });
  const catalogs = (await getCatalogs(config)).filter((catalog) => catalog.path.startsWith(folder));
  const byLocale = Object.fromEntries(LOCALES.map((locale) => [locale, {}])) as Record<Locale, Record<string, unknown>>;
  for (const catalog of catalogs) {
    for (const locale of LOCALES) {
      const { messages } = await catalog.getTranslations(locale, {
        sourceLocale: config.sourceLocale,
        fallbackLocales: config.fallbackLocales,
      });
      const { source, errors } = createCompiledCatalog(locale, messages, { namespace: "json" });
      if (errors.length)
        throw new Error(`chunk texts: ${locale} has messages that do not compile: ${errors.map((e) => e.id)}`);
      Object.assign(byLocale[locale], (JSON.parse(source) as { messages: Record<string, unknown> }).messages);
    }
  }
  return byLocale;
}

/**
 * The messages a chunk's code uses: the macros' ids (`id: "…"`), and the shared texts whose id — the
 * English text itself, or a descriptor's dotted id — is a string literal in it, quoted any way.
 */
function usedIds(code: string, web: Record<string, unknown>, shared: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  for (const [, , id] of code.matchAll(MESSAGE_ID)) if (id && Object.hasOwn(web, id)) ids.add(id);
  for (const id of Object.keys(shared)) {
    if (code.includes(JSON.stringify(id)) || code.includes(`\`${id}\``) || code.includes(`'${id}'`)) ids.add(id);
  }
  return [...ids].sort();
}

/** The plugin; `enabled` in the client's production build only (dev and the prerender load the area catalogs). */
export function chunkTextsPlugin(enabled: boolean): Plugin {
  let messages: { web: Compiled; shared: Compiled } | undefined;
  const version = enabled ? textsVersion() : "";
  return {
    name: "schoolride-chunk-texts",
    // Defined everywhere (null where the area catalogs load: development, the prerender, the tests' Vite).
    config: () => ({ define: { __CHUNK_TEXTS__: enabled ? JSON.stringify(version) : "null" } }),
    async buildStart() {
      if (enabled)
        messages = { web: await compiledMessages(WEB_LOCALES), shared: await compiledMessages(SHARED_LOCALES) };
    },
    transform: {
      filter: { id: /[\\/]web[\\/]src[\\/].*\.tsx?$/, code: "import(" },
      handler(code, id) {
        if (!enabled) return;
        if (id.startsWith(join(ROOT, "web/src/i18n")) || id.includes(`${join(ROOT, "web/src/sw")}`)) return;
        if (!DYNAMIC_IMPORT.test(code)) return;
        DYNAMIC_IMPORT.lastIndex = 0;
        const wrapped = code.replace(DYNAMIC_IMPORT, (_, specifier: string) => `__afterTexts(import(${specifier}))`);
        const from = JSON.stringify(`/${relative(join(ROOT, "web"), RUNTIME)}`);
        return { code: `import { afterTexts as __afterTexts } from ${from};\n${wrapped}`, map: null };
      },
    },
    renderChunk(code) {
      if (!messages || usedIds(code, messages.web.en, messages.shared.en).length === 0) return null;
      return { code: `${PROLOGUE}\n${code}`, map: null };
    },
    generateBundle(_, bundle) {
      const compiled = messages;
      if (!compiled) return;
      const chunks: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.code.startsWith(PROLOGUE)) continue;
        const ids = usedIds(output.code, compiled.web.en, compiled.shared.en);
        chunks.push(output.fileName);
        for (const locale of LOCALES) {
          const own = Object.fromEntries(
            ids.map((id) => [id, compiled.web[locale][id] ?? compiled.shared[locale][id]]),
          );
          this.emitFile({
            type: "asset",
            fileName: textsFile(output.fileName, locale, version),
            source: `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(own))});\n`,
          });
        }
      }
      const manifest: TextsManifest = { version, chunks: chunks.sort() };
      this.emitFile({ type: "asset", fileName: TEXTS_MANIFEST, source: JSON.stringify(manifest, null, 2) });
      // The same list for the service worker (precached): it keeps a language's catalogs for every chunk.
      this.emitFile({ type: "asset", fileName: textsIndexFile(version), source: JSON.stringify(manifest) });
    },
  };
}
