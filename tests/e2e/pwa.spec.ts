import { readFileSync } from "node:fs";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import type { TextsIndex } from "#shared/catalog-chunks.ts";
import { SCREEN_CACHE } from "#shared/kept-screens.ts";
import { PARENT_DASHBOARD_TEXTS } from "#shared/parent-dashboard.ts";
import { CATALOG_CACHE } from "#shared/service-worker.ts";
import { text } from "#worker/i18n/texts.ts";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { DEMO, newParent, offerInstall, signIn } from "./support.ts";

/**
 * Issue 29 items 1 and 2 (ADR 0067), in Chromium: the app is installable (the browser's own check),
 * offers Install when the browser does, and on iOS a Home Screen guide instead; a parent's
 * dashboard comes back offline from the phone, saying how old it is; a new deployment's worker is
 * offered as "Update available — Reload"; logout leaves no data of the user in caches or storage.
 * Issue 29: the languages' catalogs are not precached, but a reader's own language works offline
 * once seen (ADR 0083).
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: "disabled" });

/** The service worker controls the page (it claims the pages at its first install). */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

/** The names of the Cache Storage caches, the localStorage keys and the IndexedDB databases. */
const stored = (page: Page) =>
  page.evaluate(async () => ({
    caches: await caches.keys(),
    localStorage: Object.keys(localStorage),
    indexedDb: (await indexedDB.databases()).map((database) => database.name),
  }));

/** The paths of the catalog chunks the service worker keeps (ADR 0083). */
const keptCatalogs = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, CATALOG_CACHE);

/** The build's chunks with texts (scripts/chunk-texts-plugin.ts): each has a catalog per language but English (ADR 0086). */
const textsChunks = () =>
  (JSON.parse(readFileSync(new URL("../../dist/.vite/texts.json", import.meta.url), "utf8")) as TextsIndex).chunks;

/** The paths of the catalog chunks the page loaded (ADR 0085: one per chunk with texts, in its language). */
const loadedCatalogs = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/assets\/i18n-[\w-]+-(en|es|ar|zh|vi|sv)-[\w-]+\.js$/.test(path)),
  );

async function newPhone(context: BrowserContext) {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

/** The demo parent signed in on a phone, on their dashboard, the service worker in control. */
async function parentOnPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await newPhone(context);
  await signIn(page, "parent");
  await expect(page.getByRole("heading", { level: 1, name: PARENT_DASHBOARD_TEXTS.heading })).toBeVisible();
  await controlled(page);
  return { context, page };
}

