/**
 * The two apps the bench compares on one database: the real one (`createApp`, as the Node entry
 * builds it, with a real clock) and a bare Hono baseline whose handlers send the same SQL with no
 * tRPC, no auth ladder, no Drizzle.
 */
import { availableParallelism } from "node:os";
import type { Client, InStatement, ResultSet, TransactionMode } from "@libsql/client";
import { Hono } from "hono";
import type { Db } from "#db/client.ts";
import { createApp } from "#worker/app.ts";
import { stubPwnedPasswords } from "#worker/auth/breached-hibp.ts";
import { loadConfig } from "#worker/config.ts";
import type { AppDeps, Logger } from "#worker/deps.ts";
import { localMailer } from "#worker/email/provider.ts";
import { createPasswordSlots, DEFAULT_PASSWORD_SLOTS } from "#worker/services/_shared/password-slots.ts";
import { stripeForConfig } from "#worker/stripe/client.ts";

/** One trip to the database, as the procedure sent it. */
export type RecordedOp =
  | { kind: "execute"; statement: InStatement }
  | { kind: "batch"; statements: InStatement[]; mode: TransactionMode | undefined };

/** Errors go to stderr (a failing request under load must be seen); the rest is noise here. */
const benchLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: (message, data) => console.error(`[app] ${message}`, data ?? ""),
};

/**
 * The Node entry's dependencies minus its side effects: no demo seed, no cron, no e-mail sending
 * (the hot paths are reads), Have I Been Pwned stubbed (no network in a bench). The caller's address
 * comes from `x-bench-ip`, so the login storm's sign-ins are not one address's burst.
 */
export function benchDeps(db: Db, appUrl: string): AppDeps {
  const config = loadConfig({ APP_URL: appUrl });
  const now = () => new Date();
  const queue: AppDeps["queue"] = { send: async () => {} };
  return {
    db,
    config,
    now,
    ...stripeForConfig(config, { db, now, logger: benchLogger, queue }),
    queue,
    mailer: localMailer(),
    logger: benchLogger,
    pwnedPasswords: stubPwnedPasswords(),
    clientIp: (c) => c.req.header("x-bench-ip") ?? "127.0.0.1",
    // As the Node entry bounds password work (ADR 0017).
    passwordSlots: createPasswordSlots({
      ...DEFAULT_PASSWORD_SLOTS,
      max: Math.min(DEFAULT_PASSWORD_SLOTS.max, 2 * availableParallelism()),
    }),
  };
}

export function benchApp(db: Db, appUrl: string) {
  return createApp(benchDeps(db, appUrl));
}

/** Wraps a client so the statements it is sent while `recording` is on are kept, in order. */
export function recordingClient(client: Client) {
  const state = { recording: false, ops: [] as RecordedOp[] };
  const wrapped = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute") {
        return (statement: InStatement, ...rest: unknown[]) => {
          if (state.recording) state.ops.push({ kind: "execute", statement });
          return (value as (...args: unknown[]) => unknown).call(target, statement, ...rest);
        };
      }
      if (prop === "batch") {
        return (statements: InStatement[], mode?: TransactionMode) => {
          if (state.recording) state.ops.push({ kind: "batch", statements, mode });
          return (value as (...args: unknown[]) => unknown).call(target, statements, mode);
        };
      }
      return value.bind(target);
    },
  });
  return { client: wrapped, state };
}

/** Sends the recorded trips, one after the other, as the procedure did. */
export async function replay(client: Client, ops: RecordedOp[]): Promise<ResultSet[]> {
  const results: ResultSet[] = [];
  for (const op of ops) {
    if (op.kind === "execute") results.push(await client.execute(op.statement));
    else results.push(...(await client.batch(op.statements, op.mode)));
  }
  return results;
}

/** `GET /baseline/<procedure>`: the procedure's SQL and its rows as JSON, nothing else. */
export function baselineApp(client: Client, ops: Record<string, RecordedOp[]>) {
  const app = new Hono();
  app.get("/baseline/:name", async (c) => {
    const list = ops[c.req.param("name")];
    if (!list) return c.json({ error: "unknown procedure" }, 404);
    const results = await replay(client, list);
    return c.json(results.map((result) => result.rows));
  });
  return app;
}
