import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  HIBP_RANGE_URL,
  HIBP_TIMEOUT_MS,
  hibpPwnedPasswords,
  pwnedPasswordsForConfig,
  rangeHasSuffix,
} from "#worker/auth/breached-hibp.ts";
import { loadConfig } from "#worker/config.ts";
import { memoryLogger } from "../support/harness.ts";

const PASSWORD = "Blue bus at eight, 2026";
const SHA1 = createHash("sha1").update(PASSWORD, "utf8").digest("hex").toUpperCase();
const PREFIX = SHA1.slice(0, 5);
const SUFFIX = SHA1.slice(5);

type Call = { url: string; init: RequestInit };

/** A fetch that records what it was sent and answers with `respond`. */
function recordingFetch(respond: (call: Call) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return respond(call);
  };
  return { calls, fetch };
}

/** A range body as the API sends it with padding: CRLF lines, padding rows with a count of 0. */
function rangeBody(rows: [string, number][]): string {
  return rows.map(([suffix, count]) => `${suffix}:${count}`).join("\r\n");
}

const OTHER_SUFFIX = "0".repeat(35);

describe("Have I Been Pwned range client (PW3)", () => {
  it("PW3 HIBP: only the 5-character SHA-1 prefix leaves, with the padding header and a timeout", async () => {
    const { calls, fetch } = recordingFetch(() => new Response(rangeBody([[OTHER_SUFFIX, 3]])));
    const logger = memoryLogger();
    expect(await hibpPwnedPasswords({ fetch, logger }).isPwned(PASSWORD)).toBe(false);
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe(`${HIBP_RANGE_URL}${PREFIX}`);
    expect(url).toBe(`https://api.pwnedpasswords.com/range/${PREFIX}`);
    const headers = new Headers(init.headers);
    expect(headers.get("Add-Padding")).toBe("true");
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.method ?? "GET").toBe("GET");
    expect(init.body).toBeUndefined();
    const sent = JSON.stringify({ url, headers: [...headers] });
    expect(sent).not.toContain(SUFFIX);
    expect(sent).not.toContain(SHA1.slice(0, 6));
    expect(sent).not.toContain(PASSWORD);
    expect(HIBP_TIMEOUT_MS).toBe(1_000);
    expect(logger.lines).toEqual([]);
  });

  it("PW3 HIBP: a hit is refused; padding rows (count 0) and other suffixes are not hits", async () => {
    const logger = memoryLogger();
    const hit = recordingFetch(
      () =>
        new Response(
          rangeBody([
            [OTHER_SUFFIX, 12],
            [SUFFIX, 4],
            ["F".repeat(35), 0],
          ]),
        ),
    );
    expect(await hibpPwnedPasswords({ fetch: hit.fetch, logger }).isPwned(PASSWORD)).toBe(true);
    // Suffixes compare case-insensitively.
    const lower = recordingFetch(() => new Response(rangeBody([[SUFFIX.toLowerCase(), 1]])));
    expect(await hibpPwnedPasswords({ fetch: lower.fetch, logger }).isPwned(PASSWORD)).toBe(true);
    const padding = recordingFetch(
      () =>
        new Response(
          rangeBody([
            [SUFFIX, 0],
            [OTHER_SUFFIX, 9],
          ]),
        ),
    );
    expect(await hibpPwnedPasswords({ fetch: padding.fetch, logger }).isPwned(PASSWORD)).toBe(false);
    expect(rangeHasSuffix("", SUFFIX)).toBe(false);
    expect(rangeHasSuffix("garbage\nmore:garbage", SUFFIX)).toBe(false);
  });

  it("PW3 HIBP: a timeout fails open and logs a warning without the password or its hash", async () => {
    const logger = memoryLogger();
    // Never answers; only the abort signal ends the request.
    const { fetch } = recordingFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal!.addEventListener("abort", () => reject(init.signal!.reason));
        }),
    );
    expect(await hibpPwnedPasswords({ fetch, logger, timeoutMs: 5 }).isPwned(PASSWORD)).toBe(false);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toContain("pwned passwords check failed; password allowed");
    expect(logger.lines[0]).toContain("TimeoutError");
    expect(logger.lines[0]).not.toContain(PASSWORD);
    expect(logger.lines[0]).not.toContain(PREFIX);
  });

  it("PW3 HIBP: a network error or an error status fails open and logs", async () => {
    const logger = memoryLogger();
    const offline = recordingFetch(() => Promise.reject(new TypeError("fetch failed")));
    expect(await hibpPwnedPasswords({ fetch: offline.fetch, logger }).isPwned(PASSWORD)).toBe(false);
    const limited = recordingFetch(() => new Response("slow down", { status: 429 }));
    expect(await hibpPwnedPasswords({ fetch: limited.fetch, logger }).isPwned(PASSWORD)).toBe(false);
    expect(logger.lines).toHaveLength(2);
    expect(logger.lines[0]).toContain("fetch failed");
    expect(logger.lines[1]).toContain("HTTP 429");
  });

  it("PW3 HIBP: off in local mode (no request at all), on in production", async () => {
    const logger = memoryLogger();
    const local = recordingFetch(() => new Response(rangeBody([[SUFFIX, 100]])));
    expect(await pwnedPasswordsForConfig(loadConfig({}), { logger, fetch: local.fetch }).isPwned(PASSWORD)).toBe(false);
    expect(local.calls).toHaveLength(0);

    const production = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_x_connect",
      RESEND_API_KEY: "re_x",
      RESEND_WEBHOOK_SECRET: "whsec_y",
      STRIPE_PRICE_STARTER: "price_s",
      STRIPE_PRICE_PROFESSIONAL: "price_p",
      STRIPE_PRICE_ENTERPRISE: "price_e",
      DATABASE_URL: "libsql://x.turso.io",
      DEVICE_COOKIE_SECRET: "device-cookie-secret-of-the-test-suite",
      VAPID_PUBLIC_KEY: "BHzaghuMgJEGtzpJ81xY7quoD92A-1iOrhm61QB-pLSQ7P-NxiA40x6aJf58bl6GHZ62AAQQPP3zBSi36bT9agQ",
      VAPID_PRIVATE_KEY: "Sj5l6jjGSzb6oFPplE920Rp376M-mY2bANS-cSZZHOU",
    });
    const live = recordingFetch(() => new Response(rangeBody([[SUFFIX, 100]])));
    expect(await pwnedPasswordsForConfig(production, { logger, fetch: live.fetch }).isPwned(PASSWORD)).toBe(true);
    expect(live.calls).toHaveLength(1);
  });
});
