/**
 * The Worker's dependencies, built once per isolate and env: shared by the entry (worker/index.ts)
 * and the live hub's Durable Object (worker/live/run-object.ts), which runs in the same isolate kind
 * with the same env.
 */
import { createDatabase } from "../db/client.ts";
import { type App, createApp } from "./app.ts";
import { pwnedPasswordsForConfig } from "./auth/breached-hibp.ts";
import { loadConfig } from "./config.ts";
import { type AppDeps, consoleLogger } from "./deps.ts";
import { createMailer } from "./email/provider.ts";
import { durableObjectHub } from "./live/do-hub.ts";
import type { DurableObjectNamespaceLike, QueueMessageBody } from "./platform.ts";
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
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  ROUTING_URL?: string;
  GEOCODER_URL?: string;
  EMAIL_QUEUE: {
    send(body: QueueMessageBody, options?: { delaySeconds?: number }): Promise<void>;
    sendBatch(messages: Iterable<{ body: QueueMessageBody }>): Promise<void>;
  };
  ASSETS?: { fetch(request: Request): Promise<Response> };
  /** One Durable Object per live run (ADR 0055). */
  LIVE_RUNS?: DurableObjectNamespaceLike;
};

/** Dependencies are built once per isolate and env; entries are the only place that keeps state. */
let cached: { env: WorkerEnv; deps: AppDeps; app: App } | undefined;

export function runtime(env: WorkerEnv) {
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
    ...(env.LIVE_RUNS ? { live: durableObjectHub(env.LIVE_RUNS) } : {}),
  };
  cached = { env, deps, app: createApp(deps) };
  return cached;
}
