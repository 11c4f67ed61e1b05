/**
 * The same e2e journeys against the Worker in workerd (`wrangler dev`, local mode, the local HTTP
 * database and Miniflare's queues) instead of the Node entry. Not part of `npm test` (it takes
 * several minutes): `npm run test:e2e:worker` (E2E_PORT picks the port).
 */
import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

const PORT = Number(process.env.E2E_PORT ?? 8791);

export default defineConfig({
  ...base,
  // Slower than Node: queue batches wait up to max_batch_timeout (5 s) before the consumer runs.
  timeout: 90_000,
  webServer: {
    command: `rm -rf .data/e2e-workerd && npm run dev:worker`,
    cwd: "../..",
    env: { PORT: String(PORT), DATABASE_URL: "file:.data/e2e-workerd/schoolride.db" },
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
