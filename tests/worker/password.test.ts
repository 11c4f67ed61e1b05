/**
 * Password hashing inside workerd: its Node compatibility (nodejs_compat) provides
 * `node:crypto.scrypt` (BoringSSL), so the native scrypt is used here too (ADR 0017), and its hashes
 * are interchangeable with @noble/hashes' and with hashes made by Node (the Node entry and
 * `db:create-super-admin` hash in Node; the Worker verifies).
 *
 * The two hashes are made once and shared by the tests.
 */
import nodeCrypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  hashPassword,
  nativeScrypt,
  nobleScrypt,
  PASSWORD_KDF,
  parsePasswordHash,
  SCRYPT_PARAMS,
  verifyPassword,
} from "#worker/auth/password.ts";

/**
 * Made in Node 24 with worker/auth/password.ts:
 *   npx tsx -e 'import { hashPassword } from "./worker/auth/password.ts"; hashPassword(P).then(console.log)'
 */
const NODE_PASSWORD = "Node-made pässword 2026 ✓";
const NODE_HASH = "$scrypt$ln=14,r=8,p=5$ZcX7LDZwLnm4TLAeCFmeWw$SDO1oO_Hed5d1EoWK3ZnKH7X0IbNO4LZ-ddwLx05yRI";

/** `$scrypt$ln=14,r=8,p=5$<16-byte salt, base64url>$<32-byte key, base64url>` */
const FORMAT = /^\$scrypt\$ln=14,r=8,p=5\$[\w-]{22}\$[\w-]{43}$/;

describe("password hashing in workerd", () => {
  const password = "a long and memorable passphrase";
  let first: string;
  let second: string;

  beforeAll(async () => {
    first = await hashPassword(password);
    second = await hashPassword(password);
  }, 60_000);

  it("produces the self-describing format with the OWASP parameters", () => {
    expect(SCRYPT_PARAMS).toMatchObject({ logN: 14, r: 8, p: 5, dkLen: 32, saltLength: 16 });
    expect(first).toMatch(FORMAT);
    const parsed = parsePasswordHash(first);
    expect(parsed).toMatchObject({ logN: 14, r: 8, p: 5 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(32);
  });

  it("salts every hash: two hashes of one password differ", () => {
    expect(second).toMatch(FORMAT);
    expect(second).not.toBe(first);
    expect(parsePasswordHash(second)?.salt).not.toEqual(parsePasswordHash(first)?.salt);
  });

  it("verifies the password it hashed", async () => {
    expect(await verifyPassword(password, first)).toBe(true);
  });

  it("rejects a wrong password", async () => {
    expect(await verifyPassword(`${password}!`, second)).toBe(false);
  });

  it("verifies a hash made in Node (cross-runtime compatibility)", async () => {
    expect(NODE_HASH).toMatch(FORMAT);
    expect(await verifyPassword(NODE_PASSWORD, NODE_HASH)).toBe(true);
  });

  it("PW1 uses workerd's native node:crypto scrypt, chosen by feature detection", () => {
    expect(typeof nodeCrypto.scrypt).toBe("function");
    expect(PASSWORD_KDF).toBe("node:crypto");
  });

  it("PW1 native and @noble/hashes scrypt give the same key, so hashes made by either verify with the other", async () => {
    const salt = new Uint8Array(16).fill(9);
    expect(await nativeScrypt("pässword", salt, SCRYPT_PARAMS, 32)).toEqual(
      await nobleScrypt("pässword", salt, SCRYPT_PARAMS, 32),
    );
    const byNoble = await hashPassword(password, nobleScrypt);
    expect(await verifyPassword(password, byNoble)).toBe(true);
    expect(await verifyPassword(password, first, nobleScrypt)).toBe(true);
  }, 60_000);

  it("rejects malformed hashes without hashing", async () => {
    expect(parsePasswordHash("$2b$12$abcdefghijklmnopqrstuv")).toBeNull();
    expect(await verifyPassword(NODE_PASSWORD, "")).toBe(false);
    expect(await verifyPassword(NODE_PASSWORD, NODE_HASH.replace("$scrypt$", "$argon2$"))).toBe(false);
  });
});
