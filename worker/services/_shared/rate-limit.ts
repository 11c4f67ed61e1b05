import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { rateLimits } from "../../../db/schema/index.ts";

/**
 * Rate limits kept in the database, because Worker isolates share no memory. Every counter is
 * changed by one atomic upsert, so parallel requests are counted exactly.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Every sign-in threshold, in one place (ADR 0012). Failures are counted per account and per
 * (address, account); an address on its own is blocked only when many distinct accounts fail
 * from it, because a school's or a phone carrier's NAT puts hundreds of people behind one address.
 */
export const LOGIN_LIMITS = {
  /** Per account: wait this long after the n-th consecutive failure. */
  backoffSeconds: [1, 2, 4, 8, 16, 30, 60, 180, 300],
  /** Per account: hard cap of failures per hour, whatever the backoff. */
  accountFailuresPerHour: 100,
  /** Per address: token bucket of this size, refilling one attempt per second. */
  ipBurst: 20,
  /** Per (address, account): this many failures in a row block the pair for `pairBlockMs`. */
  pairFailureStreak: 10,
  pairBlockMs: 10 * MINUTE,
  /** Per address: this many distinct accounts failing within `ipWindowMs` block the address (credential stuffing). */
  ipDistinctAccounts: 50,
  ipWindowMs: 10 * MINUTE,
  ipBlockMs: 10 * MINUTE,
} as const;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const allowed: LimitDecision = { allowed: true };
function denied(untilMs: number, nowMs: number): LimitDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((untilMs - nowMs) / SECOND)) };
}

export type LoginKeys = { account: string; pair: string; ip: string };

export function loginKeys(role: string, email: string, ip: string): LoginKeys {
  return {
    account: `login:account:${role}:${email}`,
    pair: `login:ip-account:${ip}:${role}:${email}`,
    ip: `login:ip:${ip}`,
  };
}

/**
 * Checks the account, (address, account) and address limits before a password is even looked
 * at, and spends one token of the address's burst bucket.
 */
export async function checkLogin(db: Db, keys: LoginKeys, now: Date): Promise<LimitDecision> {
  const nowMs = now.getTime();
  const rows = await db
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, [keys.account, keys.pair, keys.ip]));
  for (const row of rows) {
    if (row.blockedUntil && row.blockedUntil.getTime() > nowMs) return denied(row.blockedUntil.getTime(), nowMs);
    if (row.key === keys.account && row.count >= LOGIN_LIMITS.accountFailuresPerHour && row.windowStart.getTime() + HOUR > nowMs) {
      return denied(row.windowStart.getTime() + HOUR, nowMs);
    }
  }
  return takeToken(db, `${keys.ip}:burst`, now, LOGIN_LIMITS.ipBurst, SECOND);
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

/** One fixed-window counter: at most `max` events per `windowMs` under `key`. */
export type WindowLimit = { key: string; windowMs: number; max: number };

/**
 * Takes one slot of a fixed window, or none: a single upsert that counts only while the window
 * has room (`ON CONFLICT … DO UPDATE … WHERE`), so a refused event changes nothing and parallel
 * events never take more than `max` slots. Returns the window's start when a slot was taken.
 */
async function takeSlot(db: Db, limit: WindowLimit, now: Date): Promise<Date | null> {
  const nowMs = now.getTime();
  const expired = sql`${rateLimits.windowStart} <= ${nowMs - limit.windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, count: 1, windowStart: now, streak: 0, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowMs} else ${rateLimits.windowStart} end`,
        updatedAt: now,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${limit.max}`,
    })
    .returning({ windowStart: rateLimits.windowStart });
  return row?.windowStart ?? null;
}

/** Gives back a slot taken in the window that started at `windowStart` (if that window still runs). */
async function returnSlot(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
}

/**
 * Takes one slot in every window, all or nothing: when one refuses, the slots already taken are
 * given back, so a refused event counts nowhere. Used for e-mail sends, verification attempts
 * and forgot-password requests.
 */
export async function takeWindowSlots(db: Db, limits: readonly WindowLimit[], now: Date): Promise<LimitDecision> {
  const taken: { key: string; windowStart: Date }[] = [];
  for (const limit of limits) {
    const windowStart = await takeSlot(db, limit, now);
    if (windowStart) {
      taken.push({ key: limit.key, windowStart });
      continue;
    }
    for (const slot of taken) await returnSlot(db, slot.key, slot.windowStart);
    const [row] = await db.select({ windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, limit.key));
    return denied((row?.windowStart.getTime() ?? now.getTime()) + limit.windowMs, now.getTime());
  }
  return allowed;
}

/** Counts events in a fixed window; allows at most `max` per window. */
export function hitWindow(db: Db, key: string, now: Date, windowMs: number, max: number): Promise<LimitDecision> {
  return takeWindowSlots(db, [{ key, windowMs, max }], now);
}

/** A failure counted in a window of `windowMs` and in the streak (which only a success ends). */
async function countFailure(db: Db, key: string, now: Date, windowMs: number) {
  const nowMs = now.getTime();
  const expired = sql`${rateLimits.windowStart} <= ${nowMs - windowMs}`;
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
    .where(eq(rateLimits.key, key));
}

/**
 * After a wrong password: the account's backoff and hourly cap, the (address, account) streak,
 * and — the first time an account fails from this address within the window — one more distinct
 * account for the address, which is blocked once there are `ipDistinctAccounts` of them.
 */
export async function recordLoginFailure(db: Db, keys: LoginKeys, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const account = await countFailure(db, keys.account, now, HOUR);
  const step = LOGIN_LIMITS.backoffSeconds[Math.min(account.streak, LOGIN_LIMITS.backoffSeconds.length) - 1]!;
  await blockUntil(db, keys.account, new Date(nowMs + step * SECOND));

  const pair = await countFailure(db, keys.pair, now, LOGIN_LIMITS.ipWindowMs);
  if (pair.streak >= LOGIN_LIMITS.pairFailureStreak) await blockUntil(db, keys.pair, new Date(nowMs + LOGIN_LIMITS.pairBlockMs));
  // The upsert made exactly one of any parallel failures of this pair the first of its window.
  if (pair.count !== 1) return;
  const ip = await countFailure(db, keys.ip, now, LOGIN_LIMITS.ipWindowMs);
  if (ip.count >= LOGIN_LIMITS.ipDistinctAccounts) await blockUntil(db, keys.ip, new Date(nowMs + LOGIN_LIMITS.ipBlockMs));
}

/**
 * After a correct password: the account's and the pair's streaks (and backoff) end; the hourly
 * count stays, and so does the address's count of distinct failing accounts (one success of the
 * attacker's own account must not reset it).
 */
export async function recordLoginSuccess(db: Db, keys: LoginKeys, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ streak: 0, blockedUntil: null, updatedAt: now })
    .where(inArray(rateLimits.key, [keys.account, keys.pair]));
}

/** Hourly sweep: counters nobody has touched for a day. */
export async function purgeStaleRateLimits(db: Db, now: Date): Promise<number> {
  const result = await db.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now.getTime() - 24 * HOUR)));
  return result.rowsAffected;
}
