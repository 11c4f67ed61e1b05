import { scryptAsync } from "@noble/hashes/scrypt.js";
import { constantTimeEqual, fromBase64Url, randomBytes, toBase64Url } from "./crypto.ts";

/**
 * scrypt at OWASP strength: N=2^14, r=8, p=5 is OWASP's equivalent of N=2^17, r=8, p=1 and
 * needs 16 MiB instead of 128 MiB, which fits a Worker isolate. Pure JS (@noble/hashes), so it
 * runs unchanged in Node and workerd. Stored as `$scrypt$ln=14,r=8,p=5$<salt>$<hash>`.
 */
export const SCRYPT_PARAMS = { logN: 14, r: 8, p: 5, dkLen: 32, saltLength: 16 } as const;

type Params = { logN: number; r: number; p: number };

function derive(password: string, salt: Uint8Array, params: Params, dkLen: number): Promise<Uint8Array> {
  return scryptAsync(password.normalize("NFKC"), salt, { N: 2 ** params.logN, r: params.r, p: params.p, dkLen });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT_PARAMS.saltLength);
  const key = await derive(password, salt, SCRYPT_PARAMS, SCRYPT_PARAMS.dkLen);
  const { logN, r, p } = SCRYPT_PARAMS;
  return `$scrypt$ln=${logN},r=${r},p=${p}$${toBase64Url(salt)}$${toBase64Url(key)}`;
}

export type ParsedHash = Params & { salt: Uint8Array; key: Uint8Array };

export function parsePasswordHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  return { logN: Number(logN), r: Number(r), p: Number(p), salt: fromBase64Url(salt!), key: fromBase64Url(key!) };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length);
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
