/**
 * The e2e journeys against the Worker in workerd (`wrangler dev --local --test-scheduled`, local
 * mode, the database served over HTTP by scripts/hrana/, Miniflare's queues) instead of the Node
 * entry. `npm run test:e2e:worker` (part of `npm test`) runs the core journeys, the tests tagged
 * `@core`; `npx playwright test --config tests/e2e/playwright.workerd.config.ts` runs them all.
 * tests/e2e/workerd/ holds the journeys only workerd can run (the cron through `/__scheduled`).
 *
 * Start-up fails loudly: `npm run dev:worker` exits with 1 when the database cannot be served or
 * the Worker does not answer {"ok":true} on /api/health in time, and Playwright then stops at once
 * with its output. At the end Playwright kills the server's process group: the build, the
 * database server, wrangler and workerd.
 */
import { defineConfig } from "@playwright/test";
import base, { chromium } from "./playwright.config.ts";

const PORT = Number(process.env.E2E_PORT ?? 8791);
const DATABASE_FILE = ".data/e2e-workerd/schoolride.db";
// For the specs that set up rows no screen offers (tests/e2e/support.ts); the workers inherit it.
process.env.E2E_DATABASE_FILE = DATABASE_FILE;

export default defineConfig({
  ...base,
  testIgnore: [],
  // One project and one worker, as before the Node suite went parallel (ADR 0061): every file.
  projects: [{ name: "chromium", use: chromium }],
  workers: 1,
  // Slower than Node: every request crosses wrangler's proxy Worker into workerd, and queue batches
  // wait up to max_batch_timeout (5 s) before the consumer runs.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  webServer: {
    command: `rm -rf .data/e2e-workerd && npm run dev:worker`,
    cwd: "../..",
    env: { PORT: String(PORT), DATABASE_URL: `file:${DATABASE_FILE}` },
    url: `http://localhost:${PORT}/api/health`,
    // The SPA build, then dev:worker's own limit for wrangler (90 s).
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
