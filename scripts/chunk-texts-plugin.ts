/**
 * Each built chunk's texts, in every language (issue 30, ADRs 0085 and 0086): the client build
 * derives a catalog per chunk and language from the messages the chunk's code uses, so a page
 * downloads the texts of the code it runs and no others. The `.po` files stay per area for the
 * translators (lingui.config.ts); this plugin only cuts what the browser downloads.
 *
 * - `renderChunk`: each message descriptor in the chunk gets its compiled English as its `message`
 *   (the macros leave `{ id }`; a hand-written shared one has its English source, replaced), which
 *   Lingui shows when the active catalog has no such id: English is in the code, as before the
 *   languages, and has no catalogs. A chunk whose code holds message ids then starts with one
 *   statement that hands its own address to the page's texts loader (web/src/i18n/chunk-texts.ts),
 *   which fetches the chunk's catalog in the page's language as the chunk runs. The build fails on
 *   a message whose English could not go into the code (an id not in a descriptor written out).
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
 * The code with each message descriptor of `english`'s ids given its compiled English as `message`:
 * an object `{ id: "…", … }` without one (as the macros leave them) gets it, one whose `message` is
 * a string (a descriptor written by hand, with its English source) has it replaced. The ids so given.
 */
export function withEnglish(
  code: string,
  program: Node,
  english: Record<string, unknown>,
): { code: string; inlined: Set<string> } {
  const edits: { start: number; end: number; text: string; id: string }[] = [];
  const visit = (node: Node) => {
    if (node.type === "ObjectExpression") {
      const properties = node.properties as Node[];
      const idProperty = properties.find((property) => propertyName(property) === "id");
      const id = idProperty ? stringValue(idProperty.value as Node) : null;
      const messageProperty = properties.find((property) => propertyName(property) === "message");
      const plain = properties.every((property) => property.type === "Property");
      if (idProperty && id !== null && Object.hasOwn(english, id) && plain) {
        if (!/^["'`]?id\b/.test(code.slice(idProperty.start, idProperty.end)))
          throw new Error(`chunk texts: the parser's offsets do not match the code at ${idProperty.start}`);
        const compiled = JSON.stringify(english[id]);
        if (!messageProperty)
          edits.push({ start: idProperty.end, end: idProperty.end, text: `,message:${compiled}`, id });
        else if (stringValue(messageProperty.value as Node) !== null) {
          const value = messageProperty.value as Node;
          edits.push({ start: value.start, end: value.end, text: compiled, id });
        }
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(program);
  let out = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return { code: out, inlined: new Set(edits.map(({ id }) => id)) };
}

/** The plugin; `enabled` in the client's production build only (dev and the prerender load the area catalogs). */
export function chunkTextsPlugin(enabled: boolean): Plugin {
  let messages: { web: Compiled; shared: Compiled } | undefined;
  /** Each descriptor's compiled English the code can carry: the pages' messages, and the shared texts that do not read as their id. */
  let english: Record<string, unknown> = {};
  /** Each chunk's message ids, by its preliminary file name. */
  const chunkTexts = new Map<string, string[]>();
  const version = enabled ? textsVersion() : "";
  return {
    name: "schoolride-chunk-texts",
    // Defined everywhere (null where the area catalogs load: development, the prerender, the tests' Vite).
    config: () => ({ define: { __CHUNK_TEXTS__: enabled ? JSON.stringify(version) : "null" } }),
    async buildStart() {
      if (!enabled) return;
      messages = { web: await compiledMessages(WEB_LOCALES), shared: await compiledMessages(SHARED_LOCALES) };
      const shared = messages.shared[SOURCE_LOCALE];
      english = {
        ...Object.fromEntries(Object.entries(shared).filter(([id, text]) => !readsAsItsId(id, text))),
        ...messages.web[SOURCE_LOCALE],
      };
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
      const given = withEnglish(code, this.parse(code) as unknown as Node, english);
      // English in the code: given to a descriptor above, or a shared text that reads as its own id.
      const inCode = (id: string) =>
        given.inlined.has(id) || (!Object.hasOwn(web.en, id) && readsAsItsId(id, shared.en[id]));
      const missing = ids.filter((id) => !inCode(id));
      if (missing.length > 0)
        this.error(
          `chunk texts: ${chunk.fileName} uses ${missing.join(", ")} outside a descriptor written out ({ id, message }), so its English cannot be in the code (ADR 0086)`,
        );
      chunkTexts.set(chunk.fileName, ids);
      return { code: `${PROLOGUE}\n${given.code}`, map: null };
    },
    generateBundle(_, bundle) {
      const compiled = messages;
      if (!compiled) return;
      const chunks: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const ids = chunkTexts.get(output.preliminaryFileName);
        if (!ids) continue;
        if (!output.code.startsWith(PROLOGUE)) this.error(`chunk texts: ${output.fileName} lost its first statement`);
        chunks.push(output.fileName);
        for (const locale of LOCALES) {
          if (locale === SOURCE_LOCALE) continue;
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
      const manifest: TextsIndex = { version, chunks: chunks.sort() };
      this.emitFile({ type: "asset", fileName: TEXTS_MANIFEST, source: JSON.stringify(manifest, null, 2) });
      // The same list for the service worker (precached): it keeps a language's catalogs for every chunk.
      this.emitFile({ type: "asset", fileName: textsIndexFile(version), source: JSON.stringify(manifest) });
    },
  };
}
