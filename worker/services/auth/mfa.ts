import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { recoveryCodes, totpCredentials } from "#db/schema/index.ts";
import { MFA_MESSAGES, type SecondFactor } from "#shared/mfa.ts";
import {
  claimMfaChallenge,
  consumeTotpCode,
  findMfaChallenge,
  findTotpCredential,
  MFA_ATTEMPT_WINDOW_MS,
  MFA_ATTEMPTS_PER_WINDOW,
  newRecoveryCodes,
  newTotpSecret,
  recordChallengeFailure,
  redeemRecoveryCode,
  totpKeyUri,
  unusedRecoveryCodeCount,
} from "#worker/auth/mfa.ts";
import { accountUsable, findAccountById } from "#worker/auth/users.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { PublicScope, Scope } from "../_shared/scope.ts";
import { audit, auditInsert, type RequestMeta } from "../audit.ts";
import { AppError, tooManyAttempts } from "../errors.ts";
import { type LoginResult, startSession } from "./login.ts";

/** Who the MFA services act for: a super admin. */
export type MfaUser = { id: string; email: string; name: string };

type Clock = { meta: RequestMeta; now: Date };

export async function mfaStatus(scope: Scope) {
  const { db, config } = scope.deps;
  const userId = scope.actor.id;
  const required = !config.localMode;
  const credential = await findTotpCredential(db, userId);
  const enabled = Boolean(credential?.enabledAt);
  return {
    enabled,
    enabledAt: credential?.enabledAt ?? null,
    /** Production: a super admin without MFA must enrol before reaching the area. */
    required,
    recoveryCodesLeft: enabled ? await unusedRecoveryCodeCount(db, userId) : 0,
  };
}

/** Enrolment, step 1: a new secret (replacing an unconfirmed one) for the QR code and manual entry. */
export async function beginEnrollment(scope: Scope): Promise<{ secret: string; uri: string }> {
  const { deps, actor: user, now } = scope;
  const { db } = deps;
  const existing = await findTotpCredential(db, user.id);
  if (existing?.enabledAt) throw new AppError("CONFLICT", MFA_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  await db
    .insert(totpCredentials)
    .values({ userId: user.id, secret, createdAt: now })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secret, lastUsedStep: null, createdAt: now },
      where: isNull(totpCredentials.enabledAt),
    });
  return { secret, uri: totpKeyUri(user.email, secret) };
}

/** Counts a code attempt against the user's window (every attempt, right or wrong). */
async function limitAttempts(db: Db, userId: string, now: Date): Promise<void> {
  const decision = await hitWindow(db, `mfa:attempt:${userId}`, now, MFA_ATTEMPT_WINDOW_MS, MFA_ATTEMPTS_PER_WINDOW);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
}

async function auditMfaFailure(db: Db, user: MfaUser, context: string, { meta, now }: Clock): Promise<void> {
  await audit(
    db,
    {
      eventType: "mfa_failed",
      description: `Wrong two-factor code (${context})`,
      userId: user.id,
      userRole: "super_admin",
      metadata: { context },
      at: now,
    },
    meta,
  );
}

/** Enrolment, step 2: the first code proves the app has the secret; then ten recovery codes, shown once. */
export async function confirmEnrollment(scope: Scope, input: { code: string }): Promise<{ recoveryCodes: string[] }> {
  const { deps, actor: user, meta, now } = scope;
  const { db } = deps;
  const { code } = input;
  const clock = { meta, now };
  const credential = await findTotpCredential(db, user.id);
  if (!credential) throw new AppError("BAD_REQUEST", MFA_MESSAGES.noEnrolment);
  if (credential.enabledAt) throw new AppError("CONFLICT", MFA_MESSAGES.alreadyEnabled);
  await limitAttempts(db, user.id, now);
  if (!(await consumeTotpCode(db, credential, code, now))) {
    await auditMfaFailure(db, user, "enrolment", clock);
    throw new AppError("BAD_REQUEST", MFA_MESSAGES.invalidCode);
  }
  const fresh = await newRecoveryCodes(db, user.id, now);
  const enabled = and(
    eq(totpCredentials.userId, user.id),
    eq(totpCredentials.secret, credential.secret),
    isNull(totpCredentials.enabledAt),
  );
  const [result] = await db.batch([
    db.update(totpCredentials).set({ enabledAt: now }).where(enabled),
    ...fresh.statements,
  ]);
  if (result.rowsAffected !== 1) throw new AppError("CONFLICT", MFA_MESSAGES.alreadyEnabled);
  await audit(
    db,
    {
      eventType: "mfa_enabled",
      description: `${user.name} turned on two-factor authentication`,
      userId: user.id,
      userRole: "super_admin",
      at: now,
    },
    meta,
  );
  return { recoveryCodes: fresh.codes };
}

