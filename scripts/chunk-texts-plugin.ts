/**
 * Each built chunk's texts, in every language (issue 30, ADRs 0085 and 0086): the client build
 * derives a catalog per chunk and language from the messages the chunk's code uses, so a page
 * downloads the texts of the code it runs and no others. The `.po` files stay per area for the
 * translators (lingui.config.ts); this plugin only cuts what the browser downloads.
 *
 * - `renderChunk`: each message descriptor the macros left in the chunk (`{ id }`) gets its English,
 *   compiled, as its `message`, which Lingui shows when the active catalog has no such id: the
 *   English reader's texts are in the code, as before the languages, and need no catalog. A chunk
 *   whose code holds message ids then starts with one statement that hands its own address to the
 *   page's texts loader (web/src/i18n/chunk-texts.ts), which fetches the chunk's catalog in the
 *   page's language as the chunk runs — in English only where some of its texts are not in the code
 *   (the texts shared with the server, whose English is a descriptor's or the string itself).
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
import {
  CHUNK_TEXTS_QUEUE,
  readsAsItsId,
  type TextsIndex,
  textsFile,
  textsIndexFile,
} from "../worker/shared/catalog-chunks.ts";
import { LOCALES, type Locale, SOURCE_LOCALE } from "../worker/shared/locales.ts";

/** dist/.vite/texts.json: the texts' version and the chunks that have texts (`TextsIndex`). */
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
/** A chunk's first statement: its address, and whether it has an English catalog (1) or not (0). */
const prologue = (english: boolean) => `(self.${CHUNK_TEXTS_QUEUE}||=[]).push([import.meta.url,${english ? 1 : 0}]);`;
const PROLOGUE_START = `(self.${CHUNK_TEXTS_QUEUE}||=[]).push([import.meta.url,`;

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

/** An ESTree node as Rolldown's parser gives it (`this.parse`): its type, its span in the code, its fields. */
type Node = { type: string; start: number; end: number; [field: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** A property's name when it is a plain one (`id`, `"id"`), else null. */
function propertyName(property: Node): string | null {
  if (property.type !== "Property" || property.computed) return null;
  const key = property.key as Node;
  if (key.type === "Identifier") return key.name as string;
  return key.type === "Literal" && typeof key.value === "string" ? key.value : null;
}

/** A string a node states outright (a literal, or a template without expressions), else null. */
function stringValue(node: Node): string | null {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type !== "TemplateLiteral" || (node.expressions as Node[]).length > 0) return null;
  const [quasi] = node.quasis as { value: { cooked: string | null } }[];
  return quasi?.value.cooked ?? null;
}

/**
 * The code with each message descriptor of `english`'s ids (an object `{ id: "…", … }` without a
 * `message`, as the macros leave them) given its compiled English as `message`, and the ids so given.
 */
export function withEnglish(
  code: string,
  program: Node,
  english: Record<string, unknown>,
): { code: string; inlined: Set<string> } {
  const inserts: { at: number; id: string }[] = [];
  const visit = (node: Node) => {
    if (node.type === "ObjectExpression") {
      const properties = node.properties as Node[];
      const idProperty = properties.find((property) => propertyName(property) === "id");
      const id = idProperty ? stringValue(idProperty.value as Node) : null;
      if (
        idProperty &&
        id !== null &&
        Object.hasOwn(english, id) &&
        !properties.some((property) => property.type !== "Property" || propertyName(property) === "message")
      ) {
        if (!/^["'`]?id\b/.test(code.slice(idProperty.start, idProperty.end)))
          throw new Error(`chunk texts: the parser's offsets do not match the code at ${idProperty.start}`);
        inserts.push({ at: idProperty.end, id });
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(program);
  let out = code;
  for (const { at, id } of inserts.sort((a, b) => b.at - a.at))
    out = `${out.slice(0, at)},message:${JSON.stringify(english[id])}${out.slice(at)}`;
  return { code: out, inlined: new Set(inserts.map(({ id }) => id)) };
}

/** The plugin; `enabled` in the client's production build only (dev and the prerender load the area catalogs). */
export function chunkTextsPlugin(enabled: boolean): Plugin {
  let messages: { web: Compiled; shared: Compiled } | undefined;
  /** Each chunk's message ids, and those it needs an English catalog for, by its preliminary file name. */
  const chunkTexts = new Map<string, { ids: string[]; english: string[] }>();
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
    renderChunk(code, chunk) {
      if (!messages) return null;
      // Read before the English goes in, so that no English word in it counts as a shared text used.
      const ids = usedIds(code, messages.web.en, messages.shared.en);
      if (ids.length === 0) return null;
      const { web, shared } = messages;
      const given = withEnglish(code, this.parse(code) as unknown as Node, web[SOURCE_LOCALE]);
      // English in the code: given to a descriptor above, or a shared text that reads as its own id.
      const inCode = (id: string) =>
        given.inlined.has(id) || (!Object.hasOwn(web.en, id) && readsAsItsId(id, shared.en[id]));
      const english = ids.filter((id) => !inCode(id));
      chunkTexts.set(chunk.fileName, { ids, english });
      return { code: `${prologue(english.length > 0)}\n${given.code}`, map: null };
    },
    generateBundle(_, bundle) {
      const compiled = messages;
      if (!compiled) return;
      const chunks: string[] = [];
      const sourceChunks: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const texts = chunkTexts.get(output.preliminaryFileName);
        if (!texts) continue;
        if (!output.code.startsWith(PROLOGUE_START))
          throw new Error(`chunk texts: ${output.fileName} lost its first statement`);
        chunks.push(output.fileName);
        if (texts.english.length > 0) sourceChunks.push(output.fileName);
        for (const locale of LOCALES) {
          const ids = locale === SOURCE_LOCALE ? texts.english : texts.ids;
          if (ids.length === 0) continue;
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
      const manifest: TextsIndex = { version, chunks: chunks.sort(), sourceChunks: sourceChunks.sort() };
      this.emitFile({ type: "asset", fileName: TEXTS_MANIFEST, source: JSON.stringify(manifest, null, 2) });
      // The same list for the service worker (precached): it keeps a language's catalogs for every chunk.
      this.emitFile({ type: "asset", fileName: textsIndexFile(version), source: JSON.stringify(manifest) });
    },
  };
}
