import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { RoleValue } from "#shared/auth.ts";
import { MESSAGES } from "#shared/messages.ts";
import { trustedDeviceNonce } from "#worker/auth/device-cookie.ts";
import { createMfaChallenge, mfaEnabled } from "#worker/auth/mfa.ts";
import { timingDummyHash, verifyPassword } from "#worker/auth/password.ts";
import { createSession, type NewSession } from "#worker/auth/session.ts";
import {
  accountUsable,
  findAccountByEmail,
  normalizeEmail,
  type SessionUser,
  toSessionUser,
  USER_TABLES,
  type UserAccount,
} from "#worker/auth/users.ts";
import { checkLogin, loginKeys, recordLoginFailure, recordLoginSuccess } from "../_shared/rate-limit.ts";
import type { PublicScope } from "../_shared/scope.ts";
import { audit, type RequestMeta } from "../audit.ts";
import { AppError, tooManyAttempts } from "../errors.ts";
import { acceptWithTemporaryPassword } from "../invitations/accept.ts";

export type LoginRequest = {
  role: RoleValue;
  email: string;
  password: string;
  schoolCode?: string | undefined;
  remember?: boolean | undefined;
  /** The browser's device cookie (ADR 0035): with a valid entry for this account, a stranger's failures do not hold it. */
  deviceCookie?: string | null | undefined;
};

export type LoginResult = { user: SessionUser; session: NewSession };
/** Step 1 of a two-factor sign-in: no session yet, only a challenge for the code step. */
export type MfaPending = { mfaChallenge: { token: string; expiresAt: Date } };

/**
 * Signs a user in on their role's login page. Unknown e-mail, wrong password, wrong school code
 * and inactive accounts all get the same message and cost the same hashing time. The whole attempt
 * holds a password slot: when none is free it is refused (503) before the limits count it.
 */
export function login(scope: PublicScope, request: LoginRequest): Promise<LoginResult | MfaPending> {
  return scope.deps.passwordSlots.run(() => attemptLogin(scope, request));
}

async function attemptLogin(scope: PublicScope, request: LoginRequest): Promise<LoginResult | MfaPending> {
  const { deps, meta, now } = scope;
  const { db } = deps;
  const email = normalizeEmail(request.email);
  const device = trustedDeviceNonce(
    deps.config.deviceCookieSecret,
    request.deviceCookie ?? null,
    { role: request.role, email },
    now,
  );
  const keys = loginKeys(request.role, email, meta.ipAddress ?? "unknown", device);
  const decision = await checkLogin(db, keys, now);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
  const { trusted } = decision;

  const account = await findAccountByEmail(db, request.role, email);
  const passwordOk = await verifyPassword(request.password, account?.passwordHash ?? (await timingDummyHash()));

  // A school admin without an account may sign in with a pending invitation's temporary password.
  if (!account && request.role === "school_admin") {
    const accepted = await acceptWithTemporaryPassword(db, { email, password: request.password }, meta, now);
    if (accepted) {
      await recordLoginSuccess(db, keys, now, trusted);
      await audit(
        db,
        {
          eventType: "login",
          description: `${accepted.user.name} signed in with a temporary password`,
          userId: accepted.user.id,
          userRole: "school_admin",
          schoolId: accepted.user.schoolId,
          metadata: { email, via: "temporary_password" },
          at: now,
        },
        meta,
      );
      return accepted;
    }
  }
  const code = request.schoolCode?.trim();
  const schoolOk = !code || (account?.schoolCode ?? "").toLowerCase() === code.toLowerCase();

  if (!account || !passwordOk || !schoolOk || !accountUsable(account)) {
    await recordLoginFailure(db, keys, now, trusted);
    await audit(
      db,
      {
        eventType: "failed_login",
        description: `Failed ${request.role} login`,
        userId: account?.id ?? null,
        userRole: request.role,
        schoolId: account?.schoolId ?? null,
        metadata: { email, role: request.role, ...(trusted ? { trustedDevice: true } : {}) },
        at: now,
      },
      meta,
    );
    throw new AppError("UNAUTHORIZED", MESSAGES.invalidCredentials[request.role]);
  }

  await recordLoginSuccess(db, keys, now, trusted);
  // A super admin with an authenticator gets a challenge, not a session: the code step comes next.
  if (request.role === "super_admin" && (await mfaEnabled(db, account.id))) {
    return { mfaChallenge: await createMfaChallenge(db, account.id, now) };
  }
  return startSession(db, account, {
    remember: request.role === "school_admin" && request.remember === true,
    meta,
    now,
  });
}

/** The end of a successful sign-in: last login, a new session, the audit row. */
export async function startSession(
  db: Db,
  account: UserAccount,
  options: { remember: boolean; meta: RequestMeta; now: Date; via?: string },
): Promise<LoginResult> {
  const { meta, now } = options;
  const table = USER_TABLES[account.role];
  await db.update(table).set({ lastLogin: now }).where(eq(table.id, account.id));
  const session = await createSession(db, {
    userId: account.id,
    role: account.role,
    remember: options.remember,
    now,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
  await audit(
    db,
    {
      eventType: "login",
      description: `${account.name} signed in`,
      userId: account.id,
      userRole: account.role,
      schoolId: account.schoolId,
      metadata: { email: account.email, ...(options.via ? { via: options.via } : {}) },
      at: now,
    },
    meta,
  );
  return { user: { ...toSessionUser(account), lastLogin: now }, session };
}
