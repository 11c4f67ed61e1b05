import { eq } from "drizzle-orm";
import type { ChangePasswordInput } from "#shared/auth.ts";
import { MESSAGES } from "#shared/messages.ts";
import { type NewPasswordDeps, newPasswordProblem } from "#worker/auth/breached.ts";
import { hashPassword, verifyPassword } from "#worker/auth/password.ts";
import {
  createSession,
  invalidateSession,
  invalidateUserSessionsQuery,
  type NewSession,
} from "#worker/auth/session.ts";
import { findAccountById, USER_TABLES } from "#worker/auth/users.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { PublicScope, SessionScope } from "../_shared/scope.ts";
import { audit, auditInsert } from "../audit.ts";
import { AppError, tooManyRequests } from "../errors.ts";

export const SAME_PASSWORD_MESSAGE = "The new password must be different from the current password";

/**
 * Attempts at changing the password, per user: a stolen session cannot be used to guess the current
 * password (and so learn it) faster than this; an honest user with typos stays far below.
 */
export const CHANGE_PASSWORD_LIMIT = { windowMs: 15 * 60_000, max: 5 } as const;

/** Every service that sets a password calls this: the PW3 rules, enforced on the server. */
export async function assertAcceptableNewPassword(deps: NewPasswordDeps, password: string): Promise<void> {
  const problem = await newPasswordProblem(deps, password);
  if (problem) throw new AppError("BAD_REQUEST", problem);
}

/**
 * Changes the signed-in user's password: checks the current one, ends every session of the user
 * (other devices included) and opens a fresh one for this browser.
 */
export async function changePassword(scope: SessionScope, input: ChangePasswordInput): Promise<NewSession> {
  const { deps, actor: user } = scope;
  const { db } = deps;
  const account = await findAccountById(db, user.role, user.id);
  if (!account) throw new AppError("UNAUTHORIZED", MESSAGES.noAuthenticatedUser);
  const limit = await hitWindow(
    db,
    `change-password:${user.role}:${user.id}`,
    scope.now,
    CHANGE_PASSWORD_LIMIT.windowMs,
    CHANGE_PASSWORD_LIMIT.max,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  if (!(await deps.passwordSlots.run(() => verifyPassword(input.currentPassword, account.passwordHash)))) {
    throw new AppError("BAD_REQUEST", MESSAGES.currentPasswordIncorrect);
  }
  if (input.newPassword === input.currentPassword) throw new AppError("BAD_REQUEST", SAME_PASSWORD_MESSAGE);
  await assertAcceptableNewPassword(deps, input.newPassword);

  const table = USER_TABLES[user.role];
  const passwordHash = await deps.passwordSlots.run(() => hashPassword(input.newPassword));
  const { now, meta } = scope;
  await db.batch([
    db
      .update(table)
      .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false, updatedAt: now })
      .where(eq(table.id, user.id)),
    invalidateUserSessionsQuery(db, user.role, user.id),
    auditInsert(
      db,
      {
        eventType: "password_changed",
        description: "Password changed; all sessions ended",
        userId: user.id,
        userRole: user.role,
        schoolId: user.schoolId,
        at: now,
      },
      meta,
    ),
  ]);
  return createSession(db, {
    userId: user.id,
    role: user.role,
    remember: scope.session.remember,
    now,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
}

export async function logout(scope: PublicScope): Promise<void> {
  const { deps, actor, session, meta, now } = scope;
  if (!session || !actor) return;
  const { db } = deps;
  const schoolId = actor.schoolId;
  await invalidateSession(db, session.id);
  await audit(
    db,
    {
      eventType: "logout",
      description: "Signed out",
      userId: session.userId,
      userRole: session.userRole,
      schoolId,
      at: now,
    },
    meta,
  );
}
