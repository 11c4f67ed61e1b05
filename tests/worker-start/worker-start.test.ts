/**
 * The uploaded bundle starts in workerd: `wrangler dev --local` runs the `wrangler deploy --dry-run`
 * output (built by `npm run test:build`) with wrangler.toml's bindings (queues, assets, cron) in
 * local mode, against a database served over HTTP, on a free port. The workerd test pool never
 * loads the main module as workerd does, so a named export beside the handlers (which workerd
 * takes for an entrypoint, and Cloudflare refuses) escaped it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "#db/client.ts";
import { MIGRATIONS_FOLDER } from "#db/migrate.ts";
import { cronRuns } from "#db/schema/index.ts";
import { type HranaServer, startHranaServer } from "../../scripts/hrana/server.ts";
import {
  freePort,
  localModeVars,
  ROOT,
  startWranglerDev,
  type WranglerDev,
  waitForHealth,
} from "../../scripts/wrangler-dev.ts";

const BUNDLE = resolve(ROOT, ".wrangler/dry-run/index.js");
const HANDLERS = ["fetch", "queue", "scheduled"];
/** Prints the module's named exports and the members of its default export, with their types. */
const LIST_EXPORTS = `
const entry = await import(process.argv[1]);
const handlers = Object.entries(entry.default ?? {}).map(([name, value]) => [name, typeof value]).sort();
const classes = Object.keys(entry).filter((name) => name !== "default").map((name) => [name, typeof entry[name]]);
console.log(JSON.stringify({ exports: Object.keys(entry), handlers, classes }));
`;

const REGISTRATION = {
  schoolName: "Queue Test Academy",
  schoolType: "primary",
  schoolCountry: "United States",
  pupilCount: 120,
  busCount: 2,
  adminFullName: "Robin Queue",
  adminRole: "Principal",
  adminPhone: "",
  schoolAddress: "5 Worker Road",
  schoolCity: "Portland",
  schoolState: "OR",
  schoolZipCode: "97201",
  timeZone: "America/Los_Angeles",
};

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let database: HranaServer;
let db: Db;
let wrangler: WranglerDev;
let url: string;
let state: string;

beforeAll(() => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run test:build\` first.`);
});

describe("the uploaded bundle", () => {
  it("its main module exports its handlers and the live hub's Durable Object class, nothing else", () => {
    // Plain Node loads the self-contained bundle in a moment (Vite's module runner takes seconds).
    const listing = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", LIST_EXPORTS, pathToFileURL(BUNDLE).href],
      { encoding: "utf8" },
    );
    // A Durable Object class is an entrypoint workerd accepts (ADR 0055); anything else is refused.
    expect(JSON.parse(listing)).toEqual({
      exports: ["LiveRun", "default"],
      handlers: HANDLERS.map((name) => [name, "function"]),
      classes: [["LiveRun", "function"]],
    });
  });
});

describe("the built Worker under wrangler dev", () => {
  beforeAll(async () => {
    database = await startHranaServer({ migrationsFolder: MIGRATIONS_FOLDER });
    db = createDatabase({ url: database.url });
    const port = await freePort();
    url = `http://localhost:${port}`;
    state = mkdtempSync(join(tmpdir(), "schoolride-wrangler-state-"));
    wrangler = startWranglerDev({
      port,
      vars: localModeVars({ appUrl: url, databaseUrl: database.url }),
      builtScript: BUNDLE,
      persistTo: state,
      stdio: "pipe",
    });
    await waitForHealth(url, wrangler, 45_000);
  });

  afterAll(async () => {
    await wrangler?.stop();
    db?.$client.close();
    await database?.close();
    if (state) rmSync(state, { recursive: true, force: true });
  });

  it('answers {"ok":true} on /api/health after a database query', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"ok":true}');
  });

  it("serves the SPA through the Worker, with its security headers", async () => {
    for (const path of ["/", "/login/parent"]) {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(await response.text()).toContain('<div id="root"');
    }
  });

  it("serves the prerendered public pages at their paths (assets html_handling), a role area's shell with its frame, the shell elsewhere", async () => {
    const pages = {
      "/": "SchoolRide · Safe, simple school transportation",
      "/services": "What We Do · SchoolRide",
      "/login/parent": "Parent Login · SchoolRide",
    };
    for (const [path, title] of Object.entries(pages)) {
      const html = await (await fetch(`${url}${path}`)).text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<div id="root" data-prerendered="${path}">`);
      expect(html).toContain('<meta property="csp-nonce"');
    }
    // A role area's pages: the home's shell and the area's, with the signed-in frame in #root (ADR 0087).
    for (const path of ["/parent", "/parent/children"]) {
      const html = await (await fetch(`${url}${path}`)).text();
      expect(html, path).toContain(
        '<div id="root" data-frame><div class="min-h-screen bg-slate-50" data-starting=""><header',
      );
      expect(html, path).toContain('<link rel="modulepreload"');
    }
    // The live view's own shell (ADR 0088), which the assets serve from a folder beside the area's shell.
    expect(await (await fetch(`${url}/parent/rides/any-run`)).text()).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/ParentLivePage-[\w-]+\.js">/,
    );
    expect(await (await fetch(`${url}/parent/children`)).text()).not.toContain("ParentLivePage");
    expect(await (await fetch(`${url}/home`)).text()).toContain('<div id="root"></div>');
  });

  it("runs the cron sweeps in the scheduled handler", async () => {
    // Miniflare's trigger (wrangler's /__scheduled is a middleware it only adds when it bundles).
    const response = await fetch(`${url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 * * * *")}`);
    expect(response.status, wrangler.output()).toBe(200);
    expect((await db.select().from(cronRuns)).length).toBeGreaterThan(0);
  });

  it("delivers e-mail through the queue consumer: a registration's code reaches the dev mailbox", async () => {
    const adminEmail = `queue.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await fetch(`${url}/api/trpc/registration.register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ json: { ...REGISTRATION, adminEmail, intendedStartDate: daysFromNow(30) } }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const inbox = async () => {
      const messages = (await (await fetch(`${url}/dev/mailbox.json`)).json()) as { to: string; subject: string }[];
      return messages.filter((message) => message.to === adminEmail).map((message) => message.subject);
    };
    // Miniflare hands the batch to the consumer after max_batch_timeout (5 s).
    await expect.poll(inbox, { timeout: 15_000, interval: 500 }).toHaveLength(1);
  });
});
