import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["tests/node/**/*.test.ts"],
    environment: "node",
    // scrypt at OWASP strength takes ~0.2 s per hash; a generous per-test budget keeps CI calm.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
