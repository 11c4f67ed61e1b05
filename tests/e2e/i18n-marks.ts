/**
 * Issue 30's check that nothing is left untranslated: the core journeys run once (the `marked`
 * project) with the words of every catalog message between invisible marks (U+200B, which
 * Playwright's string matchers ignore, so the journeys' English assertions hold; a regular
 * expression goes through `markable`), and fail on any visible text outside the marks that is not
 * data. Each literal part of a message is marked, not its placeholders: what a message shows in
 * them (a name, a time, a label) is checked as what it is. The marks are added as the browser
 * downloads the build's files (the app is the production build, unchanged): to the catalogs' chunks,
 * and to the English the build wrote into the code's message descriptors (ADR 0086); the service
 * worker is blocked in that project, so every chunk comes through the network.
 *
 * What is data, not text to translate: every string the API answered (and the live sockets sent) (names, a school's own
 * messages, texts the server composed in the reader's language), the brand, e-mail addresses and
 * URLs, the plans' names (product names), and what `Intl` formats (month and day names, AM/PM); each language's own name (the language
 * switcher's options), countries' names (`Intl.DisplayNames`), a time zone's IANA name, codes and ids (a word with a digit), a key's shortcut
 * ("alt+T"); and the texts shared with the server that read in English as their own id (`SHARED_AS_THEIR_ID`). The payment provider's pages (`/dev/`, the local stand-in for Stripe's) are not checked.
 */
import { type BrowserContext, test as base, expect, type Page, type Route, type TestInfo } from "@playwright/test";
import { readsAsItsId } from "#shared/catalog-chunks.ts";
import { LOCALE_NAMES } from "#shared/locales.ts";
import { PLANS } from "#shared/plans.ts";
import { messages as SHARED_ENGLISH } from "#worker/locales/shared/en.ts";
import { PRERENDERED_PAGES } from "../../web/src/routes/page-meta.ts";

export { expect };

const MARK = "\u200b";
/**
 * The texts the browser shares with the server that read in English as their own id (ADR 0086: a
 * `said` text): an English page shows the string itself, from no catalog, so it carries no marks.
 * They are the shared catalog's, which the catalogs' test holds complete in every language.
 */
const SHARED_AS_THEIR_ID = Object.entries(SHARED_ENGLISH as Record<string, unknown>)
  .filter(([id, english]) => readsAsItsId(id, english))
  .map(([id]) => id);

/** The pages the build prerenders (their HTML holds the build's English). */
const PRERENDERED_PATHS = new Set<string>(PRERENDERED_PAGES.map((page) => page.path));
const CATALOG_CHUNK = /\/assets\/i18n-[\w-]+-(?:en|es|ar|zh|vi|sv)-[\w-]+\.js$/;
/** The build's other JS chunks (the code). */
const CODE_CHUNK = /\/assets\/(?!i18n-[\w-]+-(?:en|es|ar|zh|vi|sv)-[\w-]+\.js$)[^/]+\.js$/;
const ATTRIBUTES = ["aria-label", "placeholder", "title", "alt"] as const;

type Compiled = string | unknown[];

/**
 * A compiled message with each of its own words between marks: its literal parts, in the branches
 * of a plural or a select too; not its placeholders, so a value it shows (a name, a number, another
 * message with marks of its own) is checked as what it is.
 */
export function markMessage(message: Compiled): Compiled {
  if (typeof message === "string") return message === "" || message === "#" ? message : `${MARK}${message}${MARK}`;
  return message.map((token) => {
    if (typeof token === "string") return markMessage(token);
    if (!Array.isArray(token)) return token;
    const [name, type, cases] = token as [string, string | undefined, unknown];
    if (type !== "plural" && type !== "selectordinal" && type !== "select") return token;
    const marked = Object.fromEntries(
      Object.entries(cases as Record<string, unknown>).map(([key, branch]) => [
        key,
        typeof branch === "string" || Array.isArray(branch) ? markMessage(branch as Compiled) : branch,
      ]),
    );
    return [name, type, marked];
  });
}

