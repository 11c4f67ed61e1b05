/**
 * `npm run dev:worker` (after `vite build`): the Worker in workerd, as Cloudflare runs it, on this
 * machine. Migrates and seeds the local database (.data/workerd.db), serves it over HTTP (Hrana,
 * standing in for Turso), then runs `wrangler dev --local --test-scheduled` in local mode:
 * Miniflare's queues, the Stripe simulator, the dev mailbox. Ctrl-C stops everything.
 *
 * PORT (default 8787) is the Worker's port; the database listens on a free port of 127.0.0.1.
 * DATABASE_URL (default file:.data/workerd.db) names the local database file to serve.
 */
import { createDatabase } from "../db/client.ts";
import { applyMigrations, ensureDatabaseDir } from "../db/migrate.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../worker/local/demo-seed.ts";
import { startHranaServer } from "./hrana/server.ts";
import { localModeVars, ROOT, startWranglerDev, waitForHealth } from "./wrangler-dev.ts";

/** How long wrangler gets to answer {"ok":true} on /api/health (it bundles the Worker first). */
const STARTUP_TIMEOUT_MS = 90_000;

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`PORT must be a port number, not ${JSON.stringify(process.env.PORT)}.`);
  process.exit(1);
}

const url = process.env.DATABASE_URL || `file:${ROOT}/.data/workerd.db`;
if (!url.startsWith("file:") || url === "file::memory:") {
  console.error(`DATABASE_URL must name a local database file (file:…), not ${JSON.stringify(url)}.`);
  process.exit(1);
}

// Migrate and seed with the embedded client, then hand the file to the HTTP server.
ensureDatabaseDir(url);
const db = createDatabase({ url });
await applyMigrations(db);
const seeded = await seedDemo(db, new Date());
db.$client.close();
const database = await startHranaServer({ file: url.slice("file:".length) });

const appUrl = `http://localhost:${port}`;
console.log(`\nLocal database ${url} served at ${database.url}${seeded === "seeded" ? " (demo just seeded)" : ""}`);
console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
for (const account of DEMO_ACCOUNTS)
  console.log(`  ${account.role.padEnd(13)} ${account.email.padEnd(26)} ${appUrl}${account.login}`);
console.log(`Dev mailbox: ${appUrl}/dev/mailbox · cron: ${appUrl}/__scheduled\n`);

const wrangler = startWranglerDev({
  port,
  vars: localModeVars({ appUrl, databaseUrl: database.url }),
  stdio: "inherit",
});

// Ctrl-C reaches wrangler too (same terminal); wait for it to finish, then close the database.
let stopping = false;
let failed = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void wrangler.stop();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// A Worker that is not healthy in time (wrangler stuck, the database unreachable) stops everything
// with an exit code of 1, so a caller waiting for the port (the workerd e2e run) fails at once.
waitForHealth(appUrl, wrangler, STARTUP_TIMEOUT_MS).then(
  () => console.log(`The Worker is ready at ${appUrl}`),
  (error: unknown) => {
    if (stopping) return;
    console.error(`dev:worker: ${error instanceof Error ? error.message : String(error)}`);
    failed = true;
    stop();
  },
);

const how = await wrangler.exited;
await database.close();
process.exit(!failed && (how === "exit code 0" || stopping) ? 0 : 1);
