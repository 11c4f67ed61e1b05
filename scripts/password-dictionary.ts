/**
 * The password dictionaries the server's filters are built from, normalised the way lookups are.
 * Used by scripts/build-password-filter.ts and by the tests that check the committed filters.
 */
import { createRequire } from "node:module";
import { dictionary } from "@zxcvbn-ts/language-common";
import {
  COMMON_WORD_LISTS,
  commonWordsOf,
  normalizeForDictionary,
  PASSWORD_MIN_LENGTH,
} from "#shared/password-rules.ts";

/** Design false-positive rate of the filters: 1 in 10,000 (the requirement is 1 in 1,000 or better). */
export const BREACHED_FILTER_TARGET_RATE = 1e-4;

/** Every distinct normalised word of the package's `passwords-common` list. */
export function allDictionaryWords(): string[] {
  return [...new Set(dictionary["passwords-common"].map(normalizeForDictionary))];
}

/** The words the filter holds: those long enough to pass the length rule (shorter ones are refused by it). */
export function dictionaryWords(): string[] {
  return allDictionaryWords().filter((word) => word.length >= PASSWORD_MIN_LENGTH);
}

/** The words the common-word filter holds: the letter-only words of `COMMON_WORD_LISTS` (PW4). */
export function commonWords(): string[] {
  return commonWordsOf(COMMON_WORD_LISTS.map((list) => dictionary[list]));
}

function packageVersion(): string {
  return (createRequire(import.meta.url)("@zxcvbn-ts/language-common/package.json") as { version: string }).version;
}

export function dictionarySource(): string {
  return `@zxcvbn-ts/language-common@${packageVersion()} passwords-common`;
}

export function commonWordsSource(): string {
  return `@zxcvbn-ts/language-common@${packageVersion()} ${COMMON_WORD_LISTS.join(" + ")}`;
}
