/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; ADR 0035). A
 * successful sign-in gives the browser an entry bound to the account by an HMAC; a sign-in that
 * presents a valid entry for its account comes from a trusted device, which the per-account
 * lockout caused by untrusted clients does not hold (worker/services/_shared/rate-limit.ts counts
 * its failures on the device instead). Nothing here signs anyone in: the password is still needed.
 *
 * The cookie holds up to `maxAccounts` entries `<nonce>.<issued at, Unix seconds>.<tag>`, joined
 * by `~`, newest first; tag = base64url(HMAC-SHA-256(DEVICE_COOKIE_SECRET, role, e-mail, nonce,
 * issued at)). The server keeps no row per device: the nonce names the device's failure counter.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { RoleValue } from "#shared/auth.ts";
import type { AppConfig } from "../config.ts";
import { readCookie } from "./cookie.ts";
import { constantTimeEqualText, randomBytes, toBase64Url } from "./crypto.ts";
import { normalizeEmail } from "./users.ts";

export const DEVICE_COOKIE = {
  /** A browser stays trusted for an account this long after its last sign-in with it. */
  maxAgeSeconds: 180 * 24 * 60 * 60,
  /** Accounts one browser is trusted for at once: a shared office computer, a parent who is also a school admin. */
  maxAccounts: 5,
} as const;

/** Whom an entry is for: the account a sign-in names (role and e-mail), known before any lookup. */
export type DeviceAccount = { role: RoleValue; email: string };

type Entry = { nonce: string; issuedAt: number; tag: string };

const ENTRY = /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/;
const encoder = new TextEncoder();

/** `__Host-` requires Secure, so plain http://localhost uses the unprefixed name (as the session cookie does). */
export function deviceCookieName(config: Pick<AppConfig, "secureCookies">): string {
  return config.secureCookies ? "__Host-schoolride_device" : "schoolride_device";
}

/** HttpOnly, SameSite=Lax, Path=/, Secure except on http://localhost, kept for `maxAgeSeconds`. */
export function serializeDeviceCookie(config: Pick<AppConfig, "secureCookies">, value: string): string {
  const parts = [`${deviceCookieName(config)}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (config.secureCookies) parts.push("Secure");
  parts.push(`Max-Age=${DEVICE_COOKIE.maxAgeSeconds}`);
  return parts.join("; ");
}

export function readDeviceCookie(
  config: Pick<AppConfig, "secureCookies">,
  cookieHeader: string | null | undefined,
): string | null {
  return readCookie(cookieHeader, deviceCookieName(config));
}

function tagOf(secret: string, account: DeviceAccount, nonce: string, issuedAt: number): string {
  const message = `schoolride-device-v1\n${account.role}\n${normalizeEmail(account.email)}\n${nonce}\n${issuedAt}`;
  return toBase64Url(hmac(sha256, encoder.encode(secret), encoder.encode(message)));
}

/** The well-formed entries of a cookie that are not expired (at most `maxAccounts` are read). */
function liveEntries(value: string | null, now: Date): Entry[] {
  if (!value) return [];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const entries: Entry[] = [];
  for (const part of value.split("~", DEVICE_COOKIE.maxAccounts)) {
    const match = ENTRY.exec(part);
    if (!match) continue;
    const issuedAt = Number(match[2]);
    if (issuedAt > nowSeconds || nowSeconds >= issuedAt + DEVICE_COOKIE.maxAgeSeconds) continue;
    entries.push({ nonce: match[1]!, issuedAt, tag: match[3]! });
  }
  return entries;
}

function isFor(secret: string, entry: Entry, account: DeviceAccount): boolean {
  return constantTimeEqualText(entry.tag, tagOf(secret, account, entry.nonce, entry.issuedAt));
}

/**
 * The nonce of this browser's valid, unexpired entry for the account, or null: a forged or altered
 * entry, another account's, an expired one or one signed with another secret is no entry at all.
 */
export function trustedDeviceNonce(
  secret: string,
  value: string | null,
  account: DeviceAccount,
  now: Date,
): string | null {
  return liveEntries(value, now).find((entry) => isFor(secret, entry, account))?.nonce ?? null;
}

/**
 * The cookie after a successful sign-in: a new entry for this account (a new nonce, so a fresh
 * failure budget), then the browser's live entries for other accounts, newest first.
 */
export function deviceCookieAfterSignIn(
  secret: string,
  value: string | null,
  account: DeviceAccount,
  now: Date,
): string {
  const nonce = toBase64Url(randomBytes(16));
  const issuedAt = Math.floor(now.getTime() / 1000);
  const others = liveEntries(value, now).filter((entry) => !isFor(secret, entry, account));
  return [{ nonce, issuedAt, tag: tagOf(secret, account, nonce, issuedAt) }, ...others]
    .slice(0, DEVICE_COOKIE.maxAccounts)
    .map((entry) => `${entry.nonce}.${entry.issuedAt}.${entry.tag}`)
    .join("~");
}
