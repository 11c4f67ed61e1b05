import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { dictionary } from "@zxcvbn-ts/language-common";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { schoolAdmins } from "#db/schema/index.ts";
import {
  DICTIONARY_MAX_LENGTH,
  GUESSABLE_PASSWORD_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "#shared/password-rules.ts";
import { COMMON_PASSWORD_MESSAGE, newPasswordProblem } from "#worker/auth/breached.ts";
import {
  BloomFilter,
  bloomParameters,
  expectedFalsePositiveRate,
  fmix32,
  fnv1a32,
} from "#worker/auth/breached-bloom.ts";
import { BREACHED_FILTER } from "#worker/auth/breached-filter.generated.ts";
import { hibpPwnedPasswords, stubPwnedPasswords } from "#worker/auth/breached-hibp.ts";
import { breachedFilter, commonWordFilter, isCommonPassword } from "#worker/auth/common-passwords.ts";
import { COMMON_WORD_FILTER } from "#worker/auth/common-word-filter.generated.ts";
import {
  allDictionaryWords,
  BREACHED_FILTER_TARGET_RATE,
  commonWords,
  commonWordsSource,
  dictionarySource,
  dictionaryWords,
} from "../../scripts/password-dictionary.ts";
import { createSchool, createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";
import { GOOD_EXAMPLES, GUESSABLE_EXAMPLES } from "../support/password-examples.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const offline = { pwnedPasswords: stubPwnedPasswords() };

/** A seeded generator (mulberry32): the same numbers, and so the same counts, on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe("the hash behind the filter", () => {
  it("FNV-1a 32 matches the reference vectors", () => {
    expect(fnv1a32(bytes(""))).toBe(0x811c9dc5);
    expect(fnv1a32(bytes("a"))).toBe(0xe40c292c);
    expect(fnv1a32(bytes("foobar"))).toBe(0xbf9cf968);
  });

  it("fmix32 matches MurmurHash3_x86_32 of the empty input (which is fmix32 of the seed)", () => {
    expect(fmix32(0)).toBe(0);
    expect(fmix32(1)).toBe(0x514e28b7);
    expect(fmix32(0xffffffff)).toBe(0x81f16f39);
  });

  it("sizes a filter by the textbook formulas", () => {
    // n = 1,000 at 1 %: m = ⌈9585.06⌉ bits, k = round(6.64).
    expect(bloomParameters(1000, 0.01)).toEqual({ bits: 9586, hashes: 7 });
    expect(expectedFalsePositiveRate({ bits: 9586, hashes: 7 }, 1000)).toBeCloseTo(0.01, 3);
    expect(() => bloomParameters(0, 0.01)).toThrow(RangeError);
    expect(() => bloomParameters(10, 1)).toThrow(RangeError);
  });

  it("has no false negatives, whatever is added", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: "grapheme", maxLength: 30 }), { minLength: 1, maxLength: 200 }),
        (values) => {
          const filter = new BloomFilter(bloomParameters(values.length, 0.01));
          for (const value of values) filter.add(value);
          return values.every((value) => filter.has(value));
        },
      ),
    );
  });

  it("refuses stored bytes of the wrong length", () => {
    expect(() => new BloomFilter({ bits: 64, hashes: 3 }, new Uint8Array(7))).toThrow(RangeError);
  });
});

describe("the committed common-password filter (PW3)", () => {
  it("PW3 the filter holds every dictionary word", () => {
    const version = (createRequire(import.meta.url)("@zxcvbn-ts/language-common/package.json") as { version: string })
      .version;
    expect(BREACHED_FILTER.source).toBe(dictionarySource());
    expect(BREACHED_FILTER.source).toContain(version);
    const words = dictionaryWords();
    expect(allDictionaryWords().length).toBeGreaterThan(49_000);
    expect(BREACHED_FILTER.words).toBe(words.length);
    expect(BREACHED_FILTER.minLength).toBeLessThanOrEqual(PASSWORD_MIN_LENGTH);
    expect({ bits: BREACHED_FILTER.bits, hashes: BREACHED_FILTER.hashes }).toEqual(
      bloomParameters(words.length, BREACHED_FILTER_TARGET_RATE),
    );
    const missing = words.filter((word) => !isCommonPassword(word) || !isCommonPassword(word.toUpperCase()));
    expect(missing).toEqual([]);
  });

  it("PW3 every dictionary word is refused: long ones by the filter, short ones by the length rule", async () => {
    const sample = allDictionaryWords().filter((_, index) => index % 97 === 0);
    for (const word of sample) {
      const expected =
        word.length < PASSWORD_MIN_LENGTH ? "Password must be at least 8 characters long" : COMMON_PASSWORD_MESSAGE;
      expect(await newPasswordProblem(offline, word), word).toBe(expected);
    }
  });

  it("PW3 false-positive rate under 1 in 1,000", () => {
    const dictionary = new Set(allDictionaryWords());
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    const random = seededRandom(0x5eed);
    const trials = 200_000;
    let tested = 0;
    let falsePositives = 0;
    while (tested < trials) {
      const length = 8 + Math.floor(random() * 13);
      let candidate = "";
      for (let i = 0; i < length; i++) candidate += alphabet[Math.floor(random() * alphabet.length)];
      if (dictionary.has(candidate)) continue;
      tested++;
      if (breachedFilter.has(candidate)) falsePositives++;
    }
    const rate = falsePositives / trials;
    expect(rate).toBeLessThan(1 / 1000);
    // The design rate is 1 in 10,000; the measurement stays near it.
    expect(rate).toBeLessThanOrEqual(2 * BREACHED_FILTER.targetFalsePositiveRate);
    expect(breachedFilter.fillRatio() ** BREACHED_FILTER.hashes).toBeLessThan(
      1.2 * BREACHED_FILTER.targetFalsePositiveRate,
    );
  });
});

describe("the new-password rules (PW3)", () => {
  it.each([
    ["", "Password is required"],
    ["seven77", "Password must be at least 8 characters long"],
    ["x".repeat(PASSWORD_MAX_LENGTH + 1), `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`],
    ["password123", COMMON_PASSWORD_MESSAGE],
    ["MANCHESTER", COMMON_PASSWORD_MESSAGE],
    ["  liverpool1 ", COMMON_PASSWORD_MESSAGE],
    // Full-width letters are the same password once NFKC-normalised (as it is hashed).
    ["ｃｈａｒｌｉｅ１２３", COMMON_PASSWORD_MESSAGE],
    ["blue bus at eight", null],
    ["lowercaseonly", null],
    ["Grüße aus Ålesund 🚌", null],
    ["x".repeat(PASSWORD_MAX_LENGTH), null],
  ])("%j → %s", async (password, expected) => {
    expect(await newPasswordProblem(offline, password)).toBe(expected);
  });

  it("asks the breach service only about passwords that pass the other rules", async () => {
    const asked: string[] = [];
    const isPwned = async (password: string) => {
      asked.push(password);
      return password === "unusual but pwned";
    };
    const deps = { pwnedPasswords: { isPwned } };
    expect(await newPasswordProblem(deps, "unusual but pwned")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await newPasswordProblem(deps, "short")).not.toBeNull();
    expect(await newPasswordProblem(deps, "chocolate")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(asked).toEqual(["unusual but pwned"]);
  });
});

const { common, commonWord } = GUESSABLE_PASSWORD_MESSAGES;

describe("common words with decorations (PW4)", () => {
  it("PW4 the committed common-word filter holds every word of the lists", () => {
    expect(COMMON_WORD_FILTER.source).toBe(commonWordsSource());
    const words = commonWords();
    expect(words.length).toBeGreaterThan(35_000);
    expect(COMMON_WORD_FILTER.words).toBe(words.length);
    expect({ bits: COMMON_WORD_FILTER.bits, hashes: COMMON_WORD_FILTER.hashes }).toEqual(
      bloomParameters(words.length, BREACHED_FILTER_TARGET_RATE),
    );
    expect(words.filter((word) => !commonWordFilter.has(word))).toEqual([]);
    // The rule looks nothing up past DICTIONARY_MAX_LENGTH: no entry of either list may be longer.
    const longest = Math.max(...[...dictionaryWords(), ...words].map((word) => [...word].length));
    expect(longest).toBeLessThanOrEqual(DICTIONARY_MAX_LENGTH);
  });

  it.each(GUESSABLE_EXAMPLES)("PW4 %j is refused (%s)", async (password, reason) => {
    expect(await newPasswordProblem(offline, password)).toBe(GUESSABLE_PASSWORD_MESSAGES[reason]);
  });

  it.each(GOOD_EXAMPLES)("PW4 %j is accepted", async (password) => {
    expect(await newPasswordProblem(offline, password)).toBeNull();
  });

  it("PW4 is refused whether Have I Been Pwned is off, answers, or times out (fails open)", async () => {
    const asked: string[] = [];
    const logger = { info() {}, warn() {}, error() {} };
    const timingOut = hibpPwnedPasswords({
      logger,
      timeoutMs: 1,
      fetch: async (url) => {
        asked.push(url);
        throw new DOMException("The operation timed out.", "TimeoutError");
      },
    });
    for (const pwnedPasswords of [stubPwnedPasswords(), stubPwnedPasswords(["Summer2024!"]), timingOut]) {
      expect(await newPasswordProblem({ pwnedPasswords }, "Summer2024!")).toBe(commonWord);
    }
    // The offline rule answers before the breach service is asked; a good password still reaches it (and passes, failing open).
    expect(asked).toEqual([]);
    expect(await newPasswordProblem({ pwnedPasswords: timingOut }, "Maple-Grove-Bus-Twelve")).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it("PW4 refuses fewer than 1 in 1,000 random strong passwords and passphrases (20,000 of each kind)", async () => {
    const random = seededRandom(0xb05);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const diceware = dictionary["diceware-common"];
    const printable = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i));
    const alphanumeric = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"];
    const randomChars = (alphabet: readonly string[]) =>
      Array.from({ length: 12 + Math.floor(random() * 9) }, () => pick(alphabet)).join("");
    const kinds: Record<string, () => string> = {
      // Four diceware words, some capitalised, joined by a space, a dash, a dot, an underscore or nothing.
      "four-word passphrase": () => {
        const separator = pick([" ", "-", ".", "_", ""]);
        return Array.from({ length: 4 }, () => pick(diceware))
          .map((word) => (random() < 0.5 ? word[0]!.toUpperCase() + word.slice(1) : word))
          .join(separator);
      },
      "three words run together": () => Array.from({ length: 3 }, () => pick(diceware)).join(""),
      "12–20 printable characters": () => randomChars(printable),
      "12–20 letters and digits": () => randomChars(alphanumeric),
    };
    const trials = 20_000;
    const refusalRates: Record<string, number> = {};
    for (const [kind, generate] of Object.entries(kinds)) {
      let refused = 0;
      for (let i = 0; i < trials; i++) if ((await newPasswordProblem(offline, generate())) !== null) refused++;
      refusalRates[kind] = refused / trials;
    }
    expect(Object.entries(refusalRates).filter(([, rate]) => rate >= 1 / 1000)).toEqual([]);
  });
});

describe("every place a password is set (PW3)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it.each([
    ["PW3 a password from the common list is refused on every set-password path", "Charlie123", common],
    ["PW4 a common word with decorations is refused on every set-password path", "Summer2024!", commonWord],
  ])("%s", async (_, password, message) => {
    const school = await createSchool(t.db);
    const superAdmin = await createUser(t.db, "super_admin");
    const superCookie = (await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now())).cookie;

    // Accept invitation.
    const invite = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "Nia Admin", email: "nia@example.com", schoolId: school.id },
      { cookie: superCookie },
    );
    expect(invite.status).toBe(200);
    const invitationToken = tokenIn((await lastEmailTo(t.db, "nia@example.com")).textBody);
    const accept = await mutate(t.app, "auth.acceptInvitation", {
      token: invitationToken,
      name: "Nia Admin",
      password,
      confirmPassword: password,
    });
    expect(accept.error?.message).toBe(message);
    expect(await t.db.$count(schoolAdmins)).toBe(0);

    // Change password.
    const parent = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    const change = await mutate(
      t.app,
      "auth.changePassword",
      { currentPassword: PASSWORD, newPassword: password, confirmPassword: password },
      { cookie },
    );
    expect(change.error?.message).toBe(message);

    // Reset password.
    await mutate(t.app, "auth.requestPasswordReset", { role: "parent", email: parent.email }, { ip: "203.0.113.7" });
    const resetToken = tokenIn((await lastEmailTo(t.db, parent.email, "password_reset")).textBody);
    const reset = await mutate(t.app, "auth.resetPassword", { token: resetToken, password, confirmPassword: password });
    expect(reset.error?.message).toBe(message);
    expect(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "parent", email: parent.email, password: PASSWORD },
          { ip: "203.0.113.8" },
        )
      ).status,
    ).toBe(200);

    // The create-super-admin script (refused before it touches the database or the network).
    const script = promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/create-super-admin.ts", "--email", "ops@example.com", "--name", "Ops"],
      {
        env: { ...process.env, SUPER_ADMIN_PASSWORD: password, DATABASE_URL: "file:/nonexistent-dir/never.db" },
      },
    );
    await expect(script).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(message) });
  });

  it("PW3 a password the breach service knows is refused, and the next one is accepted", async () => {
    const pwned = "my unusual school bus phrase";
    const app = await createTestApp({ pwnedPasswords: stubPwnedPasswords([pwned]) });
    try {
      const parent = await createUser(app.db, "parent");
      const { cookie } = await sessionCookieFor(app.db, app.deps.config, parent, app.clock.now());
      const refused = await mutate(
        app.app,
        "auth.changePassword",
        { currentPassword: PASSWORD, newPassword: pwned, confirmPassword: pwned },
        { cookie },
      );
      expect(refused.error?.message).toBe(COMMON_PASSWORD_MESSAGE);
      const accepted = await mutate(
        app.app,
        "auth.changePassword",
        { currentPassword: PASSWORD, newPassword: `${pwned}!`, confirmPassword: `${pwned}!` },
        { cookie },
      );
      expect(accepted.status).toBe(200);
    } finally {
      app.close();
    }
  });
});
