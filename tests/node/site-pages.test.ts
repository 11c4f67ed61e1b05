import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disallowedPrefixes, PUBLIC_PAGES, pageVisibility, SPA_PAGES, type SpaPath } from "#shared/site-pages.ts";
import { nodeAssets } from "#worker/local/assets.ts";
import { allRoutes as routes } from "../../web/src/routes/all-routes.ts";
import { PRERENDERED_PAGES, prerenderedFile } from "../../web/src/routes/page-meta.ts";
import { createTestApp, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";
import { routerPaths } from "../support/router-paths.ts";

/**
 * Issue 25 item 11 on the Node entry: the server knows which paths the SPA serves (one list,
 * #shared/site-pages.ts, compared here with the router), answers every other path with the Page
 * Not Found screen and status 404, and serves a real robots.txt and sitemap.xml; private pages
 * say noindex. tests/worker/fetch.test.ts checks the same in workerd.
 */

const SHELL =
  '<!doctype html><html><head><title>SchoolRide</title></head><body><div id="root" data-shell="yes"></div></body></html>';
let dist: string;
let local: TestApp;
let production: TestApp;
const APP_URL = "https://rides.example.org";

beforeAll(async () => {
  // A built SPA as `npm run build` lays it out: the shell, the prerendered pages, a chunk and an icon.
  dist = mkdtempSync(join(tmpdir(), "schoolride-site-"));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), text);
  };
  write("index.html", SHELL);
  for (const page of PRERENDERED_PAGES)
    write(prerenderedFile(page.path), `<!doctype html><html><head></head><body><h1>${page.title}</h1></body></html>`);
  write("assets/app.js", "console.log(1)");
  write("favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  local = await createTestApp({ assets: nodeAssets(dist) });
  production = await createTestApp({ env: { ...PRODUCTION_ENV, APP_URL }, assets: nodeAssets(dist) });
});
afterAll(() => {
  local.close();
  production.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A URL for a page pattern: each `:param` a made-up id. */
const urlOf = (path: string) => path.replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000100");
const get = (app: TestApp, path: string, init?: RequestInit) => app.app.request(`${APP_URL}${path}`, init);

describe("the SPA's pages, one list shared with the router", () => {
  it("lists every page of web/src/routes/router.tsx, and nothing the router does not serve", () => {
    // The router's catch-alls ("/*", "/parent/*"…) are its Page Not Found, not pages.
    const served = new Set(routerPaths(routes).filter((path) => !path.endsWith("*")));
    const listed = new Set(Object.keys(SPA_PAGES));
    expect([...served].filter((path) => !listed.has(path))).toEqual([]);
    expect([...listed].filter((path) => !served.has(path))).toEqual([]);
    expect(served.size).toBeGreaterThan(40);
  });

  it("matches paths as the router does: case, a trailing slash and a parameter's value do not matter; anything else is not a page", () => {
    expect(pageVisibility("/")).toBe("public");
    expect(pageVisibility("/Services/")).toBe("public");
    expect(pageVisibility("/super-admin/schools/abc/view")).toBe("private");
    expect(pageVisibility("/404")).toBe("not-found");
    for (const path of [
      "/nonexistent-page",
      "/school-admin/nope",
      "/super-admin/schools//view",
      "/parent/children/1",
      "/home",
      "/dev/anything",
      "/api/x",
      "/%E0%A4%A",
    ]) {
      expect(pageVisibility(path), path).toBeNull();
    }
  });

  it("the public pages are the prerendered ones that search engines may read; every prerendered page is a page", () => {
    const prerendered = PRERENDERED_PAGES.map((page) => page.path);
    expect(PUBLIC_PAGES.filter((path) => !prerendered.includes(path))).toEqual([]);
    expect(prerendered.filter((path) => !(path in SPA_PAGES))).toEqual([]);
    expect(PUBLIC_PAGES).toEqual([
      "/",
      "/services",
      "/privacy-policy",
      "/terms-of-service",
      "/gdpr-compliance",
      "/cookie-policy",
    ]);
  });
});

describe("Page Not Found is a 404 (Node entry)", () => {
  it("answers every page of the list with 200 and its HTML, but /404 with 404", async () => {
    for (const path of Object.keys(SPA_PAGES) as SpaPath[]) {
      const response = await get(local, urlOf(path));
      expect(response.status, path).toBe(SPA_PAGES[path] === "not-found" ? 404 : 200);
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
    }
    expect(await (await get(local, "/services")).text()).toContain("What We Do");
  });

  it("answers unknown paths with the SPA's Page Not Found (the shell) and status 404, in local mode and in production", async () => {
    for (const app of [local, production]) {
      for (const path of [
        "/nonexistent-page",
        "/school-admin/nope",
        "/parent/children/extra",
        "/dev/anything",
        "/home",
        "/assets/missing.js",
      ]) {
        const response = await get(app, path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
        expect(await response.text(), path).toContain('data-shell="yes"');
        expect(response.headers.get("x-robots-tag"), path).toBe("noindex");
      }
      expect((await get(app, "/super-admin/schools")).status).toBe(200);
      expect((await get(app, "/nonexistent-page", { method: "HEAD" })).status).toBe(404);
    }
  });

  it("still serves real files and local mode's tools; the API keeps its JSON 404", async () => {
    expect((await get(local, "/assets/app.js")).status).toBe(200);
    expect((await get(local, "/favicon.svg")).status).toBe(200);
    expect((await get(local, "/dev/mailbox")).status).toBe(200);
    expect((await get(production, "/dev/mailbox")).status).toBe(404);
    expect(await (await get(production, "/dev/mailbox")).text()).not.toContain("Dev mailbox");
    const api = await get(local, "/api/nothing-here");
    expect({ status: api.status, body: await api.json() }).toEqual({ status: 404, body: { error: "Not found" } });
  });
});

describe("robots.txt and sitemap.xml (Node entry)", () => {
  it("robots.txt disallows the private areas, the API and the local tools, allows the public pages and names the sitemap at APP_URL", async () => {
    const response = await get(production, "/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).not.toContain("<html");
    const disallowed = [...text.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]!);
    expect(disallowed).toEqual(disallowedPrefixes());
    for (const prefix of [
      "/school-admin",
      "/parent",
      "/super-admin",
      "/api/",
      "/dev/",
      "/login",
      "/forgot-password",
      "/reset-password",
      "/accept-invite",
    ]) {
      expect(disallowed).toContain(prefix);
    }
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of Object.keys(SPA_PAGES) as SpaPath[])
      if (SPA_PAGES[path] === "private") expect(blocked(urlOf(path)), path).toBe(true);
    for (const path of PUBLIC_PAGES) expect(blocked(path), path).toBe(false);
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(text).toMatch(/^User-agent: \*$/m);
  });

  it("sitemap.xml lists exactly the public pages at APP_URL", async () => {
    const response = await get(production, "/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual(
      PUBLIC_PAGES.map((path) => `${APP_URL}${path}`),
    );
    // Local mode's own address.
    expect(await (await get(local, "/sitemap.xml")).text()).toContain("<loc>http://localhost:8787/services</loc>");
  });

  it("private pages, the API and 404s carry X-Robots-Tag: noindex; public pages and the search files do not", async () => {
    for (const path of [
      "/login",
      "/login/parent",
      "/parent",
      "/school-admin/invoices",
      "/super-admin/schools/x/view",
      "/get-started",
      "/api/health",
      "/404",
    ]) {
      expect((await get(production, path)).headers.get("x-robots-tag"), path).toBe("noindex");
    }
    for (const path of [...PUBLIC_PAGES, "/robots.txt", "/sitemap.xml"])
      expect((await get(production, path)).headers.get("x-robots-tag"), path).toBeNull();
  });
});
