import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { insertWhere, rowHolds } from "#db/conditional.ts";
import { passwordResetTokens, sessions } from "#db/schema/index.ts";
import {
  RESET_MESSAGES,
  type ResetPasswordInput,
  type RoleValue,
  type requestPasswordResetInput,
} from "#shared/auth.ts";
import type { tokenInput } from "#shared/invitations.ts";
import { randomBytes, sha256Hex, toBase64Url } from "#worker/auth/crypto.ts";
import { hashPassword } from "#worker/auth/password.ts";
import { accountUsable, findAccountByEmail, normalizeEmail, USER_TABLES } from "#worker/auth/users.ts";
import type { AppDeps } from "#worker/deps.ts";
import { passwordResetEmail } from "#worker/email/templates.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { PublicScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { limitEmailSend } from "../email/limits.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { AppError, tooManyAttempts } from "../errors.ts";
import { assertAcceptableNewPassword } from "./account.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Forgot-password requests: 3 per minute per address and per account. */
export const RESET_REQUESTS_PER_MINUTE = 3;

type ResetDeps = Pick<AppDeps, "db" | "queue" | "logger" | "config" | "now">;

/**
 * Sends a single-use reset link if the account exists. The answer is the same either way, the
 * limits apply either way, and so does the work (AU1): a token is made and hashed, the e-mail
 * rendered, the same batch of statements run and a message enqueued, but for an unknown or
 * unusable account the token and e-mail inserts are guarded by a false condition (they write
 * nothing), the audit row says so, and the message names an outbox row that does not exist (the
 * consumer skips it). Only the presence of the e-mail in the outbox differs.
 */
export async function requestPasswordReset(
  scope: PublicScope,
  input: z.infer<typeof requestPasswordResetInput>,
): Promise<{ message: string }> {
  const { deps, meta, now } = scope;
  const { db, config } = deps;
  const email = normalizeEmail(input.email);
  for (const key of [`reset:ip:${meta.ipAddress ?? "unknown"}`, `reset:account:${input.role}:${email}`]) {
    const decision = await hitWindow(db, key, now, 60_000, RESET_REQUESTS_PER_MINUTE);
    if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
  }
  await limitEmailSend(db, { recipient: email, actorId: null, ipAddress: meta.ipAddress }, now);
  const found = await findAccountByEmail(db, input.role, email);
  const account = found && accountUsable(found) ? found : null;
  // A bound value, not a literal: the statements' text is the same either way (AU1).
  const real = sql`${account ? 1 : 0}`;

  const token = toBase64Url(randomBytes(32));
  const tokenId = crypto.randomUUID();
  const userId = account?.id ?? crypto.randomUUID();
  const mail = outboxInsert(
    db,
    {
      ...passwordResetEmail({
        // An address without an account gets no e-mail (the insert is guarded by `real`).
        locale: account?.locale ?? "en",
        name: account?.name ?? email,
        resetLink: `${config.appUrl}/reset-password?token=${token}`,
        expiresInMinutes: RESET_TOKEN_TTL_MS / 60_000,
      }),
      type: "password_reset",
      to: email,
      schoolId: account?.schoolId ?? null,
      relatedId: tokenId,
    },
    now,
    real,
  );
  await db.batch([
    // A new token revokes the old ones.
    db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userRole, input.role), eq(passwordResetTokens.userId, userId))),
    insertWhere(
      db,
      passwordResetTokens,
      {
        id: tokenId,
        tokenHash: await sha256Hex(token),
        userId,
        userRole: input.role,
        email,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        createdAt: now,
      },
      real,
    ),
    mail.query,
    auditInsert(
      db,
      {
        eventType: "password_reset_requested",
        description: account
          ? "Password reset requested"
          : "Password reset requested for an unknown or inactive account; nothing sent",
        userId: account?.id ?? null,
        userRole: input.role,
        schoolId: account?.schoolId ?? null,
        metadata: { email },
        at: now,
      },
      meta,
    ),
  ]);
  await enqueueEmails(deps, [mail.id]);
  return { message: RESET_MESSAGES.requested };
}

/** Token checks (the page's check on load): 10 a minute per address, so links cannot be guessed in bulk. */
export const RESET_TOKEN_CHECKS_PER_MINUTE = 10;

/** The live (unused, unexpired) reset token with this value, if any. */
async function liveResetToken(db: ResetDeps["db"], token: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await sha256Hex(token.trim())),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row;
}

/**
 * The reset page asks on load whether its link still works, so an expired link says so before the
 * form. It answers only valid or not (never whose token it is), and is rate-limited per address.
 */
export async function checkResetToken(
  scope: PublicScope,
  input: z.infer<typeof tokenInput>,
): Promise<{ valid: boolean }> {
  const { deps, meta, now } = scope;
  const { token } = input;
  const decision = await hitWindow(
    deps.db,
    `reset-check:ip:${meta.ipAddress ?? "unknown"}`,
    now,
    60_000,
    RESET_TOKEN_CHECKS_PER_MINUTE,
  );
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
  return { valid: (await liveResetToken(deps.db, token, now)) !== undefined };
}

/**
 * Sets a new password from a reset link: the token is used once (a guarded update claims it, and
 * the password changes only if this request claimed it), and every session of the user ends.
 */
export async function resetPassword(
  scope: PublicScope,
  input: ResetPasswordInput,
): Promise<{ role: RoleValue; message: string }> {
  const { deps, meta, now } = scope;
  const { db } = deps;
  const token = await liveResetToken(db, input.token, now);
  if (!token) throw new AppError("BAD_REQUEST", RESET_MESSAGES.invalidLink);
  await assertAcceptableNewPassword(deps, input.password);

  const table = USER_TABLES[token.userRole];
  const passwordHash = await deps.passwordSlots.run(() => hashPassword(input.password));
  // Claiming the token replaces its hash with a marker unique to this request, so of two
  // concurrent uses exactly one sees its own marker and changes the password.
  const marker = `used:${crypto.randomUUID()}`;
  const claimed = rowHolds(passwordResetTokens, token.id, passwordResetTokens.tokenHash, marker);
  const [claim] = await db.batch([
    db
      .update(passwordResetTokens)
      .set({ usedAt: now, tokenHash: marker })
      .where(and(eq(passwordResetTokens.id, token.id), isNull(passwordResetTokens.usedAt))),
    db
      .update(table)
      .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false, updatedAt: now })
      .where(and(eq(table.id, token.userId), claimed)),
    // Only when the password changed: every session of the user ends.
    db.delete(sessions).where(and(eq(sessions.userRole, token.userRole), eq(sessions.userId, token.userId), claimed)),
    auditInsert(
      db,
      {
        eventType: "password_reset",
        description: "Password reset with an e-mailed link; all sessions ended",
        userId: token.userId,
        userRole: token.userRole,
        metadata: { email: token.email },
        at: now,
      },
      meta,
      claimed,
    ),
  ]);
  if (claim.rowsAffected !== 1) throw new AppError("BAD_REQUEST", RESET_MESSAGES.invalidLink);
  return { role: token.userRole, message: RESET_MESSAGES.done };
}
