import type { RoleValue } from "#shared/auth.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SessionPolicy = {
  /** The session dies after this long without a request. */
  idleMs: number;
  /** The session dies this long after sign-in, whatever happens. */
  absoluteMs: number;
  /** Whether the cookie outlives the browser (Max-Age) or is a browser-session cookie. */
  persistentCookie: boolean;
};

/** Idle and absolute limits per role (docs/security.md, Parameters). */
export const SESSION_POLICIES: Record<RoleValue, SessionPolicy> = {
  parent: { idleMs: 7 * DAY, absoluteMs: 30 * DAY, persistentCookie: true },
  school_admin: { idleMs: 1 * HOUR, absoluteMs: 24 * HOUR, persistentCookie: false },
  super_admin: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR, persistentCookie: false },
  /** A driver's phone between the morning and the afternoon runs, and over a weekend (ADR 0057). */
  driver: { idleMs: 3 * DAY, absoluteMs: 14 * DAY, persistentCookie: true },
};

/** "Remember me" on the school admin login: a longer session and a cookie that survives a restart. */
export const REMEMBER_ME_POLICY: SessionPolicy = { idleMs: 3 * DAY, absoluteMs: 14 * DAY, persistentCookie: true };

export function sessionPolicy(role: RoleValue, remember: boolean): SessionPolicy {
  return remember && role === "school_admin" ? REMEMBER_ME_POLICY : SESSION_POLICIES[role];
}

/** How stale `last_seen_at` may get before a request refreshes it (bounded writes, exact enough idle checks). */
export function lastSeenRefreshMs(policy: SessionPolicy): number {
  return Math.min(HOUR, Math.floor(policy.idleMs / 10));
}

export const ROLE_HOME: Record<RoleValue, string> = {
  super_admin: "/super-admin",
  school_admin: "/school-admin",
  parent: "/parent",
  driver: "/driver",
};
