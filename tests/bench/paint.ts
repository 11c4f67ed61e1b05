/**
 * `npm run bench -- --paint` (about 4 minutes on 2 cores, a section of its own, not in the full run):
 * how soon a phone on a weak signal paints each page's main content (issue 29). The Node entry built
 * from this checkout (`npm run build` first; `--no-build` reuses dist/) on a fresh demo database, in
 * its own process; Chromium (/usr/bin/chromium, or Playwright's own) through playwright-core at
 * 375 × 812, with the DevTools protocol's 4× CPU slowdown and Slow 4G (150 ms latency, 1.6 Mbit/s
 * down, 750 kbit/s up).
 *
 * Each page is opened `--paint-runs=N` times (default 3; medians) twice: a first visit (the HTTP
 * cache, the service worker, Cache Storage and the app's kept data emptied, still signed in) and a
 * return visit (the same tab again, cached, once the service worker the first visit registered is
 * active, as it is when a user comes back). Three figures each,
 * from navigation start: **main content**, when the page's main content is in the DOM with its data
 * (`<main>` has its `<h1>` and no "Loading" left; recorded in the page by a MutationObserver, so
 * polling costs nothing) or, if later, the first contentful paint (the stylesheet holds painting
 * back), **LCP** (PerformanceObserver `largest-contentful-paint`, the last candidate), and **app
 * drawn**, when the app itself has drawn the main content: on a return visit the service worker can
 * paint the page's kept screen first (ADR 0089), inert until the app replaces it, and "main content"
 * counts that paint. Goals (issue 29): the parent's and the driver's home and the parent's live view
 * ≤ 2.5 s first and ≤ 1.0 s return; the public pages ≤ 1.5 s. Signing in happens before the throttling.
 * Beside them, **layout shift**: the largest sum of a visit's layout shifts (no input comes), ≤ 0.1
 * as Web Vitals count a good one. A Playwright context is a private window, where Chromium never
 * offers to install: the Install card (ADR 0090) is not on these pages, and tests/e2e/pwa.spec.ts
 * checks that its coming moves nothing.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, type CDPSession, chromium, type Page } from "playwright-core";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#worker/local/demo-seed.ts";
import { freePort } from "./servers.ts";

type Role = (typeof DEMO_ACCOUNTS)[number]["role"];
type PageCase = {
  name: string;
  /** The path, or how to find it once signed in (the live view opens from the dashboard's ride). */
  path: string | ((page: Page) => Promise<string | null>);
  role: Role | null;
  goal: { firstMs: number; returnMs: number };
};

const ROLE_GOAL = { firstMs: 2_500, returnMs: 1_000 };
const PUBLIC_GOAL = { firstMs: 1_500, returnMs: 1_500 };
const CASES: PageCase[] = [
  { name: "/ (home)", path: "/", role: null, goal: PUBLIC_GOAL },
  { name: "/login/parent", path: "/login/parent", role: null, goal: PUBLIC_GOAL },
  { name: "/parent", path: "/parent", role: "parent", goal: ROLE_GOAL },
  { name: "/driver", path: "/driver", role: "driver", goal: ROLE_GOAL },
  {
    name: "/parent/rides/:tripId (live)",
    path: async (page) => {
      await page.goto("/parent");
      await page.waitForSelector("main h1");
      const ride = page.locator('[data-testid="todays-ride"] a').first();
      // No ride today (a weekend): the live view is not reachable from the dashboard.
      if (
        !(await ride.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false,
        ))
      )
        return null;
      return ride.getAttribute("href");
    },
    role: "parent",
    goal: ROLE_GOAL,
  },
];

/** Slow 4G as issue 29 states it; the protocol takes bytes per second. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** Web Vitals' threshold for a good cumulative layout shift. */
const GOOD_LAYOUT_SHIFT = 0.1;
const VIEWPORT = { width: 375, height: 812 };
export const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));

