/**
 * SHA-256 inside workerd: its Node compatibility (nodejs_compat) provides `node:crypto`'s
 * `createHash`, so session secrets and tokens are hashed in place there too (ADR 0025), with the
 * same digest as WebCrypto's (the stored hashes of either runtime match).
 */
import { describe, expect, it } from "vitest";
import { SHA256_IMPL, sha256Hex } from "#worker/auth/crypto.ts";

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

describe("SHA-256 in workerd (ADR 0025)", () => {
  it("TK3 uses workerd's node:crypto createHash, chosen by feature detection", () => {
    expect(SHA256_IMPL).toBe("node:crypto");
  });

  it("TK3 gives WebCrypto's digest", async () => {
    for (const value of ["", "abc", "pässword ✓ 🚌", "AbC_-123.xyz".repeat(20)]) {
      expect(await sha256Hex(value)).toBe(hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value))));
    }
  });
});
