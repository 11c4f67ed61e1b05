/**
 * The password dictionary the server's filter is built from, normalised the way lookups are.
 * Used by scripts/build-password-filter.ts and by the test that checks the committed filter.
 */
import { createRequire } from "node:module";
import { dictionary } from "@zxcvbn-ts/language-common";
import { normalizeForDictionary, PASSWORD_MIN_LENGTH } from "#shared/password-rules.ts";

/** Design false-positive rate of the filter: 1 in 10,000 (the requirement is 1 in 1,000 or better). */
export const BREACHED_FILTER_TARGET_RATE = 1e-4;

/** Every distinct normalised word of the package's `passwords-common` list. */
export function allDictionaryWords(): string[] {
  return [...new Set(dictionary["passwords-common"].map(normalizeForDictionary))];
}

/** The words the filter holds: those long enough to pass the length rule (shorter ones are refused by it). */
export function dictionaryWords(): string[] {
  return allDictionaryWords().filter((word) => word.length >= PASSWORD_MIN_LENGTH);
}

export function dictionarySource(): string {
  const { version } = createRequire(import.meta.url)("@zxcvbn-ts/language-common/package.json") as { version: string };
  return `@zxcvbn-ts/language-common@${version} passwords-common`;
}