test("a parent's app installs, comes back offline with its age, and logout leaves no data behind", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await parentOnPhone(browser);

  // Installable as Chromium judges it (manifest, icons, service worker), with the parent's start URL.
  // A Playwright context is an incognito profile, where Chromium installs nothing: that one reason
  // is the test browser's, every other would be the app's.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/parent.webmanifest");
  const cdp = await context.newCDPSession(page);
  const installabilityErrors = async () =>
    (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors
      .map((error) => error.errorId)
      .filter((id) => id !== "in-incognito");
  await expect.poll(installabilityErrors, { timeout: 15_000 }).toEqual([]);
  const manifest = await (await page.request.get("/parent.webmanifest")).json();
  expect(manifest).toMatchObject({ start_url: "/parent", display: "standalone" });

  // The browser offers to install: the card at the foot of the dashboard prompts it, once. (Chromium
  // offers nothing in a private window, which a Playwright context is: the offer is the page's event.)
  // It comes when the browser has checked the app, often after the page has drawn: it moves nothing
  // on the page (ADR 0090; it pushed the dashboard down by 0.19 of the screen when it was above it).
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: "layout-shift" });
  });
  await offerInstall(page);
  const install = page.getByRole("region", { name: "Install SchoolRide" });
  await expect(install).toBeVisible();
  // A frame for the observer to hear of any shift.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  await expect(install).toBeInViewport();
  // Last in the document, as on screen: Tab and a screen reader reach it after the page and its
  // navigation, not before the dashboard's heading.
  expect(
    await install.evaluate((card) =>
      [...document.querySelectorAll("main, nav")].every(
        (before) => before.compareDocumentPosition(card) === Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ),
  ).toBe(true);
  // While it shows, the page's end can scroll out from under it.
  await expect(page.locator("main")).toHaveCSS("padding-bottom", "160px");
  await shot(page, "install-375");
  await expectNoSeriousViolation(page, "the install card at 375 px");
  await page.setViewportSize(DESKTOP);
  await shot(page, "install-1280");
  await page.setViewportSize(PHONE);
  await install.getByRole("button", { name: "Install", exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(install).toHaveCount(0);

  // The dashboard is kept for this parent; offline, a reload shows it at once with its age. (Detached
  // first: with a DevTools session of its own open, Chromium leaves navigator.onLine true offline.)
  await cdp.detach();
  await expect.poll(async () => (await stored(page)).localStorage).toContain("schoolride.data");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: PARENT_DASHBOARD_TEXTS.heading })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${DEMO.parent.name}`)).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="fetch"]')).toHaveCount(1);
  await expect(
    page.getByTestId("todays-ride").or(page.getByText(PARENT_DASHBOARD_TEXTS.todaysRides)).first(),
  ).toBeVisible();
  const notice = page.getByRole("status").filter({ hasText: "You are offline. Updated" });
  await expect(notice).toBeVisible();
  await shot(page, "offline-375");
  await expectNoSeriousViolation(page, "the offline dashboard at 375 px");
  await page.setViewportSize(DESKTOP);
  await shot(page, "offline-1280");
  // Another page of the area opens offline too (its shell is the area's).
  await page.goto("/parent/children");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // …without the home's data preload, which only the home's page sends (ADR 0065).
  await expect(page.locator('link[rel="preload"][as="fetch"]')).toHaveCount(0);
  // The live view's from its own shell, precached too, its page's chunks preloaded (ADR 0088).
  await page.goto("/parent/rides/not-a-run");
  await expect(page.getByRole("heading", { level: 1, name: /Live ride/ })).toBeVisible();
  await expect(page.locator('link[rel="modulepreload"][href*="/ParentLivePage-"]')).toHaveCount(1);
  await page.goto("/parent");
  await page.setViewportSize(PHONE);

  // Back online: the dashboard is read again and the notice goes.
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);

  // Logout: nothing of the parent is left in storage or caches (the precache and the catalogs' cache
  // hold only the built app; workbox-expiration's database, when each kept catalog was last used).
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
  await page.getByRole("dialog", { name: "More" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect
    .poll(async () => {
      const { caches, localStorage, indexedDb } = await stored(page);
      return {
        caches: caches.filter((name) => !name.startsWith("workbox-precache-") && name !== CATALOG_CACHE),
        localStorage,
        indexedDb: indexedDb.filter((name) => name !== "workbox-expiration"),
      };
    })
    .toEqual({ caches: [], localStorage: [], indexedDb: [] });
  await context.close();
});

test("a returning parent's dashboard is painted from the kept screen before any script, with its age; the app then takes over", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await parentOnPhone(browser);

  // The dashboard keeps its screen a moment after its data came (ADR 0089): no Install offer in it.
  const keptScreen = () =>
    page.evaluate(async (cacheName) => {
      const kept = await caches.match("/parent", { cacheName });
      return kept ? ((await kept.json()) as { html: string; shownAt: number }) : null;
    }, SCREEN_CACHE);
  await expect.poll(async () => (await keptScreen())?.html ?? "", { timeout: 15_000 }).toContain(DEMO.parent.name);
  const kept = (await keptScreen())!;
  expect(kept.html).toContain("<!--schoolride:data-age-->");
  expect(kept.html).not.toContain('data-screen="none"');
  // As if it was kept three hours ago.
  await page.evaluate(
    async ([cacheName, shownAt]) => {
      const cache = await caches.open(cacheName as string);
      const screen = await (await cache.match("/parent"))!.json();
      await cache.put("/parent", new Response(JSON.stringify({ ...screen, shownAt })));
    },
    [SCREEN_CACHE, kept.shownAt - 3 * 3_600_000] as const,
  );

  // What the page holds once the HTML has the heading and #root (parsed in pieces): the kept
  // screen, beside a hidden #root.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const heading = document.querySelector("#kept-screen[inert] main h1");
      if (!heading || !document.getElementById("root")) return;
      seen.disconnect();
      Object.assign(window, {
        firstPaint: {
          rootHidden: document.getElementById("root")?.hidden,
          heading: heading.textContent,
          notice: document.querySelector("#kept-screen main [role=status]")?.textContent,
        },
      });
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.locator("#kept-screen")).toHaveCount(0);
  await expect(page.locator("#root")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: PARENT_DASHBOARD_TEXTS.heading })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstPaint: unknown }).firstPaint)).toEqual({
    rootHidden: true,
    heading: PARENT_DASHBOARD_TEXTS.heading,
    notice: "Updated 3 hours ago.",
  });
  // The app's own page, with fresh data: no notice, and it answers.
  await expect(page.getByRole("status").filter({ hasText: "Updated" })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Children/ })
    .click();
  await expect(page).toHaveURL("/parent/children");
  await context.close();
});

test("a parent who chose Spanish sees the app in Spanish offline: the worker kept the catalogs the page loaded", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A first visit (its browser says Spanish) loads its catalogs before the worker controls the page:
  // once it does, the page hands them over and the worker keeps them.
  const visitor = await (await browser.newContext({ locale: "es-ES" })).newPage();
  await visitor.goto("/");
  await expect(visitor.locator("html")).toHaveAttribute("lang", "es");
  await controlled(visitor);
  const firstLoaded = await loadedCatalogs(visitor);
  expect(firstLoaded.length).toBeGreaterThan(3);
  expect(firstLoaded.every((path) => path.includes("-es-"))).toBe(true);
  await expect.poll(async () => keptCatalogs(visitor)).toEqual(expect.arrayContaining(firstLoaded));
  // …and the Spanish catalogs of every other chunk with texts (ADR 0085): any page opens offline in Spanish.
  await expect
    .poll(async () => (await keptCatalogs(visitor)).filter((path) => path.includes("-es-")).length)
    .toBe(textsChunks().length);
  await visitor.context().close();

  // A parent of its own: the demo parent's language stays English for the other journeys.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "school_admin");
  const tag = Date.now().toString(36);
  const { page } = await newParent(
    browser,
    admin,
    { name: "Lucía Romero", email: `lucia.${tag}@example.com`, password: `spanish-parent-${tag}` },
    PHONE,
  );
  await admin.context().close();
  await page.goto("/parent/account");
  await page.getByRole("combobox", { name: "Language" }).selectOption("es");
  await page.getByRole("button", { name: "Save language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await controlled(page);

  // The dashboard in Spanish, its catalogs through the worker, which keeps them.
  const spanish = text("es", { id: PARENT_DASHBOARD_TEXTS.heading });
  expect(spanish).not.toBe(PARENT_DASHBOARD_TEXTS.heading);
  const heading = page.getByRole("heading", { level: 1, name: spanish });
  await page.goto("/parent");
  await expect(heading).toBeVisible();
  const dashboardCatalogs = await loadedCatalogs(page);
  expect(dashboardCatalogs.some((path) => path.includes("-es-"))).toBe(true);
  await expect.poll(async () => keptCatalogs(page)).toEqual(expect.arrayContaining(dashboardCatalogs));
  await expect
    .poll(async () => (await keptCatalogs(page)).filter((path) => path.includes("-es-")).length)
    .toBe(textsChunks().length);
  // Nothing of any language in the precache: it holds one copy of the app for every reader.
  const precached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("workbox-precache-"));
    const urls = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
    );
    return urls.flat();
  });
  expect(precached.length).toBeGreaterThan(10);
  expect(precached.filter((url) => /\/assets\/i18n-[\w-]+-(en|es|ar|zh|vi|sv)-/.test(url))).toEqual([]);

  // Offline, the kept dashboard comes back in Spanish, its texts from the worker's cache.
  await expect.poll(async () => (await stored(page)).localStorage).toContain("schoolride.data");
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(heading).toBeVisible();
  await shot(page, "offline-es-375");
  await page.context().close();
});

test("a new deployment's worker is offered as Update available; Reload hands the page to it", async ({ browser }) => {
  test.setTimeout(60_000);
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto("/login/parent");
    await controlled(page);
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    // A new deployment, as the browser sees one: another worker script for the scope, installed
    // beside the running one and waiting (the same code under another URL: bytes need not change).
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?deployment=next"));
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Update available" });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(toast).toContainText("A new version of SchoolRide is ready.");
    await shot(page, `update-${viewport.width}`);
    await expectNoSeriousViolation(page, `the update prompt at ${viewport.width} px`);
    await toast.getByRole("button", { name: "Reload" }).click();
    // The page reloaded (its marker is gone) under the new worker.
    await page.waitForFunction(() => !("beforeUpdate" in window), null, { timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""))
      .toContain("deployment=next");
    await context.close();
  }
});

test("on an iPhone, the parent is shown how to add the app to the Home Screen, until dismissed", async ({
  browser,
}) => {
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  const context = await browser.newContext({ viewport: PHONE, userAgent: iphone });
  const page = await context.newPage();
  await signIn(page, "parent");
  const guide = page.getByRole("region", { name: "Add SchoolRide to your Home Screen" });
  await expect(guide).toBeVisible();
  await expect(guide).toContainText("Add to Home Screen");
  await shot(page, "ios-guide-375");
  await expectNoSeriousViolation(page, "the iOS guide at 375 px");
  await page.setViewportSize(DESKTOP);
  await shot(page, "ios-guide-1280");
  await guide.getByRole("button", { name: "Dismiss the Home Screen guide" }).click();
  await expect(guide).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: PARENT_DASHBOARD_TEXTS.heading })).toBeVisible();
  await expect(guide).toHaveCount(0);
  await context.close();

  // Chromium on a desktop or an Android phone never sees it.
  const other = await browser.newContext({ viewport: PHONE });
  const otherPage = await other.newPage();
  await signIn(otherPage, "parent");
  await expect(otherPage.getByRole("heading", { level: 1, name: PARENT_DASHBOARD_TEXTS.heading })).toBeVisible();
  await expect(otherPage.getByText("Add SchoolRide to your Home Screen")).toHaveCount(0);
  await other.close();
});