/** A catalog chunk with each of its messages marked (the chunk is `JSON.parse(<messages as a string>)`). */
export function markCatalog(source: string): string {
  return source.replace(/JSON\.parse\((`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*")\)/, (_, literal: string) => {
    // The build's own string literal (a template or a quoted string), read as JavaScript reads it.
    const json = new Function(`return ${literal}`)() as string;
    const messages = JSON.parse(json) as Record<string, Compiled>;
    for (const [id, message] of Object.entries(messages)) messages[id] = markMessage(message);
    return `JSON.parse(${JSON.stringify(JSON.stringify(messages))})`;
  });
}

/** A descriptor the build gave its English (`id:"…",message:[…]`, minified: any quotes). */
const DESCRIPTOR_WITH_ENGLISH = /\bid:(["'`])[\w.-]{2,80}\1,message:(?=\[)/g;

/** Where the JavaScript array literal starting at `start` ends (past its `]`): strings skipped, brackets counted. */
function arrayEnd(code: string, start: number): number {
  let depth = 0;
  for (let at = start; at < code.length; at++) {
    const char = code[at];
    if (char === '"' || char === "'" || char === "`") {
      for (at++; at < code.length && code[at] !== char; at++) if (code[at] === "\\") at++;
    } else if (char === "[" || char === "{") depth++;
    else if (char === "]" || char === "}") {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  throw new Error(`no end to the array at ${start}`);
}

/** A code chunk with the English of each of its descriptors marked (see `DESCRIPTOR_WITH_ENGLISH`). */
export function markCode(source: string): string {
  let out = "";
  let from = 0;
  for (const match of source.matchAll(DESCRIPTOR_WITH_ENGLISH)) {
    const start = match.index + match[0].length;
    if (start < from) continue;
    const end = arrayEnd(source, start);
    // The build's own literal, read as JavaScript reads it.
    const message = new Function(`return ${source.slice(start, end)}`)() as Compiled;
    out += source.slice(from, start) + JSON.stringify(markMessage(message));
    from = end;
  }
  return out + source.slice(from);
}

/**
 * `pattern` for a text that may hold marks: Playwright's string matchers drop U+200B, its regular
 * expressions do not, so each token of the pattern may be followed by marks (where there are none,
 * in the other projects, it matches as before): `markable(/^\d+–\d+ min$/)`.
 */
export function markable(pattern: RegExp): RegExp {
  const source = pattern.source.replace(
    /(\\.|\[(?:\\.|[^\]\\])*\]|\((?:\?[:=!])?|\)|[^\\[()|^$*+?{])((?:[*+?]|\{\d+(?:,\d*)?\})\??)?/g,
    (_, atom: string, quantifier: string | undefined) =>
      atom.startsWith("(") ? atom : `${atom}${quantifier ?? ""}\\u200b*`,
  );
  return new RegExp(source.replace(/^\^/, "^\\u200b*"), pattern.flags);
}

/** A text read from the page without its marks (a `textContent` a journey parses). */
export const unmarked = (text: string | null): string => (text ?? "").replaceAll(MARK, "");

/** A page's HTML without its prerendered content (the root is the body's last element) and title (the page sets its own). */
export function withoutPrerender(html: string): string {
  if (!/<div id="root" data-prerendered="/.test(html)) return html;
  return html
    .replace(/<div id="root" data-prerendered="[^"]*">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1')
    .replace(/<title>[^<]*<\/title>/, "<title></title>");
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

/**
 * Each language's name in that language (the language switcher's options): the same in every
 * language by design, so a reader finds their own.
 */
const LANGUAGE_NAMES = Object.values(LOCALE_NAMES);

/** The plans' names: product names, the same in every language (like the brand). */
const PLAN_NAMES = Object.values(PLANS).map((plan) => plan.name);

/** Countries' names as `Intl.DisplayNames` gives them in English (the country pickers' options). */
const REGION_NAMES = (() => {
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const letters = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
  return letters
    .flatMap((first) => letters.map((second) => names.of(first + second)))
    .filter((name): name is string => typeof name === "string" && name.length > 2);
})();

/** An IANA zone as the zone pickers show it ("America / New York"): an identifier, the same in every language. */
const ZONE_LABEL =
  /\b(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)(?: \/ [A-Z][\w'.-]*(?: [\w'.-]+)*)+/g;

/** `value` where it stands as a whole (not the `en` inside "Parent"). */
function wholeValue(value: string): RegExp {
  // Only a letter or a digit at either end can be part of a longer word ("Missing: " before a name is whole).
  const before = /^[\p{L}\p{N}]/u.test(value) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = /[\p{L}\p{N}]$/u.test(value) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${after}`, "gu");
}

/** What is left of a line once the data in it is taken out: words there are untranslated text. */
export function untranslatedPart(line: string, data: readonly string[]): string {
  // A zone first: its city may be a country's name too ("America / Panama").
  let rest = line.replace(ZONE_LABEL, " ");
  for (const value of [...data, ...LANGUAGE_NAMES, ...PLAN_NAMES, ...REGION_NAMES])
    if (value.length > 1 && rest.includes(value)) rest = rest.replace(wholeValue(value), " ");
  rest = rest
    .replace(/\bSchoolRide\b/g, " ")
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    // A distance on the map's scale ("500 ft", "1 km"): a unit's symbol.
    .replace(/\b\d+\s?(?:ft|mi|km|m)\b/g, " ")
    // A code or an id (a word with a digit in it: "22abbae0…", "INV-2026-001") and a key's shortcut ("alt+T").
    .replace(/[\p{L}\p{N}_-]*\p{N}[\p{L}\p{N}_-]*/gu, " ")
    .replace(/\b(?:alt|ctrl|shift|meta)\+\w+/gi, " ")
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

/**
 * A route's handler that gives up quietly when its page or context closed under it (a test that ends,
 * or closes a context, while a chunk is still on its way): the request is gone, there is nothing to mark.
 */
function unlessClosed(handler: (route: Route) => Promise<void>) {
  return async (route: Route) => {
    try {
      await handler(route);
    } catch (error) {
      if (error instanceof Error && /has been (?:disposed|closed)|Target .*closed/.test(error.message)) return;
      throw error;
    }
  };
}

/** Marks the context's catalogs and records what its pages show outside them; `check()` fails the test on any. */
async function watch(context: BrowserContext) {
  const seen = new Map<string, string>();
  const data = new Set<string>();
  await context.route(
    CATALOG_CHUNK,
    unlessClosed(async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: markCatalog(await response.text()) });
    }),
  );
  await context.route(
    CODE_CHUNK,
    unlessClosed(async (route) => {
      // Every chunk of the app comes through here: a dropped connection is tried once more.
      const response = await route.fetch().catch(() => route.fetch());
      await route.fulfill({ response, body: markCode(await response.text()) });
    }),
  );
  // A prerendered page's HTML is the build's English, unmarked: the page is rendered afresh instead
  // (only those pages; Chromium's Local Network Access checks are off in the project, since a document
  // the test fulfilled would count as a public site's and lose its WebSockets to localhost).
  await context.route(
    (url) => PRERENDERED_PATHS.has(url.pathname),
    unlessClosed(async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      await route.fulfill({ response, body: withoutPrerender(html) });
    }),
  );
  // What the live views' sockets send is data too.
  const watchSockets = (page: Page) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        try {
          stringsOf(JSON.parse(String(payload)), data);
        } catch {
          // Not JSON (a keep-alive).
        }
      }),
    );
  for (const page of context.pages()) watchSockets(page);
  context.on("page", watchSockets);
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
    /** Lets go of the context's requests: a chunk still on its way when the context closes is nobody's. */
    async release() {
      await context.unrouteAll({ behavior: "ignoreErrors" }).catch(() => undefined);
    },
    check(testInfo: TestInfo) {
      const values = [...data, ...SHARED_AS_THEIR_ID].sort((a, b) => b.length - a.length);
      const untranslated = [...seen]
        // The payment provider's pages (the local stand-in for Stripe's) are not ours to translate.
        .filter(([, path]) => !path.startsWith("/dev/"))
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
      for (const watcher of watchers) await watcher.release();
      for (const watcher of watchers) watcher.check(testInfo);
    },
    { auto: true },
  ],
});
