import type { Context as HonoContext } from "hono";
import type Stripe from "stripe";
import type { Db } from "../db/client.ts";
import type { AppConfig } from "./config.ts";
import type { Mailer } from "./email/provider.ts";
import type { LiveHub } from "./live/hub.ts";
import type { AssetFetcher, QueueProducer } from "./platform.ts";
import type { PasswordSlots } from "./services/_shared/password-slots.ts";

/** Answers whether a password appears in a breach corpus (worker/auth/breached-hibp.ts). */
export type PwnedPasswords = { isPwned(password: string): Promise<boolean> };

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/**
 * Everything the app needs from outside, handed in by an entry (Worker, Node, tests).
 * No module of the app reads the environment or keeps state of its own.
 */
export type AppDeps = {
  db: Db;
  config: AppConfig;
  /** The clock; tests move it. */
  now: () => Date;
  queue: QueueProducer;
  mailer: Mailer;
  /** The Stripe SDK (the local simulator behind it in local mode). */
  stripe: Stripe;
  /** Signing secret of /api/stripe/webhook (the simulator's in local mode). */
  stripeWebhookSecret: string;
  logger: Logger;
  /** Have I Been Pwned in production; a stub that finds nothing in local mode and tests. */
  pwnedPasswords: PwnedPasswords;
  /** The bound on password hashing in flight (ADR 0017): one per process or isolate. */
  passwordSlots: PasswordSlots;
  /** The caller's address as the host sees it (Cloudflare's header, or the socket in Node). */
  clientIp: (c: HonoContext) => string | null;
  /** Serves the built SPA, with index.html for unknown paths. Absent in API-only tests. */
  assets?: AssetFetcher;
  /** Live tracking's hub (ADR 0055): a Durable Object per run, or in process on the Node entry. */
  live?: LiveHub;
  /**
   * DEV ONLY: "Simulate a run" (worker/local/simulate-run.ts), given by the Node entry in local mode;
   * `/dev/live/simulate` is mounted only with it (never in production).
   */
  simulator?: RunSimulator;
  /**
   * DEV ONLY: the local push service (worker/local/push-service.ts), given by the Node entry in local
   * mode; `/dev/push*` is mounted only with it (never in production, ADR 0068).
   */
  localPush?: LocalPush;
};

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
export type PushSubscriptionJson = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/** The local push service: a stand-in for the browsers' push services (dev only, ADR 0068). */
export type LocalPush = {
  /** Its origin, e.g. http://127.0.0.1:10787: the one http endpoint a subscription may name. */
  origin: string;
  /** A subscription that points at it (the browser's, which cannot reach a real push service offline). */
  subscribe(applicationServerKey: string): Promise<PushSubscriptionJson>;
  /** Every push it received, decrypted, oldest first. */
  received(): { endpoint: string; at: string; payload: string }[];
  /** Expires a subscription: the next push to it is answered 410. False if it does not know the endpoint. */
  expire(endpoint: string): boolean;
  close(): Promise<void>;
};

/** A demo bus driven along a seeded route through the live engine, as its driver (dev only). */
export type RunSimulator = {
  /**
   * Starts (or restarts) the simulated run of a route of the school (the demo's River Road unless
   * named); `loop` (the demo route only): again a while after each end.
   */
  start(schoolId: string, loop?: boolean, routeId?: string): Promise<{ runId: string } | { error: string }>;
  /**
   * Ends the school's simulated run of the route now (as its driver) and stops any loop; other
   * routes drive on, and another school's run is left alone.
   */
  stop(schoolId: string, routeId?: string): Promise<void>;
  /** The route's simulated run's id while one is driving. */
  current(routeId?: string): string | null;
  /** After a crash mid-run: ends the simulated runs left open and puts the seeded timetable back. */
  recover(): Promise<void>;
  /** Stops driving for good (the server is closing): ends every simulated run; resolves when they have. */
  close(): Promise<void>;
};

/** Structured logs to the console. Never pass secrets in `data`. */
export const consoleLogger: Logger = {
  info: (message, data) => console.log(JSON.stringify({ level: "info", message, ...data })),
  warn: (message, data) => console.warn(JSON.stringify({ level: "warn", message, ...data })),
  error: (message, data) => console.error(JSON.stringify({ level: "error", message, ...data })),
};
