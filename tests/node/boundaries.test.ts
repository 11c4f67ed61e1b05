/**
 * The import boundaries of biome.json (noRestrictedImports per folder), checked on planted files in a
 * scratch copy of the layout: every forbidden import is reported and no allowed one is. `npm run lint`
 * applies the same rules to the real tree.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIOME = resolve(ROOT, "node_modules/.bin/biome");
const BOUNDARY_RULES = new Set([
  "lint/style/noRestrictedImports",
  "lint/style/useImportType",
  "lint/style/useExportType",
]);

type Report = { diagnostics: { category: string; location: { path: string; start: { line: number } } }[] };

/** Lints the planted files with the project's biome.json; returns `path:line` of each boundary violation. */
async function violations(files: Record<string, string[]>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "boundaries-"));
  try {
    await copyFile(resolve(ROOT, "biome.json"), join(dir, "biome.json"));
    for (const [path, lines] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), `${lines.join("\n")}\n`);
    }
    const stdout = await new Promise<string>((done, fail) => {
      // Exit code 1 just means "errors found": the JSON report is what counts.
      execFile(
        BIOME,
        ["lint", "--vcs-enabled=false", "--reporter=json", "--max-diagnostics=none", "."],
        { cwd: dir },
        (error, out) => {
          if (error && !out) fail(error);
          else done(out);
        },
      );
    });
    const report = JSON.parse(stdout) as Report;
    return report.diagnostics
      .filter((diagnostic) => BOUNDARY_RULES.has(diagnostic.category))
      .map((diagnostic) => `${diagnostic.location.path}:${diagnostic.location.start.line}`)
      .sort();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("import boundaries", () => {
  it("the web app imports server code only through #shared/* and the AppRouter type of web/src/api.ts", async () => {
    const found = await violations({
      "web/src/pages/page.ts": [
        'import { loginSchema } from "#shared/auth.ts";',
        'import type { AppRouter } from "../../api.ts";',
        'import { useState } from "react";',
        'import { createApp } from "../../../worker/app.ts";',
        'import type { AppRouter as Direct } from "../../../worker/trpc/router.ts";',
        'export { DEMO_PASSWORD } from "../../../worker/local/demo-seed.ts";',
        'export const lazyDb = () => import("../../../db/client.ts");',
        'import { startHranaServer } from "../../../scripts/hrana/server.ts";',
        "export type Used = AppRouter | Direct;",
        "console.log(loginSchema, useState, createApp, startHranaServer);",
      ],
      "web/src/api.ts": [
        'export type { AppRouter } from "../../worker/trpc/router.ts";',
        'export { appRouter } from "../../worker/trpc/router.ts";',
        'import { type AppRouter as Inline } from "../../worker/trpc/router.ts";',
        'export type { Db } from "../../db/client.ts";',
        "export type Probe = Inline;",
      ],
    });
    expect(found).toEqual([
      "web/src/api.ts:2", // a value from the router module
      "web/src/api.ts:3", // an inline `type` import would still load the module
      "web/src/api.ts:4", // another server module
      "web/src/pages/page.ts:4",
      "web/src/pages/page.ts:5",
      "web/src/pages/page.ts:6",
      "web/src/pages/page.ts:7",
      "web/src/pages/page.ts:8",
    ]);
  });

  it("screens and components reach the server only through the feature hooks, never the tRPC client itself", async () => {
    const found = await violations({
      "web/src/pages/area/Page.tsx": [
        'import { useTRPC } from "../../lib/trpc.ts";',
        'import { useLogin } from "../../features/auth/hooks.ts";',
        'import { errorMessage } from "../../lib/errors.ts";',
        'import { createTRPCContext } from "../../lib/trpc";',
        'import { createApp } from "../../../../worker/app.ts";',
        "console.log(useTRPC, useLogin, errorMessage, createTRPCContext, createApp);",
      ],
      "web/src/components/site/Widget.tsx": ['import { useTRPC } from "../../lib/trpc.ts";', "console.log(useTRPC);"],
      "web/src/features/domain/hooks.ts": ['import { useTRPC } from "../../lib/trpc.ts";', "console.log(useTRPC);"],
      "web/src/lib/session.ts": ['import { useTRPC } from "./trpc.ts";', "console.log(useTRPC);"],
    });
    expect(found).toEqual([
      "web/src/components/site/Widget.tsx:1",
      "web/src/pages/area/Page.tsx:1",
      "web/src/pages/area/Page.tsx:4",
      "web/src/pages/area/Page.tsx:5", // the rules of web/** still hold there
    ]);
  });

  it("the server does not import the web app or scripts, db/ does not import the server, and worker/shared imports only itself", async () => {
    const found = await violations({
      "worker/services/service.ts": [
        'import { db } from "../../db/client.ts";',
        'import { loginSchema } from "#shared/auth.ts";',
        'import { trpc } from "../../web/src/trpc.ts";',
        'import { startHranaServer } from "../../scripts/hrana/server.ts";',
        'import { createTestApp } from "../../tests/support/harness.ts";',
        "console.log(db, loginSchema, trpc, startHranaServer, createTestApp);",
      ],
      "db/schema/table.ts": [
        'import { toWellFormedDeep } from "#shared/well-formed.ts";',
        'import { id } from "./columns.ts";',
        'import { hashPassword } from "../../worker/auth/password.ts";',
        'import { labels } from "../../web/src/lib/labels.ts";',
        "console.log(toWellFormedDeep, id, hashPassword, labels);",
      ],
      "worker/shared/contract.ts": [
        'import { z } from "zod";',
        'import { MESSAGES } from "./messages.ts";',
        'import { PASSWORD_MAX_LENGTH } from "../auth/password-rules.ts";',
        'import { SCHOOL_TYPES } from "../../db/schema/enums.ts";',
        "console.log(z, MESSAGES, PASSWORD_MAX_LENGTH, SCHOOL_TYPES);",
      ],
    });
    expect(found).toEqual([
      "db/schema/table.ts:3",
      "db/schema/table.ts:4",
      "worker/services/service.ts:3",
      "worker/services/service.ts:4",
      "worker/services/service.ts:5",
      "worker/shared/contract.ts:3",
      "worker/shared/contract.ts:4",
    ]);
  });
});
