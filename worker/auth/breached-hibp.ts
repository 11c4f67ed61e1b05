/**
 * Have I Been Pwned's Pwned Passwords range API, with k-anonymity: only the first 5 hex digits of
 * the password's SHA-1 leave the server; the suffixes that come back are compared here. Padding
 * (`Add-Padding: true`) hides how many real suffixes the prefix has. The check is advisory
 * infrastructure: a slow or failing API never blocks a password change (it fails open, logged).
 */
import { bytesToHex } from "@noble/hashes/utils.js";
import type { AppConfig } from "../config.ts";
import type { Logger } from "../deps.ts";

/** Answers whether a password appears in a breach corpus. */
export type PwnedPasswords = { isPwned(password: string): Promise<boolean> };

export const HIBP_RANGE_URL = "https://api.pwnedpasswords.com/range/";
/** Past this the check gives up and allows the password. */
export const HIBP_TIMEOUT_MS = 1_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

async function sha1Hex(value: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(value)))).toUpperCase();
}

/** True when `suffix` is listed with a positive count (padding rows have a count of 0). */
export function rangeHasSuffix(body: string, suffix: string): boolean {
  for (const line of body.split("\n")) {
    const [candidate, count] = line.trim().split(":");
    if (candidate?.toUpperCase() === suffix && Number(count) > 0) return true;
  }
  return false;
}

/** The production client. `fetch` is injected (tests stub it); it is called unbound, as workerd requires. */
export function hibpPwnedPasswords(deps: { fetch: Fetch; logger: Logger; timeoutMs?: number }): PwnedPasswords {
  const { fetch, logger, timeoutMs = HIBP_TIMEOUT_MS } = deps;
  return {
    async isPwned(password) {
      const hash = await sha1Hex(password);
      const prefix = hash.slice(0, 5);
      try {
        const response = await fetch(`${HIBP_RANGE_URL}${prefix}`, {
          headers: { "Add-Padding": "true", "User-Agent": "SchoolRide-password-check" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return rangeHasSuffix(await response.text(), hash.slice(5));
      } catch (error) {
        // Never the password or its hash in the log.
        logger.warn("pwned passwords check failed; password allowed", {
          reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
        return false;
      }
    },
  };
}

/** Local mode and tests: no network. Answers from a fixed list (empty: "not found" for everything). */
export function stubPwnedPasswords(pwned: readonly string[] = []): PwnedPasswords {
  const known = new Set(pwned);
  return { isPwned: async (password) => known.has(password) };
}

/** The API in production, the stub in local mode. */
export function pwnedPasswordsForConfig(
  config: Pick<AppConfig, "localMode">,
  deps: { logger: Logger; fetch?: Fetch },
): PwnedPasswords {
  if (config.localMode) return stubPwnedPasswords();
  return hibpPwnedPasswords({ logger: deps.logger, fetch: deps.fetch ?? ((input, init) => fetch(input, init)) });
}
