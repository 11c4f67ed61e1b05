import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8791);
const BASE_URL = `http://localhost:${PORT}`;
/** The journeys' stand-in geocoder (fake-geocoder.ts), so the route editor offers address search (ADR 0054). */
const GEOCODER_PORT = PORT + 1000;
/** The Node entry's local push service (ADR 0068), on a port of this run's own. */
const PUSH_SERVICE_PORT = PORT + 2000;

// Playwright cannot download its browsers here: use Debian's Chromium when present, otherwise
// Playwright's own (`npx playwright install chromium` on a machine that can download it).
const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));

/** Chromium as the journeys use it (the workerd config too). */
export const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

/**
 * The specs that need the service worker: the installable app, the driver's offline queue, pushes,
 * and the pages' loading as a visitor's browser does it (no warning of a blocked registration).
 */
const SERVICE_WORKER_SPECS = ["pwa.spec.ts", "driver-run.spec.ts", "push.spec.ts", "lean-spa.spec.ts"];

export default defineConfig({
  testDir: ".",
  // workerd/: journeys only the Worker under wrangler dev can run (playwright.workerd.config.ts).
  testIgnore: "workerd/**",
  // Two workers, one file at a time each: every journey makes its own rows or reads demo data no
  // other file changes (ADR 0061); a wrong password's backoff waits for the last project.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "../../playwright-report" }]],
  outputDir: "../../test-results",
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // The journeys without the service worker (each new browser context would install it, ~370
    // files, beside the journey's own requests); the specs of the installable app and of what it
    // does offline and for pushes have it (`service-worker`).
    {
      name: "chromium",
      testIgnore: ["workerd/**", "wrong-password.spec.ts", ...SERVICE_WORKER_SPECS],
      grepInvert: /@core/,
      use: { ...chromium, serviceWorkers: "block" },
    },
    // The core journeys run once, in the marked pseudo-locale (i18n-marks.ts): every catalog message
    // between invisible marks, and the test fails on any visible text outside them that is not data.
    // The catalogs' chunks must come through the network to be marked: no service worker.
    {
      name: "marked",
      testIgnore: ["workerd/**", "wrong-password.spec.ts", ...SERVICE_WORKER_SPECS],
      grep: /@core/,
      // Every catalog chunk and page is routed through the test (to mark it or drop the prerender).
      timeout: 60_000,
      use: {
        ...chromium,
        serviceWorkers: "block",
        // A document the test fulfilled (a prerendered page rendered afresh) counts as a public
        // site's for Chromium, which then blocks its WebSockets to localhost (the live views').
        launchOptions: {
          ...chromium.launchOptions,
          args: [
            ...chromium.launchOptions.args,
            "--disable-features=LocalNetworkAccessChecks,LocalNetworkAccessChecksWebSockets",
          ],
        },
      },
    },
    { name: "service-worker", testMatch: SERVICE_WORKER_SPECS, use: chromium },
    // A wrong password starts the account's backoff, which the journeys signing in to the same demo
    // accounts must not meet: it runs once they are all done.
    {
      name: "wrong-password",
      testMatch: "wrong-password.spec.ts",
      dependencies: ["chromium", "marked", "service-worker"],
      use: chromium,
    },
  ],
  webServer: [
    {
      command: "tsx tests/e2e/fake-geocoder.ts",
      cwd: "../..",
      env: { PORT: String(GEOCODER_PORT) },
      url: `http://127.0.0.1:${GEOCODER_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // A fresh database per run: migrations, demo seed, then the Node entry serving the built SPA.
      command: `rm -rf .data/e2e && npm run build && tsx worker/node.ts`,
      cwd: "../..",
      env: {
        PORT: String(PORT),
        DATABASE_URL: "file:.data/e2e/schoolride.db",
        APP_URL: BASE_URL,
        GEOCODER_URL: `http://127.0.0.1:${GEOCODER_PORT}`,
        PUSH_SERVICE_PORT: String(PUSH_SERVICE_PORT),
        // The journeys start their own runs: no demo bus driving by itself (the live board's spec presses Simulate).
        DEMO_SIMULATION: "off",
      },
      url: `${BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
