/**
 * zxcvbn's strength estimate for the set-password forms. Loaded only by the strength worker
 * (password-strength.worker.ts; the dictionaries weigh a few hundred KB), never in the page's own
 * bundle. Advice only: the server decides (common-password filter and Have I Been Pwned).
 */
import { ZxcvbnFactory, type TranslationKeys } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/** English wording of zxcvbn's feedback keys (the library ships keys; a language package would add text). */
const translations: TranslationKeys = {
  warnings: {
    straightRow: "Straight rows of keys are easy to guess.",
    keyPattern: "Short keyboard patterns are easy to guess.",
    simpleRepeat: 'Repeated characters such as "aaa" are easy to guess.',
    extendedRepeat: 'Repeated patterns such as "abcabcabc" are easy to guess.',
    sequences: 'Sequences such as "abc" or "6543" are easy to guess.',
    recentYears: "Recent years are easy to guess.",
    dates: "Dates are easy to guess.",
    topTen: "This is one of the most used passwords.",
    topHundred: "This is a very frequently used password.",
    common: "This is a commonly used password.",
    similarToCommon: "This is close to a commonly used password.",
    wordByItself: "A single word is easy to guess.",
    namesByThemselves: "A name on its own is easy to guess.",
    commonNames: "Common names are easy to guess.",
    userInputs: "Avoid your name, your e-mail address or words from this page.",
    pwned: "This password has appeared in a data breach.",
  },
  suggestions: {
    l33t: 'Predictable substitutions such as "@" for "a" do not help much.',
    reverseWords: "Reversed common words are easy to guess.",
    allUppercase: "Capitalise some letters, not all of them.",
    capitalization: "Capitalise more than the first letter.",
    dates: "Avoid dates and years that are connected to you.",
    recentYears: "Avoid recent years.",
    associatedYears: "Avoid years that are connected to you.",
    sequences: "Avoid common character sequences.",
    repeated: "Avoid repeated words and characters.",
    longerKeyboardPattern: "Use longer keyboard patterns that change direction several times.",
    anotherWord: "Add another word or two; uncommon words are better.",
    useWords: "Use a few words together, but avoid well-known phrases.",
    noNeed: "No symbols, digits or capitals are needed: a long passphrase is strong on its own.",
    pwned: "If you use this password anywhere else, change it there too.",
  },
  timeEstimation: {
    ltSecond: "less than a second",
    second: "{base} second",
    seconds: "{base} seconds",
    minute: "{base} minute",
    minutes: "{base} minutes",
    hour: "{base} hour",
    hours: "{base} hours",
    day: "{base} day",
    days: "{base} days",
    month: "{base} month",
    months: "{base} months",
    year: "{base} year",
    years: "{base} years",
    centuries: "centuries",
  },
};

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
