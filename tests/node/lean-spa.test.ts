import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TextsIndex, textsFile } from "#shared/catalog-chunks.ts";
import { LOCALES } from "#shared/locales.ts";
import { PAGE_SHELL_PATTERNS, pageShellPath } from "#shared/role-homes.ts";
import { createApp } from "#worker/app.ts";
import { assetRequest, LOCALIZED_PAGES, withLanguageVary } from "#worker/http/prerendered.ts";
import { nodeAssets } from "#worker/local/assets.ts";
import {
  BUDGET_KB,
  BUNDLE_ROUTES,
  bundleReport,
  bundleRows,
  entryImports,
  formatBundleTable,
  formatLazyOnlyTable,
  LAZY_ONLY,
  lazyOnlyRows,
  type Manifest,
  routeFiles,
} from "../../scripts/bundle-report.ts";
import { fillRoleShell, fillShell, logRouteImports } from "../../scripts/prerender-html.ts";
import { localizedFile, PRERENDERED_PAGES, prerenderedFile } from "../../web/src/routes/page-meta.ts";
import { createTestApp } from "../support/harness.ts";

const SHELL =
  '<!doctype html><html><head><meta name="description" content="generic" /><title>SchoolRide</title></head><body><div id="root"></div></body></html>';
const NO_PRELOAD: readonly string[] = [];

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "schoolride-dist-"));
  mkdirSync(join(dist, "login"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), SHELL);
  writeFileSync(
    join(dist, "home.html"),
    "<!doctype html><html><head><title>Home</title></head><body>home</body></html>",
  );
  writeFileSync(
    join(dist, "services.html"),
    "<!doctype html><html><head><title>What We Do</title></head><body>services</body></html>",
  );
  writeFileSync(
    join(dist, "login", "parent.html"),
    "<!doctype html><html><head><title>Parent Login</title></head><body>parent</body></html>",
  );
  writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
  mkdirSync(join(dist, "areas"));
  writeFileSync(
    join(dist, "areas", "parent.html"),
    "<!doctype html><html><head><title>SchoolRide</title></head><body>parent area</body></html>",
  );
  mkdirSync(join(dist, "areas", "parent"));
  writeFileSync(
    join(dist, "areas", "parent", "rides.html"),
    "<!doctype html><html><head><title>SchoolRide</title></head><body>live view</body></html>",
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (fetcher: (request: Request) => Promise<Response>, path: string) =>
  fetcher(new Request(`http://localhost${path}`));

describe("serving the prerendered pages", () => {
  it("the Node static server maps /services to services.html like Cloudflare's auto-trailing-slash", async () => {
    const assets = nodeAssets(dist);
    expect(await (await get(assets, "/services")).text()).toContain("services");
    expect(await (await get(assets, "/login/parent")).text()).toContain("parent");
    const redirect = await get(assets, "/services.html?x=1");
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("location")).toBe("/services?x=1");
    expect((await get(assets, "/index.html")).headers.get("location")).toBe("/");
    // Files as they are; anything else is the SPA shell; nothing outside the directory.
    expect((await get(assets, "/assets/app.js")).headers.get("cache-control")).toContain("immutable");
    expect(await (await get(assets, "/super-admin")).text()).toBe(SHELL);
    expect(await (await get(assets, "/login/nobody")).text()).toBe(SHELL);
    expect(await (await get(assets, "/..%2f..%2fetc%2fpasswd")).text()).toBe(SHELL);
  });

  it("/ is answered with the prerendered home page and /home with the shell", () => {
    expect(new URL(assetRequest(new Request("http://localhost/?a=1")).url).pathname).toBe("/home");
    expect(new URL(assetRequest(new Request("http://localhost/?a=1")).url).search).toBe("?a=1");
    expect(new URL(assetRequest(new Request("http://localhost/home")).url).pathname).toBe("/");
    expect(new URL(assetRequest(new Request("http://localhost/services")).url).pathname).toBe("/services");
  });

  it("every page of a role's area but its home is answered with the area's shell (ADR 0076)", () => {
    const asset = (path: string) => new URL(assetRequest(new Request(`http://localhost${path}`)).url);
    expect(asset("/parent/children?x=1").pathname).toBe("/areas/parent");
    expect(asset("/parent/children?x=1").search).toBe("?x=1");
    expect(asset("/driver/change-password").pathname).toBe("/areas/driver");
    expect(asset("/school-admin/trips").pathname).toBe("/areas/school-admin");
    expect(asset("/super-admin/schools").pathname).toBe("/areas/super-admin");
    // The homes have shells of their own; other paths are untouched.
    for (const path of ["/parent", "/parent/", "/driver", "/parents", "/parent-x/y", "/assets/a.js", "/api/trpc/x"])
      expect(asset(path).pathname).toBe(path);
  });

  it("a page opened from outside the app has a shell of its own, only at its pattern's addresses (ADR 0088)", () => {
    const asset = (path: string) => new URL(assetRequest(new Request(`http://localhost${path}`)).url);
    expect(asset("/parent/rides/t1?x=1").pathname).toBe("/areas/parent/rides");
    expect(asset("/parent/rides/t1?x=1").search).toBe("?x=1");
    expect(asset("/parent/rides/t1/").pathname).toBe("/areas/parent/rides");
    expect(asset("/driver/runs/r1").pathname).toBe("/areas/driver/runs");
    // Not the pattern: the area's shell (the router shows Page Not Found where no page is).
    for (const path of ["/parent/rides", "/parent/rides/", "/parent/rides/t1/x", "/parent/ridesx/t1"])
      expect(asset(path).pathname, path).toBe("/areas/parent");
    for (const pattern of PAGE_SHELL_PATTERNS)
      expect(pageShellPath(pattern)).toMatch(/^\/areas\/(parent|driver)\/\w+$/);
    expect(() => pageShellPath("/parent/:id/rides")).toThrow(/not a fixed path/);
  });

  it("through the app: prerendered HTML gets the CSP nonce and the security headers", async () => {
    const t = await createTestApp();
    try {
      const app = createApp({ ...t.deps, assets: nodeAssets(dist) });
      const home = await app.request("/");
      const html = await home.text();
      expect(html).toContain("home");
      expect(html).toMatch(/<meta property="csp-nonce" nonce="[^"]+">/);
      expect(home.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(await (await app.request("/services")).text()).toContain("services");
      expect(await (await app.request("/home")).text()).toContain('<div id="root"></div>');
      // A page of the parent's area gets the area's shell; the shell's own URL (the service worker
      // precaches it) is a 200, never indexed; a path no page has is still a 404.
      const children = await app.request("/parent/children");
      expect([children.status, await children.text()]).toEqual([200, expect.stringContaining("parent area")]);
      const live = await app.request("/parent/rides/t1");
      expect([live.status, await live.text()]).toEqual([200, expect.stringContaining("live view")]);
      const shell = await app.request("/areas/parent");
      expect([shell.status, shell.headers.get("x-robots-tag")]).toEqual([200, "noindex"]);
      expect((await app.request("/areas/parent/rides")).status).toBe(200);
      const missing = await app.request("/parent/no-such-page");
      expect([missing.status, await missing.text()]).toEqual([404, expect.stringContaining("parent area")]);
      expect((await app.request("/areas/nobody")).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("every prerendered page has its own file, title and description", () => {
    const files = PRERENDERED_PAGES.map((page) => prerenderedFile(page.path));
    expect(new Set(files).size).toBe(files.length);
    expect(files).not.toContain("index.html");
    expect(new Set(PRERENDERED_PAGES.map((page) => page.title)).size).toBe(PRERENDERED_PAGES.length);
    for (const page of PRERENDERED_PAGES) expect(page.description.length).toBeGreaterThan(40);
  });
});

describe("prerendered HTML", () => {
  it("a role home's shell is the shell plus its data request and chunks preloaded, escaped, no script", () => {
    const data = "/api/trpc/auth.me,parent.overview?batch=1&input=%7B%220%22%7D";
    const html = fillRoleShell(SHELL, { preload: ["/assets/Page-a1.js", "/assets/Page-a1.js"], data: [data] });
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/trpc/auth.me,parent.overview?batch=1&amp;input=%7B%220%22%7D">',
    );
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(1);
    expect(html.indexOf('as="fetch"')).toBeLessThan(html.indexOf("modulepreload"));
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("<script");
    expect(html.replace(/\s*<link rel="(modulepreload|preload)"[^>]*>\s*/g, "")).toBe(SHELL);
  });

  it("puts a role area's frame in #root, marked for the client, only when given one (ADR 0087)", () => {
    const frame = { html: '<div class="min-h-screen"><header>SchoolRide</header></div>', attribute: "data-frame" };
    const html = fillRoleShell(SHELL, { preload: NO_PRELOAD, data: [], frame });
    expect(html).toContain(
      '<div id="root" data-frame><div class="min-h-screen"><header>SchoolRide</header></div></div>',
    );
    // "$&" in the frame stays as it is (no replacement pattern).
    expect(fillRoleShell(SHELL, { preload: NO_PRELOAD, data: [], frame: { ...frame, html: "$&" } })).toContain(
      '<div id="root" data-frame>$&</div>',
    );
    expect(fillRoleShell(SHELL, { preload: NO_PRELOAD, data: [] })).toContain('<div id="root"></div>');
    expect(() =>
      fillRoleShell("<html><head></head><body></body></html>", { preload: NO_PRELOAD, data: [], frame }),
    ).toThrow(/no <div id="root"><\/div>/);
  });

  it("fills the shell with the page's title, description, canonical and social tags, escaped", () => {
    const html = fillShell(SHELL, {
      path: "/services",
      title: 'What "We" Do · <SchoolRide>',
      description: "Routes & buses",
      html: "<main><h1>What We Do</h1></main>",
      url: "https://schoolride.example.com/services",
      attribute: "data-prerendered",
      preload: NO_PRELOAD,
    });
    expect(html).toContain("<title>What &quot;We&quot; Do · &lt;SchoolRide&gt;</title>");
    expect(html).toContain('<meta name="description" content="Routes &amp; buses" />');
    expect(html).not.toContain("generic");
    expect(html).toContain('<link rel="canonical" href="https://schoolride.example.com/services" />');
    expect(html).toContain('<meta property="og:url" content="https://schoolride.example.com/services" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('<div id="root" data-prerendered="/services"><main><h1>What We Do</h1></main></div>');
    expect(html).not.toContain('name="robots"');
  });

  it("marks a private prerendered page (a login page) noindex", () => {
    const page = {
      path: "/login",
      title: "Log In",
      description: "d",
      html: "",
      url: "u",
      attribute: "data-prerendered",
      preload: NO_PRELOAD,
    };
    expect(fillShell(SHELL, { ...page, noindex: true })).toContain('<meta name="robots" content="noindex" />');
  });

  it("preloads the route's chunks in the head, once each, escaped, at low priority", () => {
    const page = { path: "/", title: "t", description: "d", html: "", url: "u", attribute: "data-prerendered" };
    const html = fillShell(SHELL, {
      ...page,
      preload: ["/assets/Home-1.js", "/assets/Layout-2.js", "/assets/Home-1.js", '/assets/a"b.js'],
    });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Home-1.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Layout-2.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a&quot;b.js">',
    ]);
    expect(fillShell(SHELL, { ...page, preload: NO_PRELOAD })).not.toContain("modulepreload");
  });

  it("fetches a prerendered page's entry and its preloads at low priority, its stylesheet as before", () => {
    const shell = SHELL.replace(
      "</head>",
      '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/common-2.js"><link rel="stylesheet" crossorigin href="/assets/index-3.css"></head>',
    );
    const page = { path: "/", title: "t", description: "d", html: "", url: "u", attribute: "data-prerendered" };
    const head = fillShell(shell, { ...page, preload: NO_PRELOAD });
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>');
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/common-2.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
  });

  it("the prerender's build logs the module each relative dynamic import of web/src loads, and changes nothing else", () => {
    const plugin = logRouteImports("/app/web");
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const code = 'const page = () => import("../pages/public/HomePage.tsx"); const lib = () => import("sonner");';
    const out = transform(code, "/app/web/src/routes/router.tsx")?.code;
    expect(out).toBe(
      'const page = () => (globalThis.__prerenderImports?.add("src/pages/public/HomePage.tsx"), import("../pages/public/HomePage.tsx")); const lib = () => import("sonner");',
    );
    expect(transform(code, "/app/worker/app.ts")).toBeNull();
    expect(transform("export const x = 1;", "/app/web/src/lib/x.ts")).toBeNull();
  });

  it("refuses a shell without a title or an empty #root", () => {
    const page = {
      path: "/",
      title: "t",
      description: "d",
      html: "",
      url: "u",
      attribute: "data-prerendered",
      preload: NO_PRELOAD,
    };
    expect(() => fillShell("<html><body><div id=root></div></body></html>", page)).toThrow(/no <title>/);
  });
});

/** The chunks that have texts here, and each one's catalog per language as built (ADR 0085): none in English (ADR 0086). */
const TEXTS_VERSION = "v1234567";
const TEXT_CHUNKS = ["assets/entry.js", "assets/page.js"];
const catalogText = (chunk: string, locale: string) => `{"${chunk}":"${locale.repeat(150)}"}`;

function writeTexts(dir: string): void {
  const index: TextsIndex = { version: TEXTS_VERSION, chunks: TEXT_CHUNKS };
  writeFileSync(join(dir, ".vite", "texts.json"), JSON.stringify(index));
  for (const chunk of TEXT_CHUNKS)
    for (const locale of LOCALES.filter((locale) => locale !== "en"))
      writeFileSync(join(dir, textsFile(chunk, locale, TEXTS_VERSION)), catalogText(chunk, locale));
}

describe("bundle report", () => {
  let built: string;
  beforeAll(() => {
    built = mkdtempSync(join(tmpdir(), "schoolride-bundle-"));
    mkdirSync(join(built, ".vite"));
    mkdirSync(join(built, "assets"));
    const files: Record<string, string> = {
      "entry.js": "e".repeat(5000),
      "shared.js": "s".repeat(3000),
      "page.js": "p".repeat(2000),
      "dialog.js": "d".repeat(9000),
    };
    for (const [file, text] of Object.entries(files)) writeFileSync(join(built, "assets", file), text);
    writeTexts(built);
    // Every measured route's modules: the page chunk, which imports the shared chunk (also imported by the entry).
    const manifest: Record<string, object> = {
      "index.html": {
        file: "assets/entry.js",
        isEntry: true,
        imports: ["_shared.js"],
        dynamicImports: ["src/dialog.tsx"],
      },
      "_shared.js": { file: "assets/shared.js" },
      "src/dialog.tsx": { file: "assets/dialog.js", isDynamicEntry: true },
    };
    for (const route of BUNDLE_ROUTES)
      for (const module of route.modules)
        manifest[module] = { file: "assets/page.js", imports: ["_shared.js"], dynamicImports: ["src/dialog.tsx"] };
    writeFileSync(join(built, ".vite", "manifest.json"), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  it("counts the entry, the route's lazy modules and their static imports once each; lazy imports not at all", () => {
    const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
    const catalogs = (locale: string) => TEXT_CHUNKS.reduce((sum, chunk) => sum + gzip(catalogText(chunk, locale)), 0);
    const expected =
      Math.round((gzip("e".repeat(5000)) + gzip("s".repeat(3000)) + gzip("p".repeat(2000))) / 102.4) / 10;
    const rows = bundleRows(built);
    expect(rows.map((row) => row.route)).toEqual(BUNDLE_ROUTES.map((route) => route.route));
    for (const row of rows) {
      // No English catalogs (English is in the code); another language's are not initial JS.
      expect(row.files.sort()).toEqual(["assets/entry.js", "assets/page.js", "assets/shared.js"]);
      expect(row.gzipKb).toBe(expected);
      expect(row.catalogKb.en).toBe(0);
      expect(row.catalogKb.sv).toBe(Math.round(catalogs("sv") / 102.4) / 10);
    }
    expect(bundleReport(built)["/login/parent"]).toBe(expected);
    expect(formatBundleTable(rows)).toContain("/login/parent");
  });

  it("a route's preloads are its lazy modules and their static imports, without the entry's files", () => {
    const manifest: Manifest = {
      "index.html": { file: "assets/entry.js", isEntry: true, imports: ["_react.js"] },
      "_react.js": { file: "assets/react.js" },
      "_icon.js": { file: "assets/icon.js", imports: ["_react.js"] },
      "src/Layout.tsx": { file: "assets/layout.js", imports: ["_icon.js", "_react.js"] },
      "src/Page.tsx": { file: "assets/page.js", imports: ["_icon.js"], dynamicImports: ["src/Dialog.tsx"] },
      "src/Dialog.tsx": { file: "assets/dialog.js" },
    };
    expect(routeFiles(manifest, ["src/Layout.tsx", "src/Page.tsx"])).toEqual({
      entry: ["assets/entry.js", "assets/react.js"],
      route: ["assets/layout.js", "assets/icon.js", "assets/page.js"],
    });
    // Every page's HTML preloads the entry's own imports too (found late otherwise): not the entry itself.
    expect(entryImports(manifest)).toEqual(["assets/react.js"]);
  });

  it("every route has its kind's budget, with no exceptions: 120 KB for public pages, 150 KB in the role areas (ADR 0019)", () => {
    expect(BUDGET_KB).toEqual({ public: 120, area: 150 });
    for (const { route, budgetKb } of BUNDLE_ROUTES) {
      const area = /^\/(super-admin|school-admin|parent|driver)(\/|$)/.test(route);
      expect(budgetKb, route).toBe(area ? 150 : 120);
    }
    expect(BUNDLE_ROUTES.map((row) => row.route)).toContain("/get-started");
  });

  it("the map's Leaflet is in no route's initial JS: its lazy chunk is sized, and its code found in any initial chunk (ADR 0048)", () => {
    const map = LAZY_ONLY.find((entry) => entry.name.startsWith("map"))!;
    expect(map.module).toBe("src/components/map/leaflet-map.tsx");
    // Not imported by any page yet: not built, and in no route.
    expect(lazyOnlyRows(built)).toEqual(
      LAZY_ONLY.map(({ name }) => ({ name, jsGzipKb: null, cssGzipKb: null, inInitialJsOf: [] })),
    );
    const withMap = mkdtempSync(join(tmpdir(), "schoolride-bundle-"));
    try {
      mkdirSync(join(withMap, ".vite"));
      mkdirSync(join(withMap, "assets"));
      const leaflet = `L.marker(); "${map.signature}"; ${"m".repeat(4000)}`;
      const files: Record<string, string> = {
        "entry.js": "e".repeat(5000),
        "page.js": "p".repeat(2000),
        "map.js": leaflet,
        "map.css": ".leaflet{}".repeat(50),
      };
      for (const [file, text] of Object.entries(files)) writeFileSync(join(withMap, "assets", file), text);
      writeTexts(withMap);
      const manifest: Record<string, object> = {
        "index.html": { file: "assets/entry.js", isEntry: true },
        [map.module]: { file: "assets/map.js", isDynamicEntry: true, css: ["assets/map.css"] },
      };
      for (const route of BUNDLE_ROUTES)
        for (const module of route.modules) manifest[module] = { file: "assets/page.js", dynamicImports: [map.module] };
      writeFileSync(join(withMap, ".vite", "manifest.json"), JSON.stringify(manifest));
      const gzip = (text: string) => Math.round(gzipSync(text, { level: 9 }).length / 102.4) / 10;
      const row = lazyOnlyRows(withMap).find((entry) => entry.name === map.name);
      expect(row).toEqual({
        name: map.name,
        jsGzipKb: gzip(leaflet),
        cssGzipKb: gzip(files["map.css"]!),
        inInitialJsOf: [],
      });
      expect(formatLazyOnlyTable([row!])).toMatch(/map \(Leaflet\) .* KB JS .* KB CSS .* ok$/m);
      // A page that imports Leaflet statically carries its code: that route fails the check.
      writeFileSync(join(withMap, "assets", "page.js"), `import "./map.js"; ${leaflet}`);
      expect(lazyOnlyRows(withMap).find((entry) => entry.name === map.name)!.inInitialJsOf).toEqual(
        BUNDLE_ROUTES.map((route) => route.route),
      );
      expect(formatLazyOnlyTable(lazyOnlyRows(withMap))).toContain("IN THE INITIAL JS OF /, /services");
    } finally {
      rmSync(withMap, { recursive: true, force: true });
    }
  });

  it("the charts' uPlot is lazy-only too: one module imports it, and its code is looked for in every route (ADR 0070)", () => {
    const charts = LAZY_ONLY.find((entry) => entry.name.startsWith("charts"));
    expect(charts).toEqual({
      name: "charts (uPlot)",
      module: "src/features/charts/uplot-chart.tsx",
      signature: "{YYYY}-{MM}-{DD} {h}:{mm}{aa}",
    });
    // The signature is uPlot's own text, which a minifier keeps (a string literal).
    expect(readFileSync("node_modules/uplot/dist/uPlot.esm.js", "utf8")).toContain(charts!.signature);
  });

  it("fails loudly when a measured module is no longer in the build", () => {
    const broken = mkdtempSync(join(tmpdir(), "schoolride-bundle-"));
    try {
      mkdirSync(join(broken, ".vite"));
      writeFileSync(
        join(broken, ".vite", "manifest.json"),
        JSON.stringify({ "index.html": { file: "assets/entry.js", isEntry: true } }),
      );
      expect(() => bundleRows(broken)).toThrow(/is not in the build manifest/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe("the prerendered pages in every language (issue 30)", () => {
  const asset = (path: string, headers: Record<string, string> = {}) =>
    new URL(assetRequest(new Request(`http://localhost${path}`, { headers })).url);

  it("the server localizes exactly the prerendered pages, each written per language beside the English one", () => {
    expect([...LOCALIZED_PAGES].sort()).toEqual(PRERENDERED_PAGES.map((page) => page.path).sort());
    expect(localizedFile("/", "en")).toBe("home.html");
    expect(localizedFile("/", "ar")).toBe("ar/home.html");
    expect(localizedFile("/login/parent", "es")).toBe("es/login/parent.html");
    for (const page of PRERENDERED_PAGES) {
      expect(page.texts.title.message).toBe(page.title);
      expect(page.texts.title.id).toMatch(/^page\./);
    }
  });

  it("picks the language from ?lang=, else the locale cookie, else Accept-Language, else English", () => {
    expect(asset("/services").pathname).toBe("/services");
    expect(asset("/services", { "accept-language": "fr-FR, es-MX;q=0.8" }).pathname).toBe("/es/services");
    expect(asset("/", { "accept-language": "zh-TW" }).pathname).toBe("/zh/home");
    expect(asset("/services", { "accept-language": "es", cookie: "a=1; schoolride_locale=ar" }).pathname).toBe(
      "/ar/services",
    );
    expect(asset("/services", { cookie: "schoolride_locale=en", "accept-language": "sv" }).pathname).toBe("/services");
    expect(asset("/login/driver?lang=vi", { cookie: "schoolride_locale=ar" }).pathname).toBe("/vi/login/driver");
    expect(asset("/?lang=en", { cookie: "schoolride_locale=ar" }).pathname).toBe("/home");
    expect(asset("/?lang=xx", { cookie: "schoolride_locale=sv" }).pathname).toBe("/sv/home");
    expect(asset("/services?lang=es").search).toBe("?lang=es");
    // Other pages are not prerendered per language: the shell, whose app renders in the reader's language.
    expect(asset("/get-started", { cookie: "schoolride_locale=ar" }).pathname).toBe("/get-started");
    expect(asset("/parent/children", { cookie: "schoolride_locale=ar" }).pathname).toBe("/areas/parent");
  });

  it("a localized page's answer varies on the cookie and Accept-Language, keeping what it varied on", () => {
    const response = new Response("x", { headers: { Vary: "Accept-Encoding" } });
    expect(withLanguageVary("/services", response).headers.get("vary")).toBe(
      "Accept-Encoding, Cookie, Accept-Language",
    );
    expect(withLanguageVary("/get-started", response).headers.get("vary")).toBe("Accept-Encoding");
  });

  it("fills the shell with the page's language, direction and its alternates in every language", () => {
    const html = fillShell(
      '<!doctype html><html lang="en">\n<head><title>x</title></head><body><div id="root"></div></body></html>',
      {
        path: "/services",
        title: "ما نقدّمه · SchoolRide",
        description: "وصف",
        html: "<main></main>",
        url: "https://schoolride.example.com/services?lang=ar",
        attribute: "data-prerendered",
        preload: NO_PRELOAD,
        language: { lang: "ar", dir: "rtl" },
        alternates: [
          { hreflang: "en", href: "https://schoolride.example.com/services?lang=en" },
          { hreflang: "zh-CN", href: "https://schoolride.example.com/services?lang=zh" },
          { hreflang: "x-default", href: "https://schoolride.example.com/services" },
        ],
      },
    );
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<link rel="canonical" href="https://schoolride.example.com/services?lang=ar" />');
    expect(html).toContain(
      '<link rel="alternate" hreflang="zh-CN" href="https://schoolride.example.com/services?lang=zh" />',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://schoolride.example.com/services" />',
    );
  });
});
