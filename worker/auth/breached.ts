/**
 * The one server-side gate for a new password (PW3, PW4), used wherever a password is set:
 * accepting an invitation, changing it, resetting it, and the create-super-admin script. Length
 * rules come from the shared schema (no composition rules, no truncation); then the shared
 * guessable-password rule (a common password, or a common word or keyboard row with only small
 * changes), answered from the server's filters in every mode; then, in production, Have I Been Pwned.
 */
import { newPasswordSchema } from "#shared/auth.ts";
import { GUESSABLE_PASSWORD_MESSAGES, guessablePasswordProblem } from "#shared/password-rules.ts";
import type { PwnedPasswords } from "../deps.ts";
import { SERVER_GUESSABLE_LISTS } from "./common-passwords.ts";

export const COMMON_PASSWORD_MESSAGE = GUESSABLE_PASSWORD_MESSAGES.common;

export type NewPasswordDeps = { pwnedPasswords: PwnedPasswords };

/** Why this password cannot be used, or null when it can. */
export async function newPasswordProblem(deps: NewPasswordDeps, password: string): Promise<string | null> {
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return shape.error.issues[0]!.message;
  const guessable = guessablePasswordProblem(password, SERVER_GUESSABLE_LISTS);
  if (guessable) return guessable;
  if (await deps.pwnedPasswords.isPwned(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
