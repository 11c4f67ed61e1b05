import nodeCrypto from "node:crypto";
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { constantTimeEqual, fromBase64Url, randomBytes, toBase64Url } from "./crypto.ts";

/**
 * scrypt at OWASP strength: N=2^14, r=8, p=5 is OWASP's equivalent of N=2^17, r=8, p=1 and
 * needs 16 MiB instead of 128 MiB, which fits a Worker isolate. Stored as
 * `$scrypt$ln=14,r=8,p=5$<salt>$<hash>`. The platform's native scrypt (`node:crypto`: the libuv
 * thread pool in Node, BoringSSL in workerd) does the work; the pure-JS @noble/hashes one is the
 * fallback where `node:crypto` has no scrypt. Both give the same bytes (ADR 0017).
 */
export const SCRYPT_PARAMS = { logN: 14, r: 8, p: 5, dkLen: 32, saltLength: 16 } as const;

/** A stored hash asking for more memory than this is refused unread (a corrupt row must not allocate gigabytes). */
export const SCRYPT_MAX_MEMORY_BYTES = 64 * 1024 * 1024;

type Params = { logN: number; r: number; p: number };

/** Derives a key: (NFKC password, salt, cost, length) → key bytes. */
export type ScryptKdf = (password: string, salt: Uint8Array, params: Params, dkLen: number) => Promise<Uint8Array>;

/**
 * What OpenSSL and BoringSSL check `maxmem` against: V (128·r·N) plus B (128·r·p) plus a little.
 * Set explicitly, because Node's default (32 MiB) would refuse a later raise of the cost.
 */
export function scryptMaxmem(params: Params): number {
  return 128 * params.r * (2 ** params.logN + params.p + 2) + 1024 * 1024;
}

/** scrypt through `node:crypto` (callback form, so Node runs it in the thread pool). */
export const nativeScrypt: ScryptKdf = (password, salt, params, dkLen) =>
  new Promise((resolve, reject) => {
    const options = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: scryptMaxmem(params) };
    nodeCrypto.scrypt(password, salt, dkLen, options, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });

/** scrypt in pure JS (yields to the event loop every few milliseconds, but costs 2–10× the CPU). */
export const nobleScrypt: ScryptKdf = (password, salt, params, dkLen) =>
  scryptAsync(password, salt, { N: 2 ** params.logN, r: params.r, p: params.p, dkLen });

/** Which scrypt this runtime uses: chosen by feature detection, once. */
export const PASSWORD_KDF: "node:crypto" | "@noble/hashes" =
  typeof nodeCrypto?.scrypt === "function" ? "node:crypto" : "@noble/hashes";

const platformKdf: ScryptKdf = PASSWORD_KDF === "node:crypto" ? nativeScrypt : nobleScrypt;

export async function hashPassword(password: string, kdf: ScryptKdf = platformKdf): Promise<string> {
  const salt = randomBytes(SCRYPT_PARAMS.saltLength);
  const key = await kdf(password.normalize("NFKC"), salt, SCRYPT_PARAMS, SCRYPT_PARAMS.dkLen);
  const { logN, r, p } = SCRYPT_PARAMS;
  return `$scrypt$ln=${logN},r=${r},p=${p}$${toBase64Url(salt)}$${toBase64Url(key)}`;
}

export type ParsedHash = Params & { salt: Uint8Array; key: Uint8Array };

export function parsePasswordHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (params.logN < 1 || params.r < 1 || params.p < 1 || 128 * params.r * 2 ** params.logN > SCRYPT_MAX_MEMORY_BYTES)
    return null;
  return { ...params, salt: fromBase64Url(salt!), key: fromBase64Url(key!) };
}

export async function verifyPassword(password: string, stored: string, kdf: ScryptKdf = platformKdf): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await kdf(password.normalize("NFKC"), parsed.salt, parsed, parsed.key.length);
  return constantTimeEqual(key, parsed.key);
}

/**
 * A valid hash of a random password, verified against when no account matches, so an unknown
 * e-mail costs the same time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(toBase64Url(randomBytes(16)));
  return dummyHash;
}
