/**
 * The built Worker started the way Cloudflare runs it: `wrangler dev` (workerd) on the bundle that
 * `npm run test:build` writes (`wrangler deploy --dry-run --outdir .wrangler/dry-run`).
 *
 *   npx vitest run --config tests/worker-start/vitest.config.ts   (npm run test:worker-start)
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["tests/worker-start/**/*.test.ts"],
    environment: "node",
    // wrangler and workerd start in a few seconds; the bound is in the suite's own waits.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
