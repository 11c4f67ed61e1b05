/**
 * Worker-runtime tests: the suite runs inside workerd (@cloudflare/vitest-plugin) against the
 * real Worker entry (worker/index.ts) and wrangler.toml, with a Hrana-over-HTTP test database
 * (scripts/hrana/server.ts, started by support/global-setup.ts) standing in for Turso.
 *
 *   npx vitest run --config tests/worker/vitest.config.ts   (npm run test:worker)
 */
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { PDF_FONT_FILES, PDF_FONTS_PATH } from "../../worker/services/_shared/pdf-fonts.ts";
import { TEST_SECRETS } from "./support/test-secrets.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");

/**
 * The Worker's assets: the one-file fixture, and the PDFs' Latin and Arabic fonts as the build
 * copies them (dist/pdf-fonts/, ADR 0079), so an Arabic invoice is drawn through the ASSETS binding.
 */
function assetsDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "schoolride-worker-assets-"));
  copyFileSync(resolve(here, "fixtures/assets/index.html"), join(directory, "index.html"));
  mkdirSync(join(directory, PDF_FONTS_PATH));
  for (const family of ["latin", "arabic"] as const)
    for (const { file, source } of Object.values(PDF_FONT_FILES[family]))
      copyFileSync(resolve(root, "node_modules", source), join(directory, PDF_FONTS_PATH, file));
  return directory;
}

export default defineConfig({
  root,
  plugins: [
    cloudflareTest(({ inject }) => ({
      main: resolve(root, "worker/index.ts"),
      wrangler: { configPath: resolve(root, "wrangler.toml") },
      miniflare: {
        // wrangler.toml's vars stay (APP_ENV=production, https APP_URL); the secrets get dummy
        // values and DATABASE_URL points at the Hrana test server (support/global-setup.ts).
        // Tests that need local mode call the entry with a modified env (support/worker-env.ts).
        bindings: { ...TEST_SECRETS, DATABASE_URL: inject("databaseUrl") },
        // The SPA build (dist/) is not needed: a one-file fixture stands in for it, with the PDFs' fonts.
        assets: { directory: assetsDirectory() },
      },
    })),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    globalSetup: [resolve(here, "support/global-setup.ts")],
    testTimeout: 30_000,
    // The pool inlines every dependency through Vite's module runner, which turns each imported
    // function call in scrypt's inner loop into a getter lookup: ~7 s per hash instead of ~0.5 s.
    // Pre-bundling @noble/hashes restores direct calls, as in the Worker bundle wrangler deploys.
    deps: { optimizer: { ssr: { enabled: true, include: ["@noble/hashes/scrypt.js"] } } },
  },
});
