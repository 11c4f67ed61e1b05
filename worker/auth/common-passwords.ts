/**
 * The common-password check: the ~49k passwords zxcvbn knows (@zxcvbn-ts/language-common), held
 * as a Bloom filter built by scripts/build-password-filter.ts. Only words that pass the length
 * rule are stored (shorter ones are refused by it anyway); lookups are case-insensitive.
 */

import { normalizeForDictionary } from "#shared/password-rules.ts";
import { BloomFilter } from "./breached-bloom.ts";
import { BREACHED_FILTER } from "./breached-filter.generated.ts";

/** The committed filter (about 43 KB), decoded once when the module loads. */
export const breachedFilter = new BloomFilter(
  { bits: BREACHED_FILTER.bits, hashes: BREACHED_FILTER.hashes },
  Uint8Array.from(atob(BREACHED_FILTER.base64), (char) => char.charCodeAt(0)),
);

/** True for a dictionary password (and, at the filter's documented rate, a false positive). */
export function isCommonPassword(password: string): boolean {
  return breachedFilter.has(normalizeForDictionary(password));
}
