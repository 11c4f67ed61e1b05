import { and, eq, lt } from "drizzle-orm";
import type { RoleValue } from "#shared/auth.ts";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { constantTimeEqualText, randomBytes, sha256Hex, toBase64Url } from "./crypto.ts";
import { lastSeenRefreshMs, type SessionPolicy, sessionPolicy } from "./policy.ts";

export type SessionRecord = typeof sessions.$inferSelect;

export type NewSession = {
  /** What goes into the cookie: `<id>.<secret>`. Never stored. */
  token: string;
  session: SessionRecord;
  policy: SessionPolicy;
};

/**
 * Sessions after Lucia's auth_session.ts: a random id and a 32-byte secret; the database keeps
 * only SHA-256(secret), so a leaked table cannot be replayed.
 */
export async function createSession(
  db: Db,
  input: { userId: string; role: RoleValue; remember: boolean; now: Date; ipAddress?: string | null; userAgent?: string | null },
): Promise<NewSession> {
  const id = toBase64Url(randomBytes(15));
  const secret = toBase64Url(randomBytes(32));
  const policy = sessionPolicy(input.role, input.remember);
  const session: SessionRecord = {
    id,
    secretHash: await sha256Hex(secret),
    userId: input.userId,
    userRole: input.role,
    remember: input.remember,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + policy.absoluteMs),
    ipAddress: input.ipAddress ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    // Signing in does not open sudo mode: sensitive actions ask for the password again (SE6).
    reauthenticatedAt: null,
  };
  await db.insert(sessions).values(session);
  return { token: `${id}.${secret}`, session, policy };
}

export function isSessionExpired(session: SessionRecord, now: Date): boolean {
  const policy = sessionPolicy(session.userRole, session.remember);
  const absoluteEnd = Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + policy.absoluteMs);
  return now.getTime() >= absoluteEnd || now.getTime() - session.lastSeenAt.getTime() >= policy.idleMs;
}

/**
 * Returns the live session a token names, or null. Expired sessions are deleted on sight; the
 * idle clock is refreshed at most every `lastSeenRefreshMs`.
 */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionRecord | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const session = await db.query.sessions.findFirst({ where: eq(sessions.id, id) });
  if (!session) return null;
  if (!constantTimeEqualText(await sha256Hex(secret), session.secretHash)) return null;
  if (isSessionExpired(session, now)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const policy = sessionPolicy(session.userRole, session.remember);
  if (now.getTime() - session.lastSeenAt.getTime() >= lastSeenRefreshMs(policy)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    session.lastSeenAt = now;
  }
  return session;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user: password change or reset, deactivation, role change. */
export function invalidateUserSessionsQuery(db: Db, role: RoleValue, userId: string) {
  return db.delete(sessions).where(and(eq(sessions.userRole, role), eq(sessions.userId, userId)));
}

export async function invalidateUserSessions(db: Db, role: RoleValue, userId: string): Promise<void> {
  await invalidateUserSessionsQuery(db, role, userId);
}

/** Hourly sweep: sessions past their absolute expiry. (Idle ones die on their next use or at absolute expiry.) */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return result.rowsAffected;
}
