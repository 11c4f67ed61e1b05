/** Password length rules, shared by the browser forms and the server (no composition rules). */
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

/** How a password is compared with the common-password dictionary: NFKC (as it is hashed), trimmed, lower-cased (as zxcvbn does). */
export function normalizeForDictionary(password: string): string {
  return password.normalize("NFKC").trim().toLowerCase();
}
