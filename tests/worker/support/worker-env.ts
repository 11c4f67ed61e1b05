/**
 * Helpers for tests running inside workerd: the Worker's env in production and local mode, and
 * a Drizzle client on the test database (the same Hrana server the Worker uses).
 */
import { env } from "cloudflare:workers";
import { createDatabase, type Db } from "#db/client.ts";
import worker, { type WorkerEnv } from "#worker/index.ts";

export { worker };

export const APP_ORIGIN = new URL(env.APP_URL).origin;

/** A URL nothing listens on (port 1 is never served here): every database call fails. */
export const CLOSED_DATABASE_URL = "http://127.0.0.1:1";

/**
 * A fresh copy of the configured env (production mode: every secret set, https APP_URL).
 * The entry caches its dependencies per env object, so each copy gets its own runtime.
 */
export function productionEnv(overrides: Partial<WorkerEnv> = {}): WorkerEnv {
  return { ...env, ...overrides };
}

/** Local mode: no Stripe/Resend secrets, APP_ENV=local, plain http://localhost (no HSTS, no Secure). */
export function localEnv(overrides: Partial<WorkerEnv> = {}): WorkerEnv {
  return {
    ...env,
    APP_ENV: "local",
    APP_URL: "http://localhost:8787",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_CONNECT_WEBHOOK_SECRET: undefined,
    RESEND_API_KEY: undefined,
    RESEND_WEBHOOK_SECRET: undefined,
    ...overrides,
  };
}

let db: Db | undefined;
/** Drizzle over HTTP on the test database, for seeding and assertions. */
export function testDb(): Db {
  db ??= createDatabase({ url: env.DATABASE_URL });
  return db;
}

/** A short unique suffix, so tests sharing the one database never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}
