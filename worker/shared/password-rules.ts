/**
 * What makes a new password acceptable, shared by the browser forms (length, and the strength
 * meter's verdict) and the server (which enforces it): no composition rules; long enough; not a
 * common password; not a common word or a row of keys with only small changes.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

/** Why a password is refused as easy to guess, in plain words: the server's answer and the meter's warning. */
export const GUESSABLE_PASSWORD_MESSAGES = {
  common: "This password is too common. Please choose a less predictable one.",
  commonWord:
    "This password is a common word with only small changes (capital letters, numbers or symbols), which attackers try first. Please choose a less predictable one.",
  keyboardRow:
    "This password is a row of keys on the keyboard with only small changes (capital letters, numbers or symbols), which attackers try first. Please choose a less predictable one.",
} as const;

/** How a password is compared with the common-password dictionary: NFKC (as it is hashed), trimmed, lower-cased (as zxcvbn does). */
export function normalizeForDictionary(password: string): string {
  return password.normalize("NFKC").trim().toLowerCase();
}

/**
 * The zxcvbn dictionaries (`@zxcvbn-ts/language-common`) whose words count as common words: the
 * passwords people choose (which hold everyday English words and names) and the diceware list.
 * The server's word filter is built from them, and the strength meter reads them directly.
 */
export const COMMON_WORD_LISTS = ["passwords-common", "diceware-common"] as const;

/** A word of fewer letters is not looked up: too short to be the base of a password on its own. */
export const COMMON_WORD_MIN_LENGTH = 4;
/**
 * Nothing longer is looked up, whole password or word: no entry of the lists is longer (a test
 * holds the lists to it), so a longer lookup could only find a false positive of a filter.
 */
export const DICTIONARY_MAX_LENGTH = 20;

const LETTER = /^\p{L}$/u;
const LETTERS = /^\p{L}+$/u;
/** Digits, punctuation, symbols and spaces: what people put around a word. */
const DECORATION = /^[\p{N}\p{P}\p{S}\p{Z}]$/u;

/** The common words of some word lists, as the rule looks them up: normalised, letters only, 4–20 long. */
export function commonWordsOf(lists: Iterable<readonly string[]>): string[] {
  const words = new Set<string>();
  for (const list of lists) {
    for (const entry of list) {
      const word = normalizeForDictionary(entry);
      if (word.length >= COMMON_WORD_MIN_LENGTH && word.length <= DICTIONARY_MAX_LENGTH && LETTERS.test(word))
        words.add(word);
    }
  }
  return [...words];
}

/** Look-alikes undone: `p@ssw0rd` is `password`. A `1` may stand for an i or an l, so both are tried. */
const LEETSPEAK: Record<string, readonly string[]> = {
  "@": ["a"],
  "4": ["a"],
  "0": ["o"],
  "1": ["i", "l"],
  "!": ["i"],
  "3": ["e"],
  "5": ["s"],
  $: ["s"],
  "7": ["t"],
};

/** The core with its look-alikes undone (one or two readings), or none when it holds anything else than letters and look-alikes. */
function readings(core: readonly string[]): string[] {
  let first = "";
  let second = "";
  for (const char of core) {
    if (LETTER.test(char)) {
      first += char;
      second += char;
      continue;
    }
    const options = LEETSPEAK[char];
    if (!options) return [];
    first += options[0];
    second += options.at(-1);
  }
  return first === second ? [first] : [first, second];
}

/**
 * The password (normalised) with some of its leading and trailing decorations (digits, symbols,
 * years, spaces) cut off, in every combination, itself included, each between `minLength` and
 * `DICTIONARY_MAX_LENGTH` characters long. Every combination, because a look-alike such as `$` or
 * `1` at an end may belong to the word. At most 257 × 17 cuts, however long the password.
 */
function cores(password: string, minLength: number): string[] {
  const chars = [...normalizeForDictionary(password)];
  let lead = 0;
  while (lead < chars.length && DECORATION.test(chars[lead]!)) lead++;
  let trail = 0;
  while (trail < chars.length && DECORATION.test(chars[chars.length - 1 - trail]!)) trail++;
  const found = new Set<string>();
  for (let start = 0; start <= lead; start++) {
    // Only the cuts that leave minLength to DICTIONARY_MAX_LENGTH characters.
    const fewest = Math.max(0, chars.length - start - DICTIONARY_MAX_LENGTH);
    const most = Math.min(trail, chars.length - start - minLength);
    for (let cut = fewest; cut <= most; cut++) found.add(chars.slice(start, chars.length - cut).join(""));
  }
  return [...found];
}

/** The password as it is and with decorations cut off its ends: `Charlie123!!` → `charlie123`, among others. */
export function undecoratedPasswords(password: string): string[] {
  return cores(password, PASSWORD_MIN_LENGTH);
}

/**
 * Every word a password could be with its decorations taken off: leading and trailing digits,
 * symbols and years cut, look-alikes undone, lower-cased after NFKC. `Summer2024!` → `summer`,
 * `P@ssw0rd1` → `password`; `blue bus at eight` → nothing (a space inside is no decoration).
 */
export function undecoratedWords(password: string): string[] {
  return [...new Set(cores(password, COMMON_WORD_MIN_LENGTH).flatMap((core) => readings([...core])))];
}

/** Letter rows of the QWERTY, AZERTY and QWERTZ layouts; a walk along one reads the same backwards. */
const KEYBOARD_ROWS = [
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "azertyuiop",
  "qsdfghjklm",
  "wxcvbn",
  "qwertzuiop",
  "yxcvbnm",
];
const REVERSED_ROWS = KEYBOARD_ROWS.map((row) => [...row].reverse().join(""));

/** Four or more neighbouring keys of one letter row, either way: `qwerty`, `asdf`, `lkjh`. */
export function isKeyboardRow(word: string): boolean {
  return (
    word.length >= COMMON_WORD_MIN_LENGTH &&
    (KEYBOARD_ROWS.some((row) => row.includes(word)) || REVERSED_ROWS.some((row) => row.includes(word)))
  );
}

/**
 * The word lists the rule looks things up in. The server answers from Bloom filters (a false
 * positive now and then, never a false negative); the strength meter from the lists themselves.
 */
export type GuessableLists = {
  /** A password (normalised, 8–20 characters) from zxcvbn's `passwords-common`. */
  isCommonPassword(normalized: string): boolean;
  /** A word (letters only, lower case) from `COMMON_WORD_LISTS`. */
  isCommonWord(word: string): boolean;
};

/**
 * PW3 and PW4: why a password is easy to guess, or null. A common password, as it is or with
 * digits or symbols added before or after it; then a common word or a keyboard row under such
 * decorations, capitals and look-alikes. The one rule: the server refuses with this message, the
 * strength meter shows it.
 */
export function guessablePasswordProblem(password: string, lists: GuessableLists): string | null {
  const passwords = undecoratedPasswords(password);
  // The password as typed first (the first core, when it is short enough to be in the list); then
  // the words, since "a common word with small changes" says better why than "too common".
  if (passwords[0] === normalizeForDictionary(password) && lists.isCommonPassword(passwords[0]))
    return GUESSABLE_PASSWORD_MESSAGES.common;
  const words = undecoratedWords(password);
  if (words.some(isKeyboardRow)) return GUESSABLE_PASSWORD_MESSAGES.keyboardRow;
  if (words.some((word) => lists.isCommonWord(word))) return GUESSABLE_PASSWORD_MESSAGES.commonWord;
  if (passwords.some((candidate) => lists.isCommonPassword(candidate))) return GUESSABLE_PASSWORD_MESSAGES.common;
  return null;
}
