/**
 * Password hashing inside workerd (pure-JS scrypt from @noble/hashes), and compatibility with
 * hashes made by Node (the Node entry and `db:create-super-admin` hash in Node; the Worker verifies).
 *
 * scrypt at ln=14,r=8,p=5 costs several seconds of CPU per call in local workerd on a small
 * machine, so the two hashes are made once and shared by the tests.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword, parsePasswordHash, SCRYPT_PARAMS, verifyPassword } from "../../worker/auth/password.ts";

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

  it("rejects malformed hashes without hashing", async () => {
    expect(parsePasswordHash("$2b$12$abcdefghijklmnopqrstuv")).toBeNull();
    expect(await verifyPassword(NODE_PASSWORD, "")).toBe(false);
    expect(await verifyPassword(NODE_PASSWORD, NODE_HASH.replace("$scrypt$", "$argon2$"))).toBe(false);
  });
});
