import type { AppConfig } from "../config.ts";
import type { SessionPolicy } from "./policy.ts";

/** `__Host-` requires Secure, so plain http://localhost uses the unprefixed name. */
export function sessionCookieName(config: Pick<AppConfig, "secureCookies">): string {
  return config.secureCookies ? "__Host-schoolride_session" : "schoolride_session";
}

/** HttpOnly, SameSite=Lax, Path=/, Secure except on http://localhost; Max-Age only for persistent sessions. */
export function serializeSessionCookie(
  config: Pick<AppConfig, "secureCookies">,
  token: string,
  policy: SessionPolicy,
): string {
  const parts = [`${sessionCookieName(config)}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (config.secureCookies) parts.push("Secure");
  if (policy.persistentCookie) parts.push(`Max-Age=${Math.floor(policy.absoluteMs / 1000)}`);
  return parts.join("; ");
}

export function serializeClearedSessionCookie(config: Pick<AppConfig, "secureCookies">): string {
  const parts = [`${sessionCookieName(config)}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (config.secureCookies) parts.push("Secure");
  return parts.join("; ");
}

/** Reads the session token from a Cookie header; the URL is never consulted. */
export function readSessionCookie(
  config: Pick<AppConfig, "secureCookies">,
  cookieHeader: string | null | undefined,
): string | null {
  return readCookie(cookieHeader, sessionCookieName(config));
}

/** The value of the first cookie of that name in a Cookie header, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || null;
  }
  return null;
}
