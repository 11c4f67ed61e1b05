import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { mfaChallenges, recoveryCodes, sessions, totpCredentials } from "#db/schema/index.ts";
import { constantTimeEqualText, randomBytes, sha256Hex, toBase64Url } from "./crypto.ts";

/**
 * Second factor of super admins: TOTP (RFC 6238 through @oslojs/otp), single-use recovery codes,
 * the short-lived challenge between password and code, and the sudo window (SE6).
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and the next step are accepted too (clock skew of the phone). */
export const TOTP_SKEW_STEPS = 1;
export const TOTP_ISSUER = "SchoolRide";
export const RECOVERY_CODE_COUNT = 10;
/** Between a correct password and the code: this long, this many wrong codes. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;
/** Per user, across challenges and sudo prompts: code attempts per window. */
export const MFA_ATTEMPTS_PER_WINDOW = 10;
export const MFA_ATTEMPT_WINDOW_MS = 15 * 60_000;
/** A re-entered password (and code) opens sensitive actions for this long. */
export const SUDO_WINDOW_MS = 10 * 60_000;

/* ---------------------------------------------- TOTP ---------------------------------------------- */

/** A new 160-bit secret (RFC 4226 recommends 160 bits for HMAC-SHA-1), as base32 for the apps. */
export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(randomBytes(20));
}

export function totpKeyUri(accountName: string, secret: string): string {
  return createTOTPKeyURI(
    TOTP_ISSUER,
    accountName,
    decodeBase32IgnorePadding(secret),
    TOTP_PERIOD_SECONDS,
    TOTP_DIGITS,
  );
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time step (RFC 6238 is HOTP over the step counter). */
export function totpCodeAt(secret: string, step: number, digits = TOTP_DIGITS): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), digits);
}

/** The step within the skew window, later than `lastUsedStep`, whose code is `code`; else null. */
export function matchingTotpStep(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  let found: number | null = null;
  // Every candidate is computed and compared, so the time taken does not say which step matched.
  for (let step = current - TOTP_SKEW_STEPS; step <= current + TOTP_SKEW_STEPS; step++) {
    const matches = constantTimeEqualText(totpCodeAt(secret, step), code);
    if (matches && (lastUsedStep === null || step > lastUsedStep) && found === null) found = step;
  }
  return found;
}

export type TotpCredential = typeof totpCredentials.$inferSelect;

export async function findTotpCredential(db: Db, userId: string): Promise<TotpCredential | null> {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
  return row ?? null;
}

export async function mfaEnabled(db: Db, userId: string): Promise<boolean> {
  const credential = await findTotpCredential(db, userId);
  return Boolean(credential?.enabledAt);
}

/**
 * Accepts a code once: the step is recorded with a conditional update, so the same code (or an
 * older one) never works twice, even when two requests race.
 */
export async function consumeTotpCode(db: Db, credential: TotpCredential, code: string, now: Date): Promise<boolean> {
  const step = matchingTotpStep(credential.secret, code.trim(), now, credential.lastUsedStep);
  if (step === null) return false;
  const result = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, credential.userId),
        eq(totpCredentials.secret, credential.secret),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    );
  return result.rowsAffected === 1;
}

/* ----------------------------------------- Recovery codes ----------------------------------------- */

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function randomRecoveryCode(): string {
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let out = "";
  while (out.length < 10) {
    for (const byte of randomBytes(20)) {
      if (byte < limit && out.length < 10) out += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    }
  }
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Spaces, dashes and case do not matter when a recovery code is typed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

export function hashRecoveryCode(code: string): Promise<string> {
  return sha256Hex(`recovery:${normalizeRecoveryCode(code)}`);
}

/** Ten fresh codes, shown once; the statements replace every earlier code of the user. */
export async function newRecoveryCodes(db: Db, userId: string, now: Date) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({
      id: crypto.randomUUID(),
      userId,
      codeHash: await hashRecoveryCode(code),
      createdAt: now,
    })),
  );
  return {
    codes,
    statements: [
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
      db.insert(recoveryCodes).values(rows),
    ] as const,
  };
}

/** Marks a code used if it is one of the user's unused codes: one conditional update, so exactly one racer wins. */
export async function redeemRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const result = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    );
  return result.rowsAffected === 1;
}

export async function unusedRecoveryCodeCount(db: Db, userId: string): Promise<number> {
  return db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/* ------------------------------------------- Challenges ------------------------------------------- */

/** The MFA-pending state: a random token for the browser, its SHA-256 in the database. */
export async function createMfaChallenge(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = toBase64Url(randomBytes(32));
  const expiresAt = new Date(now.getTime() + MFA_CHALLENGE_TTL_MS);
  await db
    .insert(mfaChallenges)
    .values({ id: crypto.randomUUID(), tokenHash: await sha256Hex(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The live challenge a token names (unused, unexpired, attempts left), or null. */
export async function findMfaChallenge(db: Db, token: string, now: Date) {
  if (token.length > 64) return null;
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, await sha256Hex(token)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, MFA_CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function recordChallengeFailure(db: Db, id: string): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(eq(mfaChallenges.id, id));
}

/** Claims the challenge for one sign-in; false when another request already used it. */
export async function claimMfaChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaChallenges.id, id),
        isNull(mfaChallenges.usedAt),
        lt(mfaChallenges.attempts, MFA_CHALLENGE_MAX_ATTEMPTS),
      ),
    );
  return result.rowsAffected === 1;
}

/** Hourly sweep: challenges past their expiry. */
export async function purgeExpiredMfaChallenges(db: Db, now: Date): Promise<number> {
  const result = await db
    .delete(mfaChallenges)
    .where(or(lt(mfaChallenges.expiresAt, now), isNotNull(mfaChallenges.usedAt)));
  return result.rowsAffected;
}

/* ---------------------------------------------- Sudo ---------------------------------------------- */

/** Whether the session re-authenticated within the sudo window. */
export function sudoActive(session: { reauthenticatedAt: Date | null }, now: Date): boolean {
  if (!session.reauthenticatedAt) return false;
  const elapsed = now.getTime() - session.reauthenticatedAt.getTime();
  return elapsed >= 0 && elapsed < SUDO_WINDOW_MS;
}

export function markReauthenticated(db: Db, sessionId: string, now: Date) {
  return db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
}
