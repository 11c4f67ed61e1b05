import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rateLimits } from "#db/schema/index.ts";

/**
 * Rate limits kept in the database, because Worker isolates share no memory. Every counter is
 * changed by one atomic upsert, so parallel requests are counted exactly.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Every sign-in threshold, in one place (ADR 0012, ADR 0035). Failures are counted per account and
 * per (address, account); an address on its own is blocked only when many distinct accounts fail
 * from it, because a school's or a phone carrier's NAT puts hundreds of people behind one address.
 * A trusted device (a valid device cookie for the account) is held by none of these, only by the
 * address's burst bucket and its own failure budget, so a stranger cannot lock an account's owner out.
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
  /** Per trusted device: this many failures in a row and its device cookie is ignored for `deviceBlockMs`. */
  deviceFailureStreak: 10,
  deviceBlockMs: HOUR,
} as const;

type Denied = { allowed: false; retryAfterSeconds: number };
export type LimitDecision = { allowed: true } | Denied;

const allowed: LimitDecision = { allowed: true };
function denied(untilMs: number, nowMs: number): Denied {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((untilMs - nowMs) / SECOND)) };
}

/** `device`: the counter of the sign-in's trusted device (its device cookie's nonce), or null. */
export type LoginKeys = { account: string; pair: string; ip: string; device: string | null };

export function loginKeys(role: string, email: string, ip: string, deviceNonce: string | null = null): LoginKeys {
  return {
    account: `login:account:${role}:${email}`,
    pair: `login:ip-account:${ip}:${role}:${email}`,
    ip: `login:ip:${ip}`,
    device: deviceNonce === null ? null : `login:device:${deviceNonce}`,
  };
}

/** Allowed, and whether as a trusted device (whose failures then count on the device only). */
export type LoginDecision = { allowed: true; trusted: boolean } | Denied;

/**
 * Checks the limits before a password is even looked at, and spends one token of the address's
 * burst bucket. A trusted device whose own budget is not spent is held by nothing else; any other
 * attempt (a device cookie that is locked counts as none) by the account, (address, account) and
 * address limits.
 */
export async function checkLogin(db: Db, keys: LoginKeys, now: Date): Promise<LoginDecision> {
  const nowMs = now.getTime();
  const blocked = (row: { blockedUntil: Date | null } | undefined) =>
    Boolean(row?.blockedUntil && row.blockedUntil.getTime() > nowMs);
  const rows = await db
    .select()
    .from(rateLimits)
    .where(inArray(rateLimits.key, [keys.account, keys.pair, keys.ip, ...(keys.device ? [keys.device] : [])]));
  const trusted = keys.device !== null && !blocked(rows.find((row) => row.key === keys.device));
  if (!trusted) {
    for (const row of rows) {
      if (row.key === keys.device) continue;
      if (blocked(row)) return denied(row.blockedUntil!.getTime(), nowMs);
      if (
        row.key === keys.account &&
        row.count >= LOGIN_LIMITS.accountFailuresPerHour &&
        row.windowStart.getTime() + HOUR > nowMs
      ) {
        return denied(row.windowStart.getTime() + HOUR, nowMs);
      }
    }
  }
  const burst = await takeToken(db, `${keys.ip}:burst`, now, LOGIN_LIMITS.ipBurst, SECOND);
  return burst.allowed ? { allowed: true, trusted } : burst;
}

/** Token bucket of `capacity`, one token back every `refillMs`. */
export async function takeToken(
  db: Db,
  key: string,
  now: Date,
  capacity: number,
  refillMs: number,
): Promise<LimitDecision> {
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
    const [row] = await db
      .select({ windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, limit.key));
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
 * After a wrong password. From a trusted device: the device's streak only, which ignores its
 * cookie for `deviceBlockMs` once it reaches `deviceFailureStreak` (the account's owner mistyping
 * on their own browser locks no one else out). Otherwise: the account's backoff and hourly cap,
 * the (address, account) streak, and — the first time an account fails from this address within
 * the window — one more distinct account for the address, which is blocked once there are
 * `ipDistinctAccounts` of them.
 */
export async function recordLoginFailure(db: Db, keys: LoginKeys, now: Date, trusted = false): Promise<void> {
  const nowMs = now.getTime();
  if (trusted && keys.device) {
    const device = await countFailure(db, keys.device, now, HOUR);
    if (device.streak >= LOGIN_LIMITS.deviceFailureStreak)
      await blockUntil(db, keys.device, new Date(nowMs + LOGIN_LIMITS.deviceBlockMs));
    return;
  }
  const account = await countFailure(db, keys.account, now, HOUR);
  const step = LOGIN_LIMITS.backoffSeconds[Math.min(account.streak, LOGIN_LIMITS.backoffSeconds.length) - 1]!;
  await blockUntil(db, keys.account, new Date(nowMs + step * SECOND));

  const pair = await countFailure(db, keys.pair, now, LOGIN_LIMITS.ipWindowMs);
  if (pair.streak >= LOGIN_LIMITS.pairFailureStreak)
    await blockUntil(db, keys.pair, new Date(nowMs + LOGIN_LIMITS.pairBlockMs));
  // The upsert made exactly one of any parallel failures of this pair the first of its window.
  if (pair.count !== 1) return;
  const ip = await countFailure(db, keys.ip, now, LOGIN_LIMITS.ipWindowMs);
  if (ip.count >= LOGIN_LIMITS.ipDistinctAccounts)
    await blockUntil(db, keys.ip, new Date(nowMs + LOGIN_LIMITS.ipBlockMs));
}

/**
 * After a correct password: the account's and the pair's streaks (and backoff) end; the hourly
 * count stays, and so does the address's count of distinct failing accounts (one success of the
 * attacker's own account must not reset it). From a trusted device only the device's streak ends:
 * the owner signing in on their own browser must not give a stranger guessing from elsewhere a
 * fresh backoff.
 */
export async function recordLoginSuccess(db: Db, keys: LoginKeys, now: Date, trusted = false): Promise<void> {
  const ended = trusted && keys.device ? [keys.device] : [keys.account, keys.pair];
  await db
    .update(rateLimits)
    .set({ streak: 0, blockedUntil: null, updatedAt: now })
    .where(inArray(rateLimits.key, ended));
}

/** Hourly sweep: counters nobody has touched for a day. */
export async function purgeStaleRateLimits(db: Db, now: Date): Promise<number> {
  const result = await db.delete(rateLimits).where(lt(rateLimits.updatedAt, new Date(now.getTime() - 24 * HOUR)));
  return result.rowsAffected;
}
