/**
 * The server's word lists for the guessable-password rule (`#shared/password-rules.ts`), held as
 * Bloom filters built by scripts/build-password-filter.ts from @zxcvbn-ts/language-common:
 * - the ~49k passwords zxcvbn knows (only those that pass the length rule: shorter ones are
 *   refused by it anyway), looked up whole and case-insensitively;
 * - the ~39k letter-only words of its password and diceware lists, looked up once a password's
 *   decorations are taken off.
 */

import { type GuessableLists, normalizeForDictionary } from "#shared/password-rules.ts";
import { BloomFilter } from "./breached-bloom.ts";
import { BREACHED_FILTER } from "./breached-filter.generated.ts";
import { COMMON_WORD_FILTER } from "./common-word-filter.generated.ts";

function decode(filter: { bits: number; hashes: number; base64: string }): BloomFilter {
  return new BloomFilter(
    { bits: filter.bits, hashes: filter.hashes },
    Uint8Array.from(atob(filter.base64), (char) => char.charCodeAt(0)),
  );
}

/** The committed common-password filter (about 43 KB), decoded once when the module loads. */
export const breachedFilter = decode(BREACHED_FILTER);
/** The committed common-word filter (about 93 KB), decoded once when the module loads. */
export const commonWordFilter = decode(COMMON_WORD_FILTER);

/** True for a dictionary password (and, at the filter's documented rate, a false positive). */
export function isCommonPassword(password: string): boolean {
  return breachedFilter.has(normalizeForDictionary(password));
}

/** The lists the server's new-password check looks things up in. */
export const SERVER_GUESSABLE_LISTS: GuessableLists = {
  isCommonPassword: (normalized) => breachedFilter.has(normalized),
  isCommonWord: (word) => commonWordFilter.has(word),
};
