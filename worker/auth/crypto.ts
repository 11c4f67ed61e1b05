import nodeCrypto from "node:crypto";
import { bytesToHex } from "@noble/hashes/utils.js";

/** Cryptographically random bytes from the platform CSPRNG (Node and workerd alike). */
export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** `length` random bytes as lower-case hex (the spec's "32 random bytes as hex" token). */
export function randomHex(length: number): string {
  return bytesToHex(randomBytes(length));
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Which SHA-256 this runtime uses, chosen once by feature detection: `node:crypto`'s `createHash`
 * (Node, and workerd's `nodejs_compat`) hashes a short string in place in about a microsecond;
 * WebCrypto's `digest` hands each one to another thread and back (Node's thread pool), about 20×
 * the CPU, and every authenticated request hashes its session secret (ADR 0025).
 */
export const SHA256_IMPL: "node:crypto" | "webcrypto" =
  typeof nodeCrypto?.createHash === "function" ? "node:crypto" : "webcrypto";

/**
 * `node:crypto`'s one-shot `hash` (Node 21.7+) where it exists: the same digest without a `Hash`
 * object per call, a few microseconds on every authenticated request (ADR 0028).
 */
const oneShotHash = typeof nodeCrypto?.hash === "function" ? nodeCrypto.hash : null;

/** Lower-case hex SHA-256 of a UTF-8 string (how tokens, codes and session secrets are stored). */
export async function sha256Hex(value: string): Promise<string> {
  if (oneShotHash) return oneShotHash("sha256", value, "hex");
  if (SHA256_IMPL === "node:crypto") return nodeCrypto.createHash("sha256").update(value, "utf8").digest("hex");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return bytesToHex(new Uint8Array(digest));
}

/** Compares two equal-length byte strings without an early exit. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Two strings compared code unit by code unit without an early exit (only their lengths can end
 * it): equal exactly when the strings are. No encoding on the way, on every authenticated request.
 */
export function constantTimeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const READABLE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789";

/** A random string from an alphabet without look-alike characters (no 0/O, 1/l/I). */
export function randomReadable(length: number, alphabet = READABLE_ALPHABET): string {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}
