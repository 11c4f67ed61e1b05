/**
 * zxcvbn's strength estimate for the set-password forms. Loaded only by the strength worker
 * (password-strength.worker.ts; the dictionaries weigh a few hundred KB), never in the page's own
 * bundle. Advice only: the server decides (common-password filter and Have I Been Pwned). It never
 * contradicts the server's word rule: a password the shared rule calls guessable (answered here
 * from the same zxcvbn lists the server's filters are built from) is "Very weak", with the
 * server's own reason as the warning.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
// Only the English feedback texts of the language package; its dictionaries are not imported.
import { translations } from "@zxcvbn-ts/language-en";
import {
  COMMON_WORD_LISTS,
  commonWordsOf,
  DICTIONARY_MAX_LENGTH,
  type GuessableLists,
  guessablePasswordProblem,
  normalizeForDictionary,
  PASSWORD_MIN_LENGTH,
} from "#shared/password-rules.ts";

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations, useLevenshteinDistance: true });

/** The server's lists, from the dictionaries themselves: its filters hold exactly these words (and a rare false positive). */
const commonPasswords = new Set(
  dictionary["passwords-common"]
    .map(normalizeForDictionary)
    .filter((word) => word.length >= PASSWORD_MIN_LENGTH && word.length <= DICTIONARY_MAX_LENGTH),
);
const commonWords = new Set(commonWordsOf(COMMON_WORD_LISTS.map((list) => dictionary[list])));
const lists: GuessableLists = {
  isCommonPassword: (normalized) => commonPasswords.has(normalized),
  isCommonWord: (word) => commonWords.has(word),
};

export type StrengthEstimate = {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
};

/** The estimate for a password; `userInputs` (name, e-mail…) count as easy to guess. */
export function estimateStrength(password: string, userInputs: readonly string[] = []): StrengthEstimate {
  const { score, feedback } = zxcvbn.check(password, [...userInputs]);
  const refused = guessablePasswordProblem(password, lists);
  if (refused) return { score: 0, warning: refused, suggestions: feedback.suggestions };
  return { score, warning: feedback.warning, suggestions: feedback.suggestions };
}
