/**
 * Issue 30's checks on the catalogs (ADR 0078): each catalog holds exactly the messages its sources
 * use (none missing, none unused: `npm run i18n:extract` was run after the last text changed), every
 * message is translated in every language, a translation keeps its English's placeholders, and the
 * server's compiled catalogs are the `.po` files' current content.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig, type LinguiConfigNormalized } from "@lingui/conf";
import { describe, expect, it } from "vitest";
import { LOCALES, SOURCE_LOCALE } from "#shared/locales.ts";
import { CATALOG_AREAS } from "../../lingui.config.ts";

const root = join(import.meta.dirname, "../..");
const CONFIG_FILES = ["lingui.config.ts", "lingui.server.config.ts"];
const configs = CONFIG_FILES.map((file) => getConfig({ cwd: root, configPath: join(root, file) }));

/** `{name}`, `{count, plural, …}` and `<0>` tags: what a translation must keep. */
function placeholders(message: string): string[] {
  // A plural's branches (`one {# stop}`) are text, not placeholders: the lookbehind skips them.
  const names = [...message.matchAll(/(?<!\b(?:zero|one|two|few|many|other|=\d+)\s*)\{\s*([\w.]+)\s*[,}]/g)].map(
    (match) => `{${match[1]}}`,
  );
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0]);
  return [...new Set([...names, ...tags])].sort();
}

async function catalogsOf(config: LinguiConfigNormalized) {
  return getCatalogs(config);
}

describe("the language catalogs", () => {
  for (const [index, config] of configs.entries()) {
    it(`${CONFIG_FILES[index]}'s catalogs hold exactly the messages their sources use, each translated with its placeholders`, async () => {
      const problems: string[] = [];
      for (const catalog of await catalogsOf(config)) {
        const name = catalog.path.replace(`${root}/`, "");
        const used = (await catalog.collect()) ?? {};
        const english = (await catalog.read(SOURCE_LOCALE)) ?? {};
        for (const id of Object.keys(used))
          if (!(id in english))
            problems.push(`${name}: "${used[id]?.message ?? id}" is not in the catalog (run npm run i18n:extract)`);
        for (const id of Object.keys(english))
          if (!(id in used))
            problems.push(`${name}: "${english[id]?.message ?? id}" is no longer used (run npm run i18n:extract)`);
        for (const locale of LOCALES) {
          if (locale === SOURCE_LOCALE) continue;
          const translated = (await catalog.read(locale)) ?? {};
          for (const [id, source] of Object.entries(english)) {
            const sourceText = source.translation || source.message || id;
            const translation = translated[id]?.translation;
            if (!translation) problems.push(`${name} ${locale}: "${sourceText}" is not translated`);
            else if (placeholders(translation).join() !== placeholders(sourceText).join())
              problems.push(`${name} ${locale}: "${translation}" does not keep the placeholders of "${sourceText}"`);
          }
        }
      }
      expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
    }, 120_000);
  }

  it("every file of web/src with texts is in a catalog (a page would show an id otherwise)", () => {
    const inside = (file: string, folder: string) => {
      const path = folder.replace("<rootDir>/", "");
      return file === path || file.startsWith(`${path}/`);
    };
    const files = readdirSync(join(root, "web/src"), { recursive: true, encoding: "utf8" })
      .map((file) => `web/src/${file}`)
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("web/src/locales/"))
      .filter((file) => /from "@lingui\/(core|react)\/macro"/.test(readFileSync(join(root, file), "utf8")));
    const outside = files.filter(
      (file) =>
        !Object.values(CATALOG_AREAS).some(
          ({ include, exclude = [] }) =>
            include.some((folder) => inside(file, folder)) && !exclude.some((folder) => inside(file, folder)),
        ),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(outside).toEqual([]);
  });

  it("the server's compiled catalogs are the .po files' current messages", async () => {
    const [serverConfig] = configs.slice(1);
    for (const catalog of await catalogsOf(serverConfig!)) {
      for (const locale of LOCALES) {
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: serverConfig!.fallbackLocales,
          sourceLocale: SOURCE_LOCALE,
        });
        const compiled = readFileSync(`${catalog.getFilename(locale).replace(/\.po$/, "")}.ts`, "utf8");
        const ids = Object.keys(JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(compiled)![1]!)));
        expect(ids.sort(), `${catalog.getFilename(locale)}: run npm run i18n:extract`).toEqual(
          Object.keys(messages).sort(),
        );
      }
    }
  });
});
