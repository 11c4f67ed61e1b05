import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";

/**
 * Rate limits kept in the database, because Worker isolates share no memory. Every counter is
 * changed by one atomic upsert, so parallel requests are counted exactly.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Per account: wait this long after the n-th consecutive failure (SECURITY.md). */
export const LOGIN_BACKOFF_SECONDS = [1, 2, 4, 8, 16, 30, 60, 180, 300] as const;
/** Per account: hard cap of failures per hour, whatever the backoff. */
export const LOGIN_ACCOUNT_FAILURES_PER_HOUR = 100;
/** Per IP: token bucket of this size, refilling one attempt per second. */
export const LOGIN_IP_BURST = 20;
/** Per IP: this many failures in a row block the address for `LOGIN_IP_BLOCK_MS`. */
export const LOGIN_IP_FAILURE_STREAK = 10;
export const LOGIN_IP_BLOCK_MS = 10 * MINUTE;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const allowed: LimitDecision = { allowed: true };
function denied(untilMs: number, nowMs: number): LimitDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((untilMs - nowMs) / SECOND)) };
}

export type LoginKeys = { account: string; ip: string };

export function loginKeys(role: string, email: string, ip: string): LoginKeys {
  return { account: `login:account:${role}:${email}`, ip: `login:ip:${ip}` };
}

/**
 * Checks the account and IP limits before a password is even looked at, and spends one token of
 * the IP's burst bucket.
 */
export async function checkLogin(db: Db, keys: LoginKeys, now: Date): Promise<LimitDecision> {
  const nowMs = now.getTime();
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, [keys.account, keys.ip]));
  for (const row of rows) {
    if (row.blockedUntil && row.blockedUntil.getTime() > nowMs) return denied(row.blockedUntil.getTime(), nowMs);
    if (
      row.key === keys.account &&
      row.count >= LOGIN_ACCOUNT_FAILURES_PER_HOUR &&
      row.windowStart.getTime() + HOUR > nowMs
    ) {
      return denied(row.windowStart.getTime() + HOUR, nowMs);
    }
  }
  return takeToken(db, `${keys.ip}:burst`, now, LOGIN_IP_BURST, SECOND);
}

/** Token bucket of `capacity`, one token back every `refillMs`. */
export async function takeToken(db: Db, key: string, now: Date, capacity: number, refillMs: number): Promise<LimitDecision> {
  const nowMs = now.getTime();
  const elapsed = sql`((${nowMs} - ${rateLimits.windowStart}) / ${refillMs})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, streak: 0, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`max(0, ${rateLimits.count} - ${elapsed}) + 1`,
        windowStart: sql`${rateLimits.windowStart} + ${elapsed} * ${refillMs}`,
        updatedAt: now,
      },
    })
    .returning({ count: rateLimits.count });
  if (!row || row.count <= capacity) return allowed;
  return denied(nowMs + (row.count - capacity) * refillMs, nowMs);
}

/**
 * Counts events in a fixed window; allows at most `max` per window. Used for e-mail sends,
 * verification attempts and forgot-password requests.
 */
export async function hitWindow(db: Db, key: string, now: Date, windowMs: number, max: number): Promise<LimitDecision> {
  const nowMs = now.getTime();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, streak: 0, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${nowMs - windowMs} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${nowMs - windowMs} then ${nowMs} else ${rateLimits.windowStart} end`,
        updatedAt: now,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row || row.count <= max) return allowed;
  return denied(row.windowStart.getTime() + windowMs, nowMs);
}

async function countFailure(db: Db, key: string, now: Date) {
  const nowMs = now.getTime();
  const expired = sql`${rateLimits.windowStart} <= ${nowMs - HOUR}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, streak: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowMs} else ${rateLimits.windowStart} end`,
        streak: sql`${rateLimits.streak} + 1`,
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

async function blockUntil(db: Db, key: string, until: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ blockedUntil: sql`max(coalesce(${rateLimits.blockedUntil}, 0), ${until.getTime()})` })
    .where(sql`${rateLimits.key} = ${key}`);
}

/** After a wrong password: backoff for the account, the hourly cap, and the IP streak block. */
export async function recordLoginFailure(db: Db, keys: LoginKeys, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const account = await countFailure(db, keys.account, now);
  const step = LOGIN_BACKOFF_SECONDS[Math.min(account.streak, LOGIN_BACKOFF_SECONDS.length) - 1]!;
  await blockUntil(db, keys.account, new Date(nowMs + step * SECOND));
  const ip = await countFailure(db, keys.ip, now);
  if (ip.streak >= LOGIN_IP_FAILURE_STREAK) await blockUntil(db, keys.ip, new Date(nowMs + LOGIN_IP_BLOCK_MS));
}

/** After a correct password: the streaks (and backoff) end; the hourly count stays. */
export async function recordLoginSuccess(db: Db, keys: LoginKeys, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ streak: 0, blockedUntil: null, updatedAt: now })
    .where(inArray(rateLimits.key, [keys.account, keys.ip]));
}

/** Hourly sweep: counters nobody has touched for a day. */
export async function purgeStaleRateLimits(db: Db, now: Date): Promise<number> {
  const result = await db.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now.getTime() - 24 * HOUR)));
  return result.rowsAffected;
}
