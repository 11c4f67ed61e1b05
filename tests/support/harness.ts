import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { createDatabase, type Db } from "#db/client.ts";
import { applyMigrations } from "#db/migrate.ts";
import { createApp } from "#worker/app.ts";
import { stubPwnedPasswords } from "#worker/auth/breached-hibp.ts";
import { loadConfig } from "#worker/config.ts";
import type { AppDeps, Logger, PwnedPasswords } from "#worker/deps.ts";
import { localMailer, type Mailer } from "#worker/email/provider.ts";
import { createNodeLiveHub } from "#worker/local/live-hub.ts";
import type { QueueMessageBody } from "#worker/platform.ts";
import { createPasswordSlots, type PasswordSlotOptions } from "#worker/services/_shared/password-slots.ts";
import { stripeForConfig } from "#worker/stripe/client.ts";
import { countRoundTrips, type RoundTripCounter } from "./counting-db.ts";

/** A clock tests move by hand. */
export class TestClock {
  constructor(private current = new Date("2026-03-02T09:00:00.000Z")) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Collects log lines so tests can assert that no secret was logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message, data) => void lines.push(JSON.stringify({ message, ...data })),
    warn: (message, data) => void lines.push(JSON.stringify({ message, ...data })),
    error: (message, data) => void lines.push(JSON.stringify({ message, ...data })),
  };
}

export async function createTestDb(
  options: { countRoundTrips?: boolean; wrapClient?: (client: Client) => Client } = {},
): Promise<{ db: Db; cleanup: () => void; roundTrips: RoundTripCounter | null }> {
  const dir = mkdtempSync(join(tmpdir(), "schoolride-test-"));
  let roundTrips: RoundTripCounter | null = null;
  const wrapClient = options.countRoundTrips
    ? (client: Client) => {
        const counted = countRoundTrips(client);
        roundTrips = counted.counter;
        return counted.client;
      }
    : options.wrapClient;
  const db = createDatabase({ url: `file:${join(dir, "test.db")}`, ...(wrapClient ? { wrapClient } : {}) });
  await applyMigrations(db);
  return {
    db,
    roundTrips,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A production configuration with dummy secrets (the test database stays the local file). */
export const PRODUCTION_ENV = {
  APP_ENV: "production",
  DATABASE_URL: "libsql://x.turso.io",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_x_connect",
  RESEND_API_KEY: "re_x",
  RESEND_WEBHOOK_SECRET: "whsec_y",
  STRIPE_PRICE_STARTER: "price_a",
  STRIPE_PRICE_PROFESSIONAL: "price_b",
  STRIPE_PRICE_ENTERPRISE: "price_c",
  DEVICE_COOKIE_SECRET: "device-cookie-secret-of-the-test-suite",
  VAPID_PUBLIC_KEY: "BHzaghuMgJEGtzpJ81xY7quoD92A-1iOrhm61QB-pLSQ7P-NxiA40x6aJf58bl6GHZ62AAQQPP3zBSi36bT9agQ",
  VAPID_PRIVATE_KEY: "Sj5l6jjGSzb6oFPplE920Rp376M-mY2bANS-cSZZHOU",
};

export type TestAppOptions = {
  env?: Record<string, string>;
  mailer?: Mailer;
  pwnedPasswords?: PwnedPasswords;
  /** Count database round trips (see counting-db.ts); `roundTrips` is null otherwise. */
  countRoundTrips?: boolean;
  /** The bound on password hashing (the entries' default unless given). */
  passwordSlots?: PasswordSlotOptions;
  /** Wraps the raw database client (e.g. tests/support/faulty-db.ts); ignored with countRoundTrips. */
  wrapClient?: (client: Client) => Client;
  /** The Stripe simulator's events (a refund's `charge.refunded`) go into `divertedEvents` instead of the webhook. */
  divertStripeEvents?: boolean;
  /** The built SPA (e.g. worker/local/assets.ts over a directory); a one-line HTML page otherwise. */
  assets?: AppDeps["assets"];
};

/**
 * A fresh migrated database (temporary file), a movable clock, a capturing queue and the real
 * Hono app on top. Requests say where they come from with the `x-test-ip` header.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const { db, cleanup, roundTrips } = await createTestDb({
    countRoundTrips: options.countRoundTrips ?? false,
    ...(options.wrapClient ? { wrapClient: options.wrapClient } : {}),
  });
  const clock = new TestClock();
  const logger = memoryLogger();
  const queued: QueueMessageBody[] = [];
  const config = loadConfig({ APP_URL: "http://localhost:8787", ...options.env });
  const queue: AppDeps["queue"] = { send: async (body) => void queued.push(body) };
  const divertedEvents: object[] = [];
  const deps: AppDeps = {
    db,
    config,
    now: clock.now,
    ...stripeForConfig(config, {
      db,
      now: clock.now,
      logger,
      queue,
      ...(options.divertStripeEvents
        ? { divertEvents: (events: object[]) => void divertedEvents.push(...events) }
        : {}),
    }),
    queue,
    mailer: options.mailer ?? localMailer(),
    logger,
    // Tests never reach Have I Been Pwned, even with a production config.
    pwnedPasswords: options.pwnedPasswords ?? stubPwnedPasswords(),
    passwordSlots: createPasswordSlots(options.passwordSlots),
    clientIp: (c) => c.req.header("x-test-ip") ?? "192.0.2.1",
    assets:
      options.assets ??
      (async () =>
        new Response("<!doctype html><title>SchoolRide</title>", { headers: { "Content-Type": "text/html" } })),
  };
  // The Node entry's live hub (ADR 0055): batches and views in process; sockets need a real server (tests/support/live.ts).
  const live = createNodeLiveHub(() => deps);
  deps.live = live;
  const app = createApp(deps);
  return {
    db,
    deps,
    app,
    clock,
    logger,
    queued,
    divertedEvents,
    roundTrips,
    close: () => {
      live.close();
      cleanup();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
