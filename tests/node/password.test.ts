import nodeCrypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isCommonPassword } from "#worker/auth/common-passwords.ts";
import { toBase64Url } from "#worker/auth/crypto.ts";
import {
  hashPassword,
  nativeScrypt,
  nobleScrypt,
  PASSWORD_KDF,
  parsePasswordHash,
  SCRYPT_PARAMS,
  verifyPassword,
} from "#worker/auth/password.ts";

describe("password hashing (PW1)", () => {
  it("uses scrypt at OWASP strength: N=2^14, r=8, p=5 (the N=2^17,p=1 equivalent that fits a Worker)", () => {
    expect(SCRYPT_PARAMS).toMatchObject({ logN: 14, r: 8, p: 5, dkLen: 32, saltLength: 16 });
    // OWASP: N·r·p work at least that of N=2^17, r=8, p=1 spread over p.
    expect(2 ** SCRYPT_PARAMS.logN * SCRYPT_PARAMS.r * SCRYPT_PARAMS.p).toBeGreaterThanOrEqual(2 ** 14 * 8 * 5);
  });

  it("stores a self-describing string with the parameters, a unique salt and the key", async () => {
    const stored = await hashPassword("a long passphrase");
    expect(stored).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[\w-]{22}\$[\w-]{43}$/);
    const parsed = parsePasswordHash(stored)!;
    expect(parsed).toMatchObject({ logN: 14, r: 8, p: 5 });
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.key).toHaveLength(32);
    expect(stored).not.toContain("a long passphrase");
  });

  it("gives the same password different hashes, each of which verifies", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same password", first)).toBe(true);
    expect(await verifyPassword("same password", second)).toBe(true);
  });

  it("rejects a wrong password, a near miss and a malformed hash", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("correct horse ", stored)).toBe(false);
    expect(await verifyPassword("correct horse", "plain-sha256-hex")).toBe(false);
    expect(await verifyPassword("correct horse", stored.replace("ln=14", "ln=15"))).toBe(false);
  });

  it("verifies hashes made with other parameters (they are read from the string)", async () => {
    const parsed = parsePasswordHash("$scrypt$ln=10,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA");
    expect(parsed).toMatchObject({ logN: 10, r: 8, p: 1 });
  });

  it("accepts Unicode and long passphrases without truncation (PW3)", async () => {
    const unicode = "Grüße, Ålesund! 🚌 パスワード";
    const stored = await hashPassword(unicode);
    expect(await verifyPassword(unicode, stored)).toBe(true);
    // Canonically equivalent forms are the same password (NFKC).
    expect(await verifyPassword(unicode.normalize("NFD"), stored)).toBe(true);
    const long = "x".repeat(200);
    const longHash = await hashPassword(long);
    expect(await verifyPassword(long, longHash)).toBe(true);
    expect(await verifyPassword(`${long}y`, longHash)).toBe(false);
    expect(await verifyPassword("x".repeat(199), longHash)).toBe(false);
  });

  it("refuses the most common passwords, case-insensitively", () => {
    expect(isCommonPassword("Password123")).toBe(true);
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(isCommonPassword("maple grove bus 12")).toBe(false);
  });
});

describe("native scrypt off the event loop (PW1, ADR 0017)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("PW1 a hash made by @noble/hashes verifies with node:crypto's scrypt, and the other way round", async () => {
    expect(PASSWORD_KDF).toBe("node:crypto");
    const password = "Grüße aus Ålesund 🚌";
    const byNoble = await hashPassword(password, nobleScrypt);
    const byNative = await hashPassword(password, nativeScrypt);
    expect(await verifyPassword(password, byNoble)).toBe(true);
    expect(await verifyPassword(password, byNative, nobleScrypt)).toBe(true);
    expect(await verifyPassword(`${password}!`, byNoble)).toBe(false);
    // Same salt, same cost: byte-for-byte the same key.
    const salt = new Uint8Array(16).fill(7);
    expect(await nativeScrypt("pw", salt, SCRYPT_PARAMS, 32)).toEqual(await nobleScrypt("pw", salt, SCRYPT_PARAMS, 32));
  });

  it("PW1 hashing runs in node:crypto's thread pool: a timer fires while a hash is in flight", async () => {
    const scrypt = vi.spyOn(nodeCrypto, "scrypt");
    let settled = false;
    const hashing = hashPassword("a long passphrase").then((stored) => {
      settled = true;
      return stored;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect(await verifyPassword("a long passphrase", await hashing)).toBe(true);
    expect(scrypt).toHaveBeenCalledTimes(2);
    // The cost is the stored one, with the memory limit set explicitly (not Node's 32 MiB default).
    expect(scrypt.mock.calls[0]![3]).toMatchObject({ N: 2 ** 14, r: 8, p: 5, maxmem: expect.any(Number) });
  });

  it("PW1 a raised cost beyond Node's default memory limit still verifies (maxmem is set)", async () => {
    // ln=15, r=8 needs 32 MiB + a little: Node's default maxmem would refuse it.
    const salt = new Uint8Array(16).fill(3);
    const params = { logN: 15, r: 8, p: 1 };
    const key = await nobleScrypt("raised cost", salt, params, 32);
    const stored = `$scrypt$ln=15,r=8,p=1$${toBase64Url(salt)}$${toBase64Url(key)}`;
    expect(await verifyPassword("raised cost", stored)).toBe(true);
  });

  it("PW1 a stored cost over 64 MiB is refused without hashing", async () => {
    const scrypt = vi.spyOn(nodeCrypto, "scrypt");
    const stored = "$scrypt$ln=17,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    expect(parsePasswordHash(stored)).toBeNull();
    expect(parsePasswordHash(stored.replace("ln=17", "ln=0"))).toBeNull();
    expect(await verifyPassword("x", stored)).toBe(false);
    expect(scrypt).not.toHaveBeenCalled();
  });
});
