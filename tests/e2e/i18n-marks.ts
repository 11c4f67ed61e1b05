/**
 * Issue 30's check that nothing is left untranslated: the core journeys run once (the `marked`
 * project) with every catalog message between invisible marks (U+200B, which Playwright's text
 * matchers ignore, so the journeys' English assertions hold), and fail on any visible text outside
 * the marks that is not data. The marks are added to the catalogs' chunks as the browser downloads
 * them (the app is the production build, unchanged); the service worker is blocked in that project,
 * so every chunk comes through the network.
 *
 * What is data, not text to translate: every string the API answered (names, a school's own
 * messages, texts the server composed in the reader's language), the brand, e-mail addresses and
 * URLs, and what `Intl` formats (month and day names, AM/PM).
 */
import { type BrowserContext, test as base, expect, type TestInfo } from "@playwright/test";

export { expect };

const MARK = "\u200b";
const CATALOG_CHUNK = /\/assets\/i18n-[\w-]+\.js$/;
const ATTRIBUTES = ["aria-label", "placeholder", "title", "alt"] as const;

type Compiled = string | unknown[];

/** A catalog chunk with each of its messages between marks (the chunk is `JSON.parse(<messages as a string>)`). */
export function markCatalog(source: string): string {
  return source.replace(/JSON\.parse\((`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*")\)/, (_, literal: string) => {
    // The build's own string literal (a template or a quoted string), read as JavaScript reads it.
    const json = new Function(`return ${literal}`)() as string;
    const messages = JSON.parse(json) as Record<string, Compiled>;
    for (const [id, message] of Object.entries(messages))
      messages[id] = typeof message === "string" ? `${MARK}${message}${MARK}` : [MARK, ...message, MARK];
    return `JSON.parse(${JSON.stringify(JSON.stringify(messages))})`;
  });
}

/** A page's HTML without its prerendered content (the root is the body's last element). */
export function withoutPrerender(html: string): string {
  return html.replace(/<div id="root" data-prerendered="[^"]*">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
}

/** The lines of `text` outside marks that hold words (two letters in a row). */
export function unmarkedLines(text: string): string[] {
  return text
    .split(MARK)
    .filter((_, index) => index % 2 === 0)
    .join("\n")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /\p{L}{2}/u.test(line));
}

const INTL_WORDS =
  /\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t|tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Mon(?:day)?|Tue(?:sday)?|Wed(?:nesday)?|Thu(?:rsday)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?|AM|PM|GMT|UTC)\b/g;

/** What is left of a line once the data in it is taken out: words there are untranslated text. */
export function untranslatedPart(line: string, data: readonly string[]): string {
  let rest = line;
  for (const value of data) if (value.length > 1 && rest.includes(value)) rest = rest.replaceAll(value, " ");
  rest = rest
    .replace(/\bSchoolRide\b/g, " ")
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(INTL_WORDS, " ");
  return /\p{L}{2}/u.test(rest) ? rest.replace(/\s+/g, " ").trim() : "";
}

/** Every string in a JSON answer, longest first (so a name is taken out before a word inside it). */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    into.add(value.trim());
    for (const line of value.split("\n")) into.add(line.trim());
  } else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) stringsOf(item, into);
}

/** Marks the context's catalogs and records what its pages show outside them; `check()` fails the test on any. */
async function watch(context: BrowserContext) {
  const seen = new Map<string, string>();
  const data = new Set<string>();
  await context.route(CATALOG_CHUNK, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: markCatalog(await response.text()) });
  });
  // A prerendered page's HTML is the build's English, unmarked: the page is rendered afresh instead.
  await context.route(
    (url) => !/^\/(api|dev|assets)\/|\.\w+$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      await route.fulfill({ response, body: withoutPrerender(html) });
    },
  );
  context.on("response", (response) => {
    if (!new URL(response.url()).pathname.startsWith("/api/")) return;
    if (!(response.headers()["content-type"] ?? "").includes("json")) return;
    response
      .json()
      .then((body: unknown) => stringsOf(body, data))
      .catch(() => undefined);
  });
  await context.exposeFunction("__untranslated", (path: string, lines: string[]) => {
    for (const line of lines) if (!seen.has(line)) seen.set(line, path);
  });
  await context.addInitScript(
    ({ mark, attributes }) => {
      const report = () => {
        // biome-ignore lint/performance/useDomNodeTextContent: the visible text (innerText leaves hidden elements out), as a reader sees it
        const texts = [document.body?.innerText ?? "", document.title];
        for (const element of document.querySelectorAll<HTMLElement>(attributes.map((name) => `[${name}]`).join(",")))
          if (element.checkVisibility?.() !== false)
            for (const name of attributes) texts.push(element.getAttribute(name) ?? "");
        const lines = texts
          .join("\n")
          .split(mark)
          .filter((_, index) => index % 2 === 0)
          .join("\n")
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => /\p{L}{2}/u.test(line));
        (window as unknown as { __untranslated(path: string, lines: string[]): void }).__untranslated(
          location.pathname,
          lines,
        );
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        clearTimeout(timer);
        timer = setTimeout(report, 200);
      };
      new MutationObserver(schedule).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: [...attributes],
      });
    },
    { mark: MARK, attributes: [...ATTRIBUTES] },
  );
  return {
    check(testInfo: TestInfo) {
      const values = [...data].sort((a, b) => b.length - a.length);
      const untranslated = [...seen]
        .map(([line, path]) => ({ path, line, rest: untranslatedPart(line, values) }))
        .filter(({ rest }) => rest !== "")
        .map(({ path, line, rest }) => `${path}: "${line}" (untranslated: "${rest}")`);
      if (untranslated.length > 0)
        void testInfo.attach("untranslated", { body: untranslated.join("\n"), contentType: "text/plain" });
      expect(untranslated, "texts outside the catalogs (not data)").toEqual([]);
    },
  };
}

/**
 * The journeys' `test`: in the `marked` project, every page of every context the test opens is
 * watched (its own context's and those of `browser.newContext()`), and the test fails at its end on any
 * untranslated text; in the other projects it is Playwright's own.
 */
export const test = base.extend<{ marks: undefined }>({
  marks: [
    async ({ context, browser }, use, testInfo) => {
      if (testInfo.project.name !== "marked") return use(undefined);
      const watchers = [await watch(context)];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext({ ...options, serviceWorkers: "block" });
        watchers.push(await watch(created));
        return created;
      };
      await use(undefined);
      browser.newContext = newContext;
      for (const watcher of watchers) watcher.check(testInfo);
    },
    { auto: true },
  ],
});
