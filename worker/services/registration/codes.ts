import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { verificationCodes } from "#db/schema/index.ts";
import { randomBytes, sha256Hex } from "#worker/auth/crypto.ts";

/** Spec: 6 digits. docs/security.md: hashed, 15 minutes, dead after 5 wrong tries. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/** A uniformly random 6-digit code (rejection sampling, no modulo bias). */
export function generateCode(): string {
  for (;;) {
    const [a, b, c] = randomBytes(3);
    const value = (a! << 16) | (b! << 8) | c!;
    if (value < 16_000_000) return String(value % 1_000_000).padStart(CODE_LENGTH, "0");
  }
}

/** Bound to its subject: the same digits for another registration hash differently. */
export function hashCode(subjectId: string, code: string): Promise<string> {
  return sha256Hex(`${subjectId}:${code}`);
}

/** A new code for a subject, replacing any earlier ones (a new code revokes the old). */
export async function codeInserts(db: Db, input: { subjectId: string; email: string; now: Date }) {
  const code = generateCode();
  return {
    code,
    queries: [
      db
        .delete(verificationCodes)
        .where(
          and(eq(verificationCodes.purpose, "email_verification"), eq(verificationCodes.subjectId, input.subjectId)),
        ),
      db.insert(verificationCodes).values({
        id: crypto.randomUUID(),
        purpose: "email_verification",
        subjectId: input.subjectId,
        email: input.email,
        codeHash: await hashCode(input.subjectId, code),
        expiresAt: new Date(input.now.getTime() + CODE_TTL_MS),
        createdAt: input.now,
      }),
    ] as const,
  };
}

export type CodeCheck = "ok" | "wrong" | "expired" | "exhausted" | "missing";

/**
 * Checks a code. A wrong try is counted atomically; the fifth kills the code. A right code is
 * consumed by a guarded update, so it works once.
 */
export async function checkCode(db: Db, subjectId: string, code: string, now: Date): Promise<CodeCheck> {
  const [current] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, "email_verification"),
        eq(verificationCodes.subjectId, subjectId),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!current) return "missing";
  if (current.attempts >= CODE_MAX_ATTEMPTS) return "exhausted";
  if (current.expiresAt.getTime() <= now.getTime()) return "expired";
  if ((await hashCode(subjectId, code)) !== current.codeHash) {
    const [after] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, current.id))
      .returning({ attempts: verificationCodes.attempts });
    return (after?.attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS ? "exhausted" : "wrong";
  }
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, current.id), isNull(verificationCodes.consumedAt)));
  return consumed.rowsAffected === 1 ? "ok" : "missing";
}
