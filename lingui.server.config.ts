/**
 * The server's catalogs (ADR 0078): the texts it shares with the browser (worker/shared) and its own
 * (e-mails, pushes, PDFs, CSV headers, notices it composes), compiled to TypeScript modules the
 * Worker and the Node entry import (worker/locales/<catalog>/<locale>.ts, written by `npm run
 * i18n:extract`; a node test fails when they are not up to date with the `.po` files).
 */
import { defineConfig } from "@lingui/conf";
import { COMMON, SHARED_CATALOG } from "./lingui.config.ts";

export default defineConfig({
  ...COMMON,
  compileNamespace: "ts",
  catalogs: [
    SHARED_CATALOG,
    {
      path: "<rootDir>/worker/locales/server/{locale}",
      include: ["<rootDir>/worker"],
      exclude: ["<rootDir>/worker/shared", "<rootDir>/worker/locales"],
    },
  ],
});
