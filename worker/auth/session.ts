import { and, eq, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "#db/client.ts";
import { drivers, parents, schoolAdmins, schools, sessions, superAdmins, totpCredentials } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { paymentAccountConnected } from "#shared/connect.ts";
import type { Locale } from "#shared/locales.ts";
import { currencyOf } from "#shared/money.ts";
import { phoneRegion } from "#shared/phone-region.ts";
import { sessionLocale } from "#worker/i18n/person.ts";
import { constantTimeEqualText, randomBytes, sha256Hex, toBase64Url } from "./crypto.ts";
import { lastSeenRefreshMs, type SessionPolicy, sessionPolicy } from "./policy.ts";
import type { SessionUser } from "./users.ts";

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
  input: {
    userId: string;
    role: RoleValue;
    remember: boolean;
    now: Date;
    ipAddress?: string | null;
    userAgent?: string | null;
  },
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

/** `<id>.<secret>`, or null when the token cannot be one (checked before any query). */
function parseSessionToken(token: string): { id: string; secret: string } | null {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  return { id, secret };
}

/**
 * Whether the row is a live session for this secret. Expired sessions are deleted on sight; the
 * idle clock is refreshed at most every `lastSeenRefreshMs` (the only other write on this path).
 */
async function liveSession(db: Db, session: SessionRecord, secret: string, now: Date): Promise<boolean> {
  if (!constantTimeEqualText(await sha256Hex(secret), session.secretHash)) return false;
  if (isSessionExpired(session, now)) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return false;
  }
  const policy = sessionPolicy(session.userRole, session.remember);
  if (now.getTime() - session.lastSeenAt.getTime() >= lastSeenRefreshMs(policy)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    session.lastSeenAt = now;
  }
  return true;
}

/** A signed-in request: the session, its user, and whether that user has two-factor sign-in on. */
export type SessionAuth = { session: SessionRecord; user: SessionUser; mfaEnabled: boolean };

/** Finds the session a token names, with its user, in one round trip (usually the only one). */
export type SessionLookup = (token: string, now: Date, requestLocale?: Locale) => Promise<SessionAuth | null>;

const onRole = (role: RoleValue, userId: SQLiteColumn) => and(eq(userId, sessions.userId), eq(sessions.userRole, role));
/**
 * ADR 0017: one prepared statement gives the session, its user (the table its role names, joined
 * by primary key), the user's school and the super admin's two-factor state, so an authenticated
 * request costs one round trip before its own work. Made once per database (createApp).
 */
export function prepareSessionLookup(db: Db): SessionLookup {
  const statement = db
    .select({
      session: sessions,
      superAdmin: {
        id: superAdmins.id,
        email: superAdmins.email,
        name: superAdmins.name,
        lastLogin: superAdmins.lastLogin,
        mustChangePassword: superAdmins.mustChangePassword,
        locale: superAdmins.locale,
        isActive: superAdmins.isActive,
      },
      schoolAdmin: {
        id: schoolAdmins.id,
        email: schoolAdmins.email,
        name: schoolAdmins.name,
        lastLogin: schoolAdmins.lastLogin,
        mustChangePassword: schoolAdmins.mustChangePassword,
        locale: schoolAdmins.locale,
        isActive: schoolAdmins.isActive,
        schoolId: schoolAdmins.schoolId,
      },
      parent: {
        id: parents.id,
        email: parents.email,
        name: parents.name,
        lastLogin: parents.lastLogin,
        mustChangePassword: parents.mustChangePassword,
        locale: parents.locale,
        isActive: parents.isActive,
        schoolId: parents.schoolId,
      },
      driver: {
        id: drivers.id,
        email: drivers.email,
        name: drivers.name,
        lastLogin: drivers.lastLogin,
        mustChangePassword: drivers.mustChangePassword,
        locale: drivers.locale,
        isActive: drivers.isActive,
        schoolId: drivers.schoolId,
      },
      school: {
        name: schools.name,
        subscriptionStatus: schools.subscriptionStatus,
        timeZone: schools.timeZone,
        defaultLocale: schools.defaultLocale,
        country: schools.country,
        currency: schools.currency,
        isActive: schools.isActive,
        stripeConnectAccountId: schools.stripeConnectAccountId,
        connectDetailsSubmitted: schools.connectDetailsSubmitted,
      },
      mfaEnabledAt: totpCredentials.enabledAt,
    })
    .from(sessions)
    .leftJoin(superAdmins, onRole("super_admin", superAdmins.id))
    .leftJoin(schoolAdmins, onRole("school_admin", schoolAdmins.id))
    .leftJoin(parents, onRole("parent", parents.id))
    .leftJoin(drivers, onRole("driver", drivers.id))
    .leftJoin(
      schools,
      eq(schools.id, sql`coalesce(${schoolAdmins.schoolId}, ${parents.schoolId}, ${drivers.schoolId})`),
    )
    .leftJoin(totpCredentials, onRole("super_admin", totpCredentials.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare();

  return async (token, now, requestLocale) => {
    const parsed = parseSessionToken(token);
    if (!parsed) return null;
    const [row] = await statement.all({ id: parsed.id });
    if (!row || !(await liveSession(db, row.session, parsed.secret, now))) return null;
    const { session, school } = row;
    const role = session.userRole;
    const tenant =
      role === "school_admin"
        ? row.schoolAdmin
        : role === "parent"
          ? row.parent
          : role === "driver"
            ? row.driver
            : null;
    const account = role === "super_admin" ? row.superAdmin : tenant;
    const schoolId = tenant?.schoolId ?? null;
    // A deleted or deactivated user, or one whose school is gone or deactivated, holds no session.
    if (!account?.isActive || (schoolId !== null && !school?.isActive)) return null;
    const user: SessionUser = {
      id: account.id,
      email: account.email,
      name: account.name,
      role,
      lastLogin: account.lastLogin,
      schoolId,
      school: schoolId ? (school?.name ?? null) : null,
      subscriptionStatus: schoolId ? (school?.subscriptionStatus ?? null) : null,
      timeZone: schoolId ? (school?.timeZone ?? null) : null,
      phoneRegion: schoolId && school ? phoneRegion(school) : null,
      currency: schoolId && school ? currencyOf(school.currency) : null,
      paymentAccountConnected: schoolId && school ? paymentAccountConnected(school) : null,
      mustChangePassword: account.mustChangePassword,
      locale: sessionLocale(account.locale, schoolId ? school?.defaultLocale : null, requestLocale),
    };
    return { session, user, mfaEnabled: role === "super_admin" && Boolean(row.mfaEnabledAt) };
  };
}

/** The live session a token names, with its user, or null (tests and one-off callers). */
export function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  requestLocale?: Locale,
): Promise<SessionAuth | null> {
  return prepareSessionLookup(db)(token, now, requestLocale);
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
