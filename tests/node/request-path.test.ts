/**
 * The request path's fixed costs (ADR 0025), as behaviour a later change could undo. Speed itself
 * lives in `npm run bench`; these check the shapes that make it: the session secret hashed in place,
 * style nonces drawn from the CSPRNG a block at a time, and a procedure's tRPC middlewares bounded
 * whatever its rung of the ladder (one, two with sudo).
 */
import { describe, expect, it } from "vitest";
import { constantTimeEqualText, SHA256_IMPL, sha256Hex } from "#worker/auth/crypto.ts";
import { randomNonce } from "#worker/http/security.ts";
import { appRouter } from "#worker/trpc/router.ts";

const webCryptoHex = async (value: string) =>
  Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value))).toString("hex");

describe("session secrets hashed in place (ADR 0025)", () => {
  it("TK3 sha256Hex uses node:crypto's createHash, chosen by feature detection", () => {
    expect(SHA256_IMPL).toBe("node:crypto");
  });

  it("TK3 sha256Hex gives the same digest as WebCrypto, so every stored token hash still matches", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (const value of ["", "abc", "pässword ✓ 🚌", "AbC_-123.xyz".repeat(20), "\u0000\uFFFF"]) {
      expect(await sha256Hex(value)).toBe(await webCryptoHex(value));
    }
  });
});

describe("secret comparison without encoding (ADR 0028)", () => {
  it("TK3 constantTimeEqualText is string equality: same strings match, any other difference does not", () => {
    const hash = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    expect(constantTimeEqualText(hash, hash.slice())).toBe(true);
    expect(constantTimeEqualText("", "")).toBe(true);
    expect(constantTimeEqualText(hash, `${hash.slice(0, -1)}c`)).toBe(false);
    expect(constantTimeEqualText(hash, hash.slice(1))).toBe(false);
    expect(constantTimeEqualText("pässword ✓ 🚌", "pässword ✓ 🚌")).toBe(true);
    // Two different lone surrogates: UTF-8 encoding turned both into U+FFFD, so they compared equal.
    expect(constantTimeEqualText("\uD800", "\uDBFF")).toBe(false);
  });
});

describe("style nonces drawn a block at a time (ADR 0025)", () => {
  it("HD1 each nonce is 16 random bytes in base64, and none repeats across many blocks", () => {
    const nonces = Array.from({ length: 1000 }, () => randomNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // Not a counter or a constant: the bytes of two nonces differ in many places.
    const [a, b] = [Buffer.from(nonces[0]!, "base64"), Buffer.from(nonces[999]!, "base64")];
    expect(a.filter((byte, i) => byte !== b[i]).length).toBeGreaterThan(8);
  });
});

type ProcedureDef = { _def: { middlewares: { _type?: string }[] } };

describe("the auth ladder in one middleware (ADR 0025, 0028)", () => {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);
  /**
   * The ladder's own middlewares: not the input and output parsers tRPC adds for `.input()` and
   * `.output()`, nor the last one, which is the procedure's resolver.
   */
  const ladderMiddlewares = (procedure: ProcedureDef) =>
    procedure._def.middlewares
      .slice(0, -1)
      .filter((middleware) => middleware._type !== "input" && middleware._type !== "output");

  it("every procedure runs one middleware (the error boundary around the input guard and its rung), and sudo one more", () => {
    expect(procedures.length).toBeGreaterThan(50);
    const over = procedures
      .map(([path, procedure]) => ({ path, count: ladderMiddlewares(procedure).length }))
      .filter(({ count }) => count > 2 || count < 1);
    expect(over, JSON.stringify(over)).toEqual([]);
    const withSudo = procedures
      .filter(([, procedure]) => ladderMiddlewares(procedure).length === 2)
      .map(([path]) => path);
    expect(withSudo.length).toBeGreaterThan(0);
    expect(withSudo.length).toBeLessThan(procedures.length / 4);
  });
});
