import type { Db } from "#db/client.ts";
import { MESSAGES } from "#shared/messages.ts";
import { FORBIDDEN_REASONS, MFA_MESSAGES, type SudoInput } from "#shared/mfa.ts";
import { markReauthenticated, mfaEnabled, SUDO_WINDOW_MS, sudoActive } from "#worker/auth/mfa.ts";
import { verifyPassword } from "#worker/auth/password.ts";
import { findAccountById, type SessionUser } from "#worker/auth/users.ts";
import { checkLogin, loginKeys, recordLoginFailure, recordLoginSuccess } from "../_shared/rate-limit.ts";
import type { SessionScope } from "../_shared/scope.ts";
import { audit } from "../audit.ts";
import { AppError, tooManyAttempts } from "../errors.ts";
import { invalidFactor, verifySecondFactor } from "./mfa.ts";

/** Whether this user must give a TOTP code (or recovery code) when confirming it's them. */
async function needsSecondFactor(db: Db, user: Pick<SessionUser, "id" | "role">): Promise<boolean> {
  return user.role === "super_admin" && (await mfaEnabled(db, user.id));
}

/**
 * SE6: the guard of sensitive actions. Passes when the session re-authenticated in the last
 * ten minutes; otherwise FORBIDDEN with a reason the web app answers with "Confirm it's you".
 */
export async function assertSudo(
  db: Db,
  session: { reauthenticatedAt: Date | null },
  user: Pick<SessionUser, "id" | "role">,
  now: Date,
): Promise<void> {
  if (sudoActive(session, now)) return;
  const reason = (await needsSecondFactor(db, user))
    ? FORBIDDEN_REASONS.sudoRequiredWithCode
    : FORBIDDEN_REASONS.sudoRequired;
  throw new AppError("FORBIDDEN", MFA_MESSAGES.sudoRequired, { reason });
}

/**
 * "Confirm it's you": the password (limited like a sign-in of the same account and address) and,
 * for a super admin with MFA, a code. Opens the sudo window of this session only. Holds a password
 * slot throughout, so a busy refusal (503) comes before the limits count the attempt.
 */
export function confirmIdentity(scope: SessionScope, input: SudoInput): Promise<{ sudoUntil: Date }> {
  return scope.deps.passwordSlots.run(() => checkIdentity(scope, input));
}

async function checkIdentity(scope: SessionScope, input: SudoInput): Promise<{ sudoUntil: Date }> {
  const { deps, actor: user, meta, now } = scope;
  const { db } = deps;
  const auth = { sessionId: scope.session.id };
  const keys = loginKeys(user.role, user.email, meta.ipAddress ?? "unknown");
  const decision = await checkLogin(db, keys, now);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
  const account = await findAccountById(db, user.role, user.id);
  if (!account) throw new AppError("UNAUTHORIZED", MESSAGES.notAuthenticated);
  if (!(await verifyPassword(input.password, account.passwordHash))) {
    await recordLoginFailure(db, keys, now);
    await audit(
      db,
      {
        eventType: "sudo_failed",
        description: "Wrong password when confirming identity",
        userId: user.id,
        userRole: user.role,
        schoolId: user.schoolId,
        at: now,
      },
      meta,
    );
    throw new AppError("BAD_REQUEST", MFA_MESSAGES.wrongPassword);
  }
  await recordLoginSuccess(db, keys, now);
  if (await needsSecondFactor(db, user)) {
    if (!input.factor) throw new AppError("BAD_REQUEST", MFA_MESSAGES.enterCode);
    if (!(await verifySecondFactor(db, user, input.factor, "sudo", { meta, now }))) throw invalidFactor(input.factor);
  }
  await markReauthenticated(db, auth.sessionId, now);
  await audit(
    db,
    {
      eventType: "sudo_granted",
      description: `${user.name} confirmed their identity`,
      userId: user.id,
      userRole: user.role,
      schoolId: user.schoolId,
      at: now,
    },
    meta,
  );
  return { sudoUntil: new Date(now.getTime() + SUDO_WINDOW_MS) };
}
