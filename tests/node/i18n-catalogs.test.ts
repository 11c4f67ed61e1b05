/**
 * Issue 30's checks on the catalogs (ADR 0078): each catalog holds exactly the messages its sources
 * use (none missing, none unused: `npm run i18n:extract` was run after the last text changed), every
 * message is translated in every language, a translation keeps its English's placeholders, and the
 * server's compiled catalogs are the `.po` files' current content.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
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

/**
 * Each role area's files, as its routes module imports them (static and lazy imports, followed
 * through web/src), and the catalogs its pages load: a file with texts that an area shows must be in
 * one of them, or the area would show that file's message ids.
 */
describe("every area's pages find their texts", () => {
  const web = join(root, "web/src");
  // The public router names the areas' route modules (found on navigation): its walk stops there.
  // `skip`: the lazy parts of a shared page another role opens (the school admin's dialogs on the
  // invoices and notifications pages a parent also sees), not followed.
  const reachable = (start: string, skip: readonly string[] = []): Set<string> => {
    const seen = new Set<string>();
    const areas = join(web, "routes/areas");
    const skipped = new Set(skip.map((file) => join(web, file)));
    const visit = (file: string) => {
      if (seen.has(file) || skipped.has(file) || !existsSync(file) || (file.startsWith(areas) && seen.size > 0)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const [, specifier] of source.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g))
        if (/\.tsx?$/.test(specifier!)) visit(resolve(dirname(file), specifier!));
    };
    visit(join(web, start));
    return seen;
  };
  const inCatalogs = (file: string, areas: readonly string[]) =>
    areas.some((area) => {
      const { include, exclude = [] } = CATALOG_AREAS[area]!;
      const inside = (folder: string) => {
        const path = join(root, folder.replace("<rootDir>/", ""));
        return file === path || file.startsWith(`${path}/`);
      };
      return include.some(inside) && !exclude.some(inside);
    });
  const AREAS: readonly { start: string; catalogs: readonly string[]; skip?: readonly string[] }[] = [
    { start: "routes/router.tsx", catalogs: ["frame", "public", "legal", "services", "registration"] },
    {
      start: "routes/areas/parent.tsx",
      catalogs: ["frame", "account", "parent"],
      skip: [
        "pages/notifications/SendNotificationDialog.tsx",
        "pages/notifications/SentNotifications.tsx",
        "pages/invoices/PaymentSettingsDialog.tsx",
        "pages/invoices/CorrectionActions.tsx",
        "pages/invoices/EditInvoiceDialog.tsx",
        "pages/invoices/MarkPaidDialog.tsx",
        "pages/invoices/ResendInvoiceDialog.tsx",
        "pages/invoices/VoidInvoiceDialog.tsx",
        "pages/invoices/CreateInvoiceDialog.tsx",
        "features/payment-settings/hooks.ts",
      ],
    },
    { start: "routes/areas/driver.tsx", catalogs: ["frame", "account", "driver"] },
    {
      start: "routes/areas/school-admin.tsx",
      catalogs: ["frame", "account", "school", "school-routes", "school-live", "school-reports"],
    },
    { start: "routes/areas/super-admin.tsx", catalogs: ["frame", "account", "admin", "admin-audit", "admin-metrics"] },
  ];
  for (const { start, catalogs, skip } of AREAS) {
    it(`${start}: every file with texts it reaches is in ${catalogs.join(", ")}`, () => {
      const files = [...reachable(start, skip)].filter((file) =>
        /from "@lingui\/(core|react)\/macro"/.test(readFileSync(file, "utf8")),
      );
      expect(files.length).toBeGreaterThan(5);
      expect(files.filter((file) => !inCatalogs(file, catalogs)).map((file) => relative(root, file))).toEqual([]);
    });
  }
});
