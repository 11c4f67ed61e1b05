import { describe, expect, it } from "vitest";
import { isCommonPassword } from "../../worker/auth/common-passwords.ts";
import { hashPassword, parsePasswordHash, SCRYPT_PARAMS, verifyPassword } from "../../worker/auth/password.ts";

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
