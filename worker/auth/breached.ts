/**
 * The one server-side gate for a new password (PW3), used wherever a password is set: accepting
 * an invitation, changing it, resetting it, and the create-super-admin script. Length rules come
 * from the shared schema (no composition rules, no truncation); then the common-password filter;
 * then, in production, Have I Been Pwned.
 */
import { newPasswordSchema } from "#shared/auth.ts";
import type { PwnedPasswords } from "./breached-hibp.ts";
import { isCommonPassword } from "./common-passwords.ts";

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less predictable one.";

export type NewPasswordDeps = { pwnedPasswords: PwnedPasswords };

/** Why this password cannot be used, or null when it can. */
export async function newPasswordProblem(deps: NewPasswordDeps, password: string): Promise<string | null> {
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return shape.error.issues[0]!.message;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  if (await deps.pwnedPasswords.isPwned(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