/**
 * Installed before any page script: the main-content time and the LCP candidates, in the page. A
 * string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const OBSERVE = `(() => {
  const figures = { main: 0, app: 0, lcp: 0, fcp: 0, cls: 0 };
  window.__paint = figures;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) figures.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") figures.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  const drawn = (main) => main && main.querySelector("h1") && !/Loading/.test(main.textContent || "");
  const check = () => {
    if (figures.app) return;
    if (!figures.main && drawn(document.querySelector("main"))) figures.main = performance.now();
    if (drawn(Array.from(document.querySelectorAll("main")).find((main) => !main.closest("[inert]")))) {
      figures.app = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

type Visit = { main: number; app: number; lcp: number; fcp: number; cls: number };
export type PaintRow = {
  name: string;
  goal: PageCase["goal"];
  first: Visit[];
  return: Visit[];
  skipped?: string;
};

async function visit(page: Page, path: string): Promise<Visit> {
  await page.goto(path, { waitUntil: "commit", timeout: 60_000 });
  // A function (the page's CSP refuses a string to evaluate), with no inner function for tsx to wrap.
  await page.waitForFunction(() => (window as unknown as { __paint?: Visit }).__paint?.app, null, {
    polling: 100,
    timeout: 60_000,
  });
  // The content is on screen at the first paint after it is in the DOM (the stylesheet can hold that
  // paint back); LCP candidates can follow the marker by a frame or two.
  await page.waitForFunction(
    () => {
      const figures = (window as unknown as { __paint: Visit }).__paint;
      return figures.fcp > 0 && figures.lcp > 0;
    },
    null,
    { polling: 100, timeout: 30_000 },
  );
  await page.waitForTimeout(500);
  const figures = await page.evaluate(() => ({ ...(window as unknown as { __paint: Visit }).__paint }));
  return { ...figures, main: Math.max(figures.main, figures.fcp), app: Math.max(figures.app, figures.fcp) };
}

/** `origin`: where the app is, when the page's context has no base URL. */
export async function signIn(page: Page, role: Role, origin = "") {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role)!;
  await page.goto(`${origin}${account.login}`);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 120_000 });
}

type Tab = { page: Page; cdp: CDPSession; path: string; origin: string };

/** A tab signed in as the case's role, on the path to measure, observed; null when not reachable. */
async function openTab(context: BrowserContext, origin: string, pageCase: PageCase): Promise<Tab | null> {
  const page = await context.newPage();
  if (pageCase.role) await signIn(page, pageCase.role);
  const path = typeof pageCase.path === "string" ? pageCase.path : await pageCase.path(page);
  if (!path) return null;
  await page.addInitScript({ content: OBSERVE });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  return { page, cdp, path, origin };
}

/** The page's service worker: none registered, installing (or waiting), or active. */
const workerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    return registration ? (registration.active ? "active" : "installing") : "none";
  });

/**
 * After a first visit, until the app's service worker (ADR 0067) is active, as it is when a user
 * comes back: it registers once the page has loaded; a page with none is not waited for.
 */
async function untilWorkerActive(page: Page) {
  await page.waitForFunction(() => document.readyState === "complete", null, { polling: 100, timeout: 60_000 });
  const registeringBy = Date.now() + 3_000;
  const activeBy = Date.now() + 60_000;
  for (;;) {
    const state = await workerState(page);
    if (state === "active" || Date.now() > activeBy) return;
    if (state === "none" && Date.now() > registeringBy) return;
    await page.waitForTimeout(250);
  }
}

/**
 * One first visit (the HTTP cache, the service worker, Cache Storage and the kept data emptied,
 * unthrottled) and one return visit, throttled.
 */
async function visitTwice({ page, cdp, path, origin }: Tab, row: PaintRow) {
  // The app's kept data (web/src/pwa/query-persistence.ts): a first visit has none. (The page is on
  // the origin after a visit; a public page's first run starts on about:blank, which has no storage.)
  await page.evaluate(() => localStorage.removeItem("schoolride.data")).catch(() => undefined);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.goto("about:blank");
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "service_workers,cache_storage" });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  row.first.push(await visit(page, path));
  await untilWorkerActive(page);
  await page.goto("about:blank");
  row.return.push(await visit(page, path));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function formatPaint(rows: PaintRow[]): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [
    "| Page | First visit: main content / LCP | Return visit: main content / LCP / app drawn | Goal (first / return) | Layout shift (largest, first / return) |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const row of rows) {
    if (row.skipped) {
      lines.push(`| ${row.name} | ${row.skipped} | — | — | — |`);
      continue;
    }
    const cell = (visits: Visit[], goalMs: number, app = false) => {
      const main = median(visits.map((v) => v.main));
      const drawn = app ? ` / ${ms(median(visits.map((v) => v.app)))}` : "";
      return `${ms(main)} / ${ms(median(visits.map((v) => v.lcp)))}${drawn} ${main <= goalMs ? "✓" : "✗"}`;
    };
    const shift = (visits: Visit[]) => Math.max(...visits.map((v) => v.cls));
    const shifts = [shift(row.first), shift(row.return)];
    lines.push(
      `| ${row.name} | ${cell(row.first, row.goal.firstMs)} | ${cell(row.return, row.goal.returnMs, true)} | ≤ ${row.goal.firstMs} / ${row.goal.returnMs} ms | ${shifts.map((value) => value.toFixed(3)).join(" / ")} ${shifts.every((value) => value <= GOOD_LAYOUT_SHIFT) ? "✓" : "✗"} |`,
    );
  }
  return lines.join("\n");
}

