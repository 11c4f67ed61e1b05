/**
 * The kept screens (ADR 0089): which pages keep one, what a stored value must be to be shown, and
 * how the service worker puts one into a shell. The page's side (capture, keeping, the handover to
 * React) is in tests/e2e/pwa.spec.ts.
 */
import { describe, expect, it } from "vitest";
import {
  FRESH_FOR_MS,
  isScreenPath,
  type KeptScreen,
  parseKeptScreen,
  SCREEN_CACHE,
  SCREEN_MAX_AGE_MS,
  SCREEN_MAX_KEPT,
  screenAge,
  spliceKeptScreen,
} from "#shared/kept-screens.ts";
import { FRESH_FOR_MS as DATA_AGE_FRESH_FOR_MS } from "../../web/src/pwa/data-age.ts";
import { keepScreen } from "../../web/src/pwa/kept-screen.ts";

/** Cache Storage as far as keeping screens uses it: entries by key, listed in the order they were put. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cache = (entries: Map<string, Response>) => ({
    put: async (key: string, response: Response) => void entries.set(key, response),
    delete: async (key: string | { url: string }) => entries.delete(typeof key === "string" ? key : key.url),
    keys: async () => [...entries.keys()].map((url) => ({ url })),
  });
  return {
    stores,
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cache(stores.get(name)!);
    },
  } as unknown as CacheStorage & { stores: typeof stores };
}

const SHELL = [
  "<!doctype html>",
  '<html lang="en">',
  '  <head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>',
  '  <body class="bg-white">',
  '    <div id="root" data-frame><div class="min-h-screen">frame</div></div>',
  '    <script type="module" src="/assets/late.js"></script>',
  "  </body>",
  "</html>",
].join("\n");

const NOW = Date.UTC(2026, 10, 27, 15, 0);

const screen = (overrides: Partial<KeptScreen> = {}): KeptScreen => ({
  html: '<div class="min-h-screen"><main><!--schoolride:data-age--><h1>Parent Dashboard</h1></main></div>',
  lang: "en",
  dir: "ltr",
  styles: "/assets/index-abc.css",
  shownAt: NOW - 30_000,
  notice: '<p role="status" class="notice">Updated %AGE%.</p>',
  ...overrides,
});

describe("the pages that keep their screen", () => {
  it("are the parent's and the driver's homes and the parent's live view, nothing else", () => {
    expect(isScreenPath("/parent")).toBe(true);
    expect(isScreenPath("/driver")).toBe(true);
    expect(isScreenPath("/parent/rides/adc051b1-9bd9-4026-9ff2-ac08e264e28a")).toBe(true);
    for (const other of [
      "/parent/",
      "/parent/children",
      "/parent/rides",
      "/parent/rides/",
      "/parent/rides/a/b",
      "/parent/rides/a%2Fb",
      `/parent/rides/${"a".repeat(101)}`,
      "/driver/runs/t1",
      "/school-admin",
      "/",
    ]) {
      expect(isScreenPath(other), other).toBe(false);
    }
  });

  it("call data fresh for as long as the age notice does", () => {
    expect(FRESH_FOR_MS).toBe(DATA_AGE_FRESH_FOR_MS);
  });
});

describe("a kept screen read back", () => {
  it("is taken when every field is there", () => {
    expect(parseKeptScreen(JSON.parse(JSON.stringify(screen())))).toEqual(screen());
  });

  it("is refused when anything is missing, of the wrong kind, or outsized", () => {
    for (const bad of [
      null,
      "html",
      [],
      { ...screen(), html: 1 },
      { ...screen(), shownAt: "yesterday" },
      { ...screen(), shownAt: Number.NaN },
      { ...screen(), dir: "up" },
      { ...screen(), lang: 'en" onload="x' },
      { ...screen(), lang: "" },
      { ...screen(), html: "x".repeat(400_001) },
      { ...screen(), notice: undefined },
      // Anything that would act once parsed: the page never draws one in #root.
      { ...screen(), html: '<main><script src="/assets/x.js"></script></main>' },
      { ...screen(), html: "<main><SCRIPT>x</SCRIPT></main>" },
      { ...screen(), html: '<main><iframe srcdoc="x"></iframe></main>' },
      { ...screen(), html: '<meta http-equiv="refresh" content="0;url=/x">' },
      { ...screen(), html: '<base href="https://example.com/">' },
      { ...screen(), html: '<link rel="stylesheet" href="/x.css"/>' },
      { ...screen(), notice: "<style>main{display:none}</style>%AGE%" },
    ]) {
      expect(parseKeptScreen(bad), JSON.stringify(bad)?.slice(0, 60)).toBeNull();
    }
  });
});

describe("a shell with a kept screen", () => {
  it("has the screen, inert, before #root, #root hidden with its frame, in the screen's language, the rest as it was", () => {
    const html = spliceKeptScreen(SHELL, screen({ lang: "ar", dir: "rtl" }), NOW)!;
    expect(html).toContain(
      '<div id="kept-screen" class="contents" inert><div class="min-h-screen"><main><h1>Parent Dashboard</h1></main></div></div><div id="root" data-frame data-screen hidden><div class="min-h-screen">frame</div></div>',
    );
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<script type="module" src="/assets/late.js"></script>');
    expect(html.endsWith("</body>\n</html>")).toBe(true);
  });

  it("shows no age while the data is fresh, and its age in the screen's language once it is not", () => {
    expect(spliceKeptScreen(SHELL, screen({ shownAt: NOW - FRESH_FOR_MS + 1 }), NOW)).not.toContain("Updated");
    expect(spliceKeptScreen(SHELL, screen({ shownAt: NOW - 3 * 3_600_000 }), NOW)).toContain(
      '<main><p role="status" class="notice">Updated 3 hours ago.</p><h1>',
    );
    expect(spliceKeptScreen(SHELL, screen({ shownAt: NOW - 5 * 60_000 }), NOW)).toContain("Updated 5 minutes ago.");
    const french = spliceKeptScreen(
      SHELL,
      screen({ lang: "fr", shownAt: NOW - 2 * 86_400_000, notice: "<p>Mis à jour %AGE%.</p>" }),
      NOW,
    );
    expect(french).toContain("<p>Mis à jour avant-hier.</p>");
  });

  it("takes the texts as texts: a `$` pattern in them is not expanded", () => {
    const html = spliceKeptScreen(
      SHELL,
      screen({
        shownAt: NOW - 3_600_000,
        notice: "<p>$& $' %AGE%</p>",
        html: "<main>$`<!--schoolride:data-age--></main>",
      }),
      NOW,
    )!;
    expect(html).toContain("<main>$`<p>$& $' 1 hour ago</p></main>");
  });

  it("is not made from a screen too old, from the future, drawn with another build's stylesheet, or without the frame", () => {
    expect(spliceKeptScreen(SHELL, screen({ shownAt: NOW - SCREEN_MAX_AGE_MS - 1 }), NOW)).toBeNull();
    expect(spliceKeptScreen(SHELL, screen({ shownAt: NOW + 5 * 60_000 }), NOW)).toBeNull();
    expect(spliceKeptScreen(SHELL, screen({ styles: "/assets/index-old.css" }), NOW)).toBeNull();
    expect(spliceKeptScreen(SHELL, screen({ styles: "" }), NOW)).toBeNull();
    expect(spliceKeptScreen(SHELL.replace(" data-frame", ""), screen(), NOW)).toBeNull();
  });
});

describe("keeping a screen", () => {
  it("keeps the last few only: a home kept again stays, the oldest live views go", async () => {
    const storage = memoryCaches();
    const rides = Array.from({ length: SCREEN_MAX_KEPT + 2 }, (_, index) => `/parent/rides/trip-${index}`);
    await keepScreen("/parent", screen(), storage);
    for (const ride of rides.slice(0, 3)) await keepScreen(ride, screen(), storage);
    await keepScreen("/parent", screen({ shownAt: NOW }), storage);
    for (const ride of rides.slice(3)) await keepScreen(ride, screen(), storage);
    const kept = [...storage.stores.get(SCREEN_CACHE)!.keys()];
    expect(kept).toHaveLength(SCREEN_MAX_KEPT);
    expect(kept).toEqual(["/parent", ...rides.slice(-(SCREEN_MAX_KEPT - 1))]);
    expect(parseKeptScreen(await storage.stores.get(SCREEN_CACHE)!.get("/parent")!.json())).toEqual(
      screen({ shownAt: NOW }),
    );
  });

  it("keeps nothing, and throws nothing, where the browser has no Cache Storage", async () => {
    await expect(keepScreen("/parent", screen(), undefined)).resolves.toBeUndefined();
  });
});

describe("a kept screen's age", () => {
  it("is said in minutes, hours or days, by the browser's own words for the language", () => {
    expect(screenAge("en", 0)).toBe("1 minute ago");
    expect(screenAge("en", 59 * 60_000)).toBe("59 minutes ago");
    expect(screenAge("en", 25 * 3_600_000)).toBe("yesterday");
    expect(screenAge("es", 3 * 3_600_000)).toBe("hace 3 horas");
    // A tag the runtime does not know still gets words (English's).
    expect(screenAge("zz-Qqqq", 2 * 60_000)).toMatch(/2 minutes ago|2 min/);
  });
});
