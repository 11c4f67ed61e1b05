/**
 * zxcvbn's strength estimate for the set-password forms. Loaded only by the strength worker
 * (password-strength.worker.ts; the dictionaries weigh a few hundred KB), never in the page's own
 * bundle. Advice only: the server decides (common-password filter and Have I Been Pwned).
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
// Only the English feedback texts of the language package; its dictionaries are not imported.
import { translations } from "@zxcvbn-ts/language-en";

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations, useLevenshteinDistance: true });

export type StrengthEstimate = {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
};

/** The estimate for a password; `userInputs` (name, e-mail…) count as easy to guess. */
export function estimateStrength(password: string, userInputs: readonly string[] = []): StrengthEstimate {
  const { score, feedback } = zxcvbn.check(password, [...userInputs]);
  return { score, warning: feedback.warning, suggestions: feedback.suggestions };
}
