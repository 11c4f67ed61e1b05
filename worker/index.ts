/**
 * Cloudflare Worker entry: `fetch`, `queue` and `scheduled`. Turso over HTTP (libSQL's web
 * client), Cloudflare Queues with a dead-letter queue, an hourly Cron Trigger, the SPA as assets.
 *
 * The default export is the only value this module may export: workerd treats every named export
 * of the main module as an entrypoint and refuses to start (and Cloudflare refuses the upload) when
 * one is not a handler. Types are fine (they are erased); constants belong in platform.ts.
 */
import { createDatabase } from "../db/client.ts";
import { type App, createApp } from "./app.ts";
import { pwnedPasswordsForConfig } from "./auth/breached-hibp.ts";
import { loadConfig } from "./config.ts";
import { runScheduled } from "./cron/scheduled.ts";
import { type AppDeps, consoleLogger } from "./deps.ts";
import { createMailer } from "./email/provider.ts";
import { DEAD_LETTER_QUEUE, type QueueBatch, type QueueMessageBody, type WaitUntil } from "./platform.ts";
import { consumeBatch, consumeDeadLetters } from "./queue/consumer.ts";
import { createPasswordSlots } from "./services/_shared/password-slots.ts";
import { stripeForConfig } from "./stripe/client.ts";

export type WorkerEnv = {
  APP_ENV?: string;
  APP_URL?: string;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  RESEND_API_KEY?: string;
  RESEND_WEBHOOK_SECRET?: string;
  EMAIL_FROM?: string;
  STRIPE_PRICE_STARTER?: string;
  STRIPE_PRICE_PROFESSIONAL?: string;
  STRIPE_PRICE_ENTERPRISE?: string;
  DEVICE_COOKIE_SECRET?: string;
  ROUTING_URL?: string;
  GEOCODER_URL?: string;
  EMAIL_QUEUE: {
    send(body: QueueMessageBody, options?: { delaySeconds?: number }): Promise<void>;
    sendBatch(messages: Iterable<{ body: QueueMessageBody }>): Promise<void>;
  };
  ASSETS?: { fetch(request: Request): Promise<Response> };
};

/** Dependencies are built once per isolate and env; entries are the only place that keeps state. */
let cached: { env: WorkerEnv; deps: AppDeps; app: App } | undefined;

function runtime(env: WorkerEnv) {
  if (cached?.env === env) return cached;
  const config = loadConfig(env);
  const db = createDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  const assets = env.ASSETS;
  const now = () => new Date();
  const queue: AppDeps["queue"] = {
    send: (body) => env.EMAIL_QUEUE.send(body),
    sendBatch: (bodies) => env.EMAIL_QUEUE.sendBatch(bodies.map((body) => ({ body }))),
  };
  const deps: AppDeps = {
    db,
    config,
    now,
    ...stripeForConfig(config, { db, now, logger: consoleLogger, queue }),
    queue,
    mailer: createMailer(config),
    logger: consoleLogger,
    pwnedPasswords: pwnedPasswordsForConfig(config, { logger: consoleLogger }),
    passwordSlots: createPasswordSlots(),
    clientIp: (c) => c.req.header("cf-connecting-ip") ?? null,
    ...(assets ? { assets: (request: Request) => assets.fetch(request) } : {}),
  };
  cached = { env, deps, app: createApp(deps) };
  return cached;
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: WaitUntil): Response | Promise<Response> {
    return runtime(env).app.fetch(request, env, ctx as never);
  },

  async queue(batch: QueueBatch, env: WorkerEnv): Promise<void> {
    const { deps } = runtime(env);
    const consumerDeps = { db: deps.db, mailer: deps.mailer, now: deps.now, logger: deps.logger };
    if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(consumerDeps, batch);
    else await consumeBatch(consumerDeps, batch);
  },

  async scheduled(controller: { scheduledTime: number }, env: WorkerEnv): Promise<void> {
    const { deps } = runtime(env);
    await runScheduled(
      { db: deps.db, queue: deps.queue, logger: deps.logger, appUrl: deps.config.appUrl, stripe: deps.stripe },
      new Date(controller.scheduledTime),
    );
  },
};
