/**
 * Example new passwords for the guessable-password rule (PW3, PW4), shared by the server's tests
 * (tests/node/passwords.test.ts) and the strength meter's (tests/node/password-meter.test.ts).
 */
import type { GUESSABLE_PASSWORD_MESSAGES } from "#shared/password-rules.ts";

/** Refused, and which message says why. */
export const GUESSABLE_EXAMPLES: readonly (readonly [
  password: string,
  reason: keyof typeof GUESSABLE_PASSWORD_MESSAGES,
])[] = [
  // The six of issue 24.
  ["Password1!", "commonWord"],
  ["Summer2024!", "commonWord"],
  ["Welcome1!", "commonWord"],
  ["P@ssw0rd1", "commonWord"],
  ["Qwerty123!", "keyboardRow"],
  ["Football1!", "commonWord"],
  // Capitals, look-alikes, digits, symbols and years, before or after.
  ["$ummer2024", "commonWord"],
  ["2024Princess!", "commonWord"],
  ["!!Dragon99", "commonWord"],
  ["#1Chocolate", "commonWord"],
  ["M0nkey!!", "commonWord"],
  ["L3tm31n!", "commonWord"],
  ["Tr33house!", "commonWord"],
  ["ELEPHANT#1987", "commonWord"],
  ["Jennifer1987", "commonWord"],
  ["Charlie123!!", "commonWord"],
  ["  Football 2024  ", "commonWord"],
  // Full-width characters are the same password once NFKC-normalised.
  ["Ｐａｓｓｗｏｒｄ２０２４", "commonWord"],
  // Keyboard rows, either way.
  ["Asdfgh2023!", "keyboardRow"],
  ["Zxcvbnm,./1", "keyboardRow"],
  ["Lkjhgfds99", "keyboardRow"],
  // A common password, as it is or with something added.
  ["Charlie123", "common"],
  ["1q2w3e4r!", "common"],
  ["123456789!", "common"],
];

/** Accepted: passphrases, random strings, a word among other words, other scripts. */
export const GOOD_EXAMPLES: readonly string[] = [
  "correct horse battery staple",
  "Blue bus at eight, 2026",
  "Maple-Grove-Bus-Twelve",
  "Summer in Lisbon 2024",
  "7 yellow buses hum at dawn",
  "The1stGradeBusRoute",
  "tigerlampquiet",
  "lowercaseonly",
  "Kx7!vB2#qLm9",
  "vT3$qz!Lm9#wR",
  "Grüße aus Ålesund 🚌",
  "маленький автобус едет",
];