/** Turns MFA off (the router requires sudo): the secret and every recovery code go. */
export async function disableMfa(scope: Scope): Promise<{ ok: true }> {
  const { deps, actor: user, meta, now } = scope;
  const { db } = deps;
  const credential = await findTotpCredential(db, user.id);
  if (!credential?.enabledAt) throw new AppError("BAD_REQUEST", MFA_MESSAGES.notEnabled);
  await db.batch([
    db.delete(totpCredentials).where(eq(totpCredentials.userId, user.id)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    auditInsert(
      db,
      {
        eventType: "mfa_disabled",
        description: `${user.name} turned off two-factor authentication`,
        userId: user.id,
        userRole: "super_admin",
        at: now,
      },
      meta,
    ),
  ]);
  return { ok: true };
}

/** New recovery codes (the router requires sudo); the old ones stop working. */
export async function regenerateRecoveryCodes(scope: Scope): Promise<{ recoveryCodes: string[] }> {
  const { deps, actor: user, meta, now } = scope;
  const { db } = deps;
  const credential = await findTotpCredential(db, user.id);
  if (!credential?.enabledAt) throw new AppError("BAD_REQUEST", MFA_MESSAGES.notEnabled);
  const fresh = await newRecoveryCodes(db, user.id, now);
  await db.batch([
    ...fresh.statements,
    auditInsert(
      db,
      {
        eventType: "recovery_codes_regenerated",
        description: `${user.name} created new recovery codes`,
        userId: user.id,
        userRole: "super_admin",
        at: now,
      },
      meta,
    ),
  ]);
  return { recoveryCodes: fresh.codes };
}

/**
 * Checks a second factor of a user with MFA on: a TOTP code (each step once) or an unused recovery
 * code (used up here). Rate-limited per user; failures and recovery codes are audited.
 */
export async function verifySecondFactor(
  db: Db,
  user: MfaUser,
  factor: SecondFactor,
  context: string,
  clock: Clock,
): Promise<boolean> {
  const { meta, now } = clock;
  const credential = await findTotpCredential(db, user.id);
  if (!credential?.enabledAt) return false;
  await limitAttempts(db, user.id, now);
  const ok =
    factor.method === "totp"
      ? await consumeTotpCode(db, credential, factor.code, now)
      : await redeemRecoveryCode(db, user.id, factor.code, now);
  if (!ok) {
    await auditMfaFailure(db, user, context, clock);
    return false;
  }
  if (factor.method === "recovery") {
    const left = await unusedRecoveryCodeCount(db, user.id);
    await audit(
      db,
      {
        eventType: "recovery_code_used",
        description: `${user.name} used a recovery code (${context})`,
        userId: user.id,
        userRole: "super_admin",
        metadata: { context, left },
        at: now,
      },
      meta,
    );
  }
  return true;
}

const invalidFactor = (factor: SecondFactor) =>
  new AppError("BAD_REQUEST", factor.method === "totp" ? MFA_MESSAGES.invalidCode : MFA_MESSAGES.invalidRecoveryCode);

/**
 * Sign-in step 2: the challenge of step 1 plus a second factor open a session. A wrong code uses
 * one of the challenge's attempts; the challenge works once.
 */
export async function verifyMfa(
  scope: PublicScope,
  input: { challengeToken: string; factor: SecondFactor },
): Promise<LoginResult> {
  const { deps, meta, now } = scope;
  const { db } = deps;
  const clock = { meta, now };
  const challenge = await findMfaChallenge(db, input.challengeToken, now);
  const account = challenge ? await findAccountById(db, "super_admin", challenge.userId) : null;
  if (!challenge || !account || !accountUsable(account))
    throw new AppError("UNAUTHORIZED", MFA_MESSAGES.challengeExpired);
  if (!(await verifySecondFactor(db, account, input.factor, "sign-in", clock))) {
    await recordChallengeFailure(db, challenge.id);
    throw invalidFactor(input.factor);
  }
  if (!(await claimMfaChallenge(db, challenge.id, now)))
    throw new AppError("UNAUTHORIZED", MFA_MESSAGES.challengeExpired);
  return startSession(db, account, { remember: false, meta, now, via: input.factor.method });
}

export { invalidFactor };
