import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { linguiPlugins } from "../../vite.config.ts";

export default defineConfig({
  // Pages with Lingui macros (ADR 0078) are imported by some tests.
  plugins: linguiPlugins(),
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["tests/node/**/*.test.ts"],
    environment: "node",
    // One file per core. Vitest's default leaves one core to itself (one worker on CI's two cores),
    // but it only waits on its workers: two took the suite from 410 s to 262 s there.
    maxWorkers: availableParallelism(),
    // Every catalog in English, active before the tests run (ADR 0078).
    setupFiles: ["tests/node/setup-i18n.ts"],
    // scrypt at OWASP strength takes ~0.2 s per hash; a generous per-test budget keeps CI calm.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