export async function startServer(port: number, dataDir: string, checkout: string): Promise<ChildProcess> {
  const server = spawn(resolve("node_modules/.bin/tsx"), ["worker/node.ts"], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${join(dataDir, `paint-${port}.db`)}`,
      APP_URL: `http://localhost:${port}`,
      // No demo bus driving by itself: it would share the cores with the page being measured.
      DEMO_SIMULATION: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    const up = await fetch(`http://localhost:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((done) => setTimeout(done, 500));
  }
  server.kill();
  throw new Error(`bench: the Node entry of ${checkout} did not start`);
}

/**
 * `--paint-compare=<dir>`: a second checkout, built (its own dist/), measured in turn with this one,
 * run by run, so both meet the same load on shared cores.
 */
export async function paintBench(argv: readonly string[]): Promise<void> {
  const option = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(option("paint-runs") ?? 3);
  const checkouts = [resolve("."), ...(option("paint-compare") ? [resolve(option("paint-compare")!)] : [])];
  if (!argv.includes("--no-build")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const loadStart = loadavg()[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), "schoolride-paint-"));
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  for (const checkout of checkouts) {
    const port = await freePort();
    servers.push(await startServer(port, dataDir, checkout));
    ports.push(port);
  }
  const browser = await chromium.launch({
    ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const rows: PaintRow[][] = checkouts.map(() => []);
  try {
    for (const pageCase of CASES) {
      const contexts = await Promise.all(
        ports.map((port) => browser.newContext({ viewport: VIEWPORT, baseURL: `http://localhost:${port}` })),
      );
      const tabs: (Tab | null)[] = [];
      for (const [index, context] of contexts.entries())
        tabs.push(
          await openTab(context, `http://localhost:${ports[index]}`, pageCase).catch((error: unknown) => {
            console.log(`[paint] ${pageCase.name}: could not open (${String(error).split("\n")[0]})`);
            return null;
          }),
        );
      const caseRows = tabs.map(
        (tab): PaintRow => ({
          name: pageCase.name,
          goal: pageCase.goal,
          first: [],
          return: [],
          ...(tab ? {} : { skipped: "not reachable (no ride today, or the sign-in failed)" }),
        }),
      );
      for (let run = 0; run < runs; run++)
        for (const [index, tab] of tabs.entries()) if (tab) await visitTwice(tab, caseRows[index]!);
      for (const [index, row] of caseRows.entries()) rows[index]!.push(row);
      await Promise.all(contexts.map((context) => context.close()));
      console.log(`[paint] ${pageCase.name} measured`);
    }
  } finally {
    await browser.close();
    for (const server of servers) server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
  const figures = {
    generated_at: new Date().toISOString(),
    runs,
    load_average: { start: loadStart, end: loadavg()[0]! },
    network: NETWORK,
    cpu_slowdown: CPU_SLOWDOWN,
    checkouts: checkouts.map((checkout, index) => ({ checkout, rows: rows[index] })),
  };
  const file = join(tmpdir(), "schoolride-bench-paint.json");
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  for (const [index, checkout] of checkouts.entries())
    console.log(`\n${checkouts.length > 1 ? `${checkout}:\n\n` : ""}${formatPaint(rows[index]!)}`);
  console.log(
    `\n[paint] medians of ${runs}; load average (1 min) ${loadStart.toFixed(2)} at the start, ${figures.load_average.end.toFixed(2)} at the end; figures in ${file}`,
  );
}
