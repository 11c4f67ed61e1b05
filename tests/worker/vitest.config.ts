/**
 * Worker-runtime tests: the suite runs inside workerd (@cloudflare/vitest-plugin) against the
 * real Worker entry (worker/index.ts) and wrangler.toml, with a Hrana-over-HTTP test database
 * (support/hrana-server.ts, started by support/global-setup.ts) standing in for Turso.
 *
 *   npx vitest run --config tests/worker/vitest.config.ts   (npm run test:worker)
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");

/**
 * Test values for the production configuration of wrangler.toml: every secret is set (dummy
 * values), so `loadConfig` starts in production mode; DATABASE_URL points at the test server.
 * Tests that need local mode call the entry with a modified env (see support/env.ts).
 */
export const TEST_SECRETS = {
  STRIPE_SECRET_KEY: "sk_test_worker_suite",
  STRIPE_WEBHOOK_SECRET: "whsec_worker_suite",
  RESEND_API_KEY: "re_worker_suite",
  RESEND_WEBHOOK_SECRET: "whsec_resend_worker_suite",
} as const;

export default defineConfig({
  root,
  plugins: [
    cloudflareTest(({ inject }) => ({
      main: resolve(root, "worker/index.ts"),
      wrangler: { configPath: resolve(root, "wrangler.toml") },
      miniflare: {
        bindings: { ...TEST_SECRETS, DATABASE_URL: inject("databaseUrl") },
        // The SPA build (dist/) is not needed: a one-file fixture stands in for it.
        assets: { directory: resolve(here, "fixtures/assets") },
      },
    })),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    globalSetup: [resolve(here, "support/global-setup.ts")],
    testTimeout: 30_000,
  },
});
