/**
 * Node entry: the embedded local default (`npm start`). Serves the same Hono app and the built
 * SPA, applies migrations, seeds the demo in local mode, runs an in-process queue that calls the
 * same consumer as the Worker, and an hourly timer that calls the same scheduled function.
 * The only module that reads process.env.
 */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { WebSocketServer } from "ws";
import { createDatabase, DEFAULT_DATABASE_URL } from "../db/client.ts";
import { enableWriteAheadLog, isLocalFileUrl } from "../db/local-file.ts";
import { applyMigrations, ensureDatabaseDir } from "../db/migrate.ts";
import { createApp } from "./app.ts";
import { pwnedPasswordsForConfig } from "./auth/breached-hibp.ts";
import { loadConfig } from "./config.ts";
import { runScheduled } from "./cron/scheduled.ts";
import { type AppDeps, consoleLogger } from "./deps.ts";
import { createMailer } from "./email/provider.ts";
import { nodeAssets } from "./local/assets.ts";
import { compressPages } from "./local/compression.ts";
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_PASSWORD, seedDemo } from "./local/demo-seed.ts";
import { createNodeLiveHub } from "./local/live-hub.ts";
import { loopTurns } from "./local/loop-turns.ts";
import { startLocalPushService } from "./local/push-service.ts";
import { InProcessQueue } from "./local/queue.ts";
import { createRunSimulator } from "./local/simulate-run.ts";
import { localVapidKeys } from "./local/vapid-file.ts";
import { consumeBatch, consumeDeadLetters, QUEUE_MAX_RETRIES } from "./queue/consumer.ts";
import { createPasswordSlots, DEFAULT_PASSWORD_SLOTS } from "./services/_shared/password-slots.ts";
import { stripeForConfig } from "./stripe/client.ts";

const HOUR_MS = 3_600_000;

export async function startNodeServer(env: Record<string, string | undefined> = process.env) {
  const port = Number(env.PORT ?? 8787);
  // Links in e-mails follow the port unless APP_URL says otherwise.
  const loaded = loadConfig({ ...env, APP_URL: env.APP_URL || `http://localhost:${port}` });
  const databaseUrl = loaded.databaseUrl ?? DEFAULT_DATABASE_URL;
  // Web push's keys (ADR 0068): a local install without them generates a pair once, beside its database.
  const config =
    loaded.localMode && !loaded.vapid
      ? { ...loaded, vapid: await localVapidKeys(databaseUrl, `mailto:push@${new URL(loaded.appUrl).hostname}`) }
      : loaded;
  ensureDatabaseDir(databaseUrl);
  // A file on this machine: write-ahead log, synchronous=NORMAL, on the client's one connection (ADR 0064).
  const localFile = isLocalFileUrl(databaseUrl);
  const db = createDatabase({
    url: databaseUrl,
    authToken: config.databaseAuthToken,
    ...(localFile ? { connections: 1 } : {}),
  });
  if (localFile) await enableWriteAheadLog(db.$client);
  await applyMigrations(db);
  const seeded = config.localMode ? await seedDemo(db, new Date()) : "not-local";

  const logger = consoleLogger;
  const now = () => new Date();
  const mailer = createMailer(config);
  // DEV ONLY (local mode): the local push service the browsers' subscriptions point at (ADR 0068).
  const localPush = config.localMode
    ? await startLocalPushService(Number(env.PUSH_SERVICE_PORT ?? port + 2000))
    : undefined;
  const push = config.vapid ? { vapid: config.vapid, fetch, localOrigin: localPush?.origin } : null;
  const consumerDeps = { db, mailer, now, logger, push };
  const queue = new InProcessQueue({
    consume: (batch) => consumeBatch(consumerDeps, batch),
    deadLetter: (batch) => consumeDeadLetters(consumerDeps, batch),
    maxRetries: QUEUE_MAX_RETRIES,
    onError: (error) => logger.error("in-process queue error", { error: String(error) }),
  });

  const deps: AppDeps = {
    db,
    config,
    now,
    queue,
    mailer,
    ...stripeForConfig(config, { db, now, logger, queue }),
    logger,
    pwnedPasswords: pwnedPasswordsForConfig(config, { logger }),
    // Two per core, but no more than libuv's thread pool (4 threads) runs at once.
    passwordSlots: createPasswordSlots({
      ...DEFAULT_PASSWORD_SLOTS,
      max: Math.min(DEFAULT_PASSWORD_SLOTS.max, 2 * availableParallelism()),
    }),
    clientIp: (c) => getConnInfo(c).remote.address ?? null,
    assets: nodeAssets(resolve(fileURLToPath(import.meta.url), "../../dist")),
    ...(localPush ? { localPush } : {}),
  };
  // Live tracking in process (ADR 0055): sockets upgraded on the same HTTP server, through the app's route.
  const live = createNodeLiveHub(() => deps);
  deps.live = live;
  // DEV ONLY (local mode): "Simulate a run" on the live board, and a demo bus that moves by itself
  // from startup, again two minutes after each run (DEMO_SIMULATION=off leaves it to the button).
  const simulator = config.localMode ? createRunSimulator(() => deps, { loopAfterMs: 2 * 60_000 }) : null;
  if (simulator) deps.simulator = simulator;
  const app = createApp(deps);
  // At most a few requests start per event-loop turn, so new connections are accepted under load (ADR 0032).
  // Pages are compressed here, assets by the build (ADR 0065): Cloudflare does both for the Worker.
  const server = serve({
    fetch: loopTurns()(compressPages(app.fetch)),
    port,
    websocket: { server: new WebSocketServer({ noServer: true }) },
  });

  const cron = () =>
    runScheduled({ db, queue, logger, appUrl: config.appUrl, stripe: deps.stripe }, now()).catch((error) =>
      logger.error("cron failed", { error: String(error) }),
    );
  void cron();
  const timer = setInterval(cron, HOUR_MS);
  if (simulator) {
    await simulator.recover();
    if (env.DEMO_SIMULATION !== "off")
      void simulator
        .start(DEMO_IDS.school, true)
        .catch((error) => logger.error("simulated run failed", { error: String(error) }));
  }

  const url = `http://localhost:${port}`;
  console.log(`\nSchoolRide is running at ${url}${config.localMode ? " (local mode)" : ""}`);
  if (config.localMode) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD})${seeded === "seeded" ? " — just seeded" : ""}:`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`  ${account.role.padEnd(13)} ${account.email.padEnd(26)} ${url}${account.login}`);
    console.log(`Dev mailbox: ${url}/dev/mailbox · pushes: ${url}/dev/push (local push service ${localPush?.origin})`);
    if (simulator && env.DEMO_SIMULATION !== "off")
      console.log(`Dev only: a simulated bus is driving River Road; watch it at ${url}/school-admin/live\n`);
    else console.log("");
  }

  const close = async () => {
    clearInterval(timer);
    await simulator?.close();
    queue.stop();
    live.close();
    await localPush?.close();
    await new Promise<void>((done) => server.close(() => done()));
    db.$client.close();
  };
  return { app, deps, queue, close, url };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { close } = await startNodeServer();
  const shutdown = () => void close().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
