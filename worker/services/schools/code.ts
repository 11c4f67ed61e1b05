import { randomReadable } from "#worker/auth/crypto.ts";

/** Upper-case letters and digits without look-alikes, for a code people read and type. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The short public code a parent may type on the login page, e.g. `K7MQ2P`. */
export function generateSchoolCode(): string {
  return randomReadable(6, CODE_ALPHABET);
}
