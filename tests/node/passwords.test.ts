import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#shared/password-rules.ts";
import { schoolAdmins } from "../../db/schema/index.ts";
import { allDictionaryWords, BREACHED_FILTER_TARGET_RATE, dictionarySource, dictionaryWords } from "../../scripts/password-dictionary.ts";
import { COMMON_PASSWORD_MESSAGE, newPasswordProblem } from "../../worker/auth/breached.ts";
import { BloomFilter, bloomParameters, expectedFalsePositiveRate, fmix32, fnv1a32 } from "../../worker/auth/breached-bloom.ts";
import { BREACHED_FILTER } from "../../worker/auth/breached-filter.generated.ts";
import { stubPwnedPasswords } from "../../worker/auth/breached-hibp.ts";
import { breachedFilter, isCommonPassword } from "../../worker/auth/common-passwords.ts";
import { createSchool, createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const offline = { pwnedPasswords: stubPwnedPasswords() };

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
      fc.property(fc.uniqueArray(fc.string({ unit: "grapheme", maxLength: 30 }), { minLength: 1, maxLength: 200 }), (values) => {
        const filter = new BloomFilter(bloomParameters(values.length, 0.01));
        for (const value of values) filter.add(value);
        return values.every((value) => filter.has(value));
      }),
    );
  });

  it("refuses stored bytes of the wrong length", () => {
    expect(() => new BloomFilter({ bits: 64, hashes: 3 }, new Uint8Array(7))).toThrow(RangeError);
  });
});

describe("the committed common-password filter (PW3)", () => {
  it("PW3 the filter holds every dictionary word", () => {
    const version = (createRequire(import.meta.url)("@zxcvbn-ts/language-common/package.json") as { version: string }).version;
    expect(BREACHED_FILTER.source).toBe(dictionarySource());
    expect(BREACHED_FILTER.source).toContain(version);
    const words = dictionaryWords();
    expect(allDictionaryWords().length).toBeGreaterThan(49_000);
    expect(BREACHED_FILTER.words).toBe(words.length);
    expect(BREACHED_FILTER.minLength).toBeLessThanOrEqual(PASSWORD_MIN_LENGTH);
    expect({ bits: BREACHED_FILTER.bits, hashes: BREACHED_FILTER.hashes }).toEqual(bloomParameters(words.length, BREACHED_FILTER_TARGET_RATE));
    const missing = words.filter((word) => !isCommonPassword(word) || !isCommonPassword(word.toUpperCase()));
    expect(missing).toEqual([]);
  });

  it("PW3 every dictionary word is refused: long ones by the filter, short ones by the length rule", async () => {
    const sample = allDictionaryWords().filter((_, index) => index % 97 === 0);
    for (const word of sample) {
      const expected = word.length < PASSWORD_MIN_LENGTH ? "Password must be at least 8 characters long" : COMMON_PASSWORD_MESSAGE;
      expect(await newPasswordProblem(offline, word), word).toBe(expected);
    }
  });

  it("PW3 false-positive rate under 1 in 1,000", () => {
    const dictionary = new Set(allDictionaryWords());
    const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    // A seeded generator (mulberry32): the same strings, and the same count, on every run.
    let seed = 0x5eed;
    const random = () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
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
    expect(breachedFilter.fillRatio() ** BREACHED_FILTER.hashes).toBeLessThan(1.2 * BREACHED_FILTER.targetFalsePositiveRate);
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

describe("every place a password is set (PW3)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it("PW3 a password from the common list is refused on every set-password path", async () => {
    const common = "Charlie123";
    const school = await createSchool(t.db);
    const superAdmin = await createUser(t.db, "super_admin");
    const superCookie = (await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now())).cookie;

    // Accept invitation.
    const invite = await mutate(t.app, "superAdmin.invitations.create", { name: "Nia Admin", email: "nia@example.com", schoolId: school.id }, { cookie: superCookie });
    expect(invite.status).toBe(200);
    const inviteToken = tokenIn((await lastEmailTo(t.db, "nia@example.com")).textBody);
    const accept = await mutate(t.app, "auth.acceptInvitation", { token: inviteToken, name: "Nia Admin", password: common, confirmPassword: common });
    expect(accept.error?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await t.db.$count(schoolAdmins)).toBe(0);

    // Change password.
    const parent = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    const change = await mutate(t.app, "auth.changePassword", { currentPassword: PASSWORD, newPassword: common, confirmPassword: common }, { cookie });
    expect(change.error?.message).toBe(COMMON_PASSWORD_MESSAGE);

    // Reset password.
    await mutate(t.app, "auth.requestPasswordReset", { role: "parent", email: parent.email }, { ip: "203.0.113.7" });
    const resetToken = tokenIn((await lastEmailTo(t.db, parent.email, "password_reset")).textBody);
    const reset = await mutate(t.app, "auth.resetPassword", { token: resetToken, password: common, confirmPassword: common });
    expect(reset.error?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await mutate(t.app, "auth.login", { role: "parent", email: parent.email, password: PASSWORD }, { ip: "203.0.113.8" })).status).toBe(200);

    // The create-super-admin script (refused before it touches the database or the network).
    const script = promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/create-super-admin.ts", "--email", "ops@example.com", "--name", "Ops"], {
      env: { ...process.env, SUPER_ADMIN_PASSWORD: common, DATABASE_URL: "file:/nonexistent-dir/never.db" },
    });
    await expect(script).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(COMMON_PASSWORD_MESSAGE) });
  });

  it("PW3 a password the breach service knows is refused, and the next one is accepted", async () => {
    const pwned = "my unusual school bus phrase";
    const app = await createTestApp({ pwnedPasswords: stubPwnedPasswords([pwned]) });
    try {
      const parent = await createUser(app.db, "parent");
      const { cookie } = await sessionCookieFor(app.db, app.deps.config, parent, app.clock.now());
      const refused = await mutate(app.app, "auth.changePassword", { currentPassword: PASSWORD, newPassword: pwned, confirmPassword: pwned }, { cookie });
      expect(refused.error?.message).toBe(COMMON_PASSWORD_MESSAGE);
      const accepted = await mutate(app.app, "auth.changePassword", { currentPassword: PASSWORD, newPassword: `${pwned}!`, confirmPassword: `${pwned}!` }, { cookie });
      expect(accepted.status).toBe(200);
    } finally {
      app.close();
    }
  });
});
