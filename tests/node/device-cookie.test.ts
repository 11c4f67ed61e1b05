/**
 * AU2, device cookies against targeted lockout (ADR 0035): a stranger's wrong passwords hold the
 * account for untrusted clients only; the owner's browser, trusted by a device cookie from an
 * earlier sign-in, is held by its own failure budget instead.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, rateLimits } from "#db/schema/index.ts";
import {
  DEVICE_COOKIE,
  deviceCookieAfterSignIn,
  readDeviceCookie,
  serializeDeviceCookie,
  trustedDeviceNonce,
} from "#worker/auth/device-cookie.ts";
import { loadConfig } from "#worker/config.ts";
import { LOGIN_LIMITS } from "#worker/services/_shared/rate-limit.ts";
import { createUser, PASSWORD } from "../support/fixtures.ts";
import { createTestApp, DAY, MINUTE, type TestApp } from "../support/harness.ts";
import { cookieFrom, mutate } from "../support/http.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, "school_admin");
});
afterEach(() => t.close());

const OWNER = "198.51.100.7";
const ELSEWHERE = "192.0.2.200";
let strangers = 0;

/** A sign-in to the admin's account from an address, with a Cookie header or none. */
function signIn(password: string, ip: string, cookie?: string) {
  return mutate(
    t.app,
    "auth.login",
    { role: "school_admin", email: admin.email, password },
    { ip, ...(cookie ? { cookie } : {}) },
  );
}

/** The owner signs in from their usual address; the browser keeps the device cookie it is given. */
async function ownersDeviceCookie(): Promise<string> {
  const response = await signIn(PASSWORD, OWNER);
  expect(response.status).toBe(200);
  return cookieFrom(response.deviceCookie);
}

/**
 * A stranger who knows the admin's e-mail guesses from an address of their own, each guess as
 * soon as the backoff lets them, until a wrong guess holds the account for the longest step (300 s).
 */
async function strangerLocksTheAccount() {
  const address = `203.0.113.${++strangers}`;
  const longest = LOGIN_LIMITS.backoffSeconds.at(-1)! * 1000;
  for (let guesses = 0; ; guesses++) {
    expect(guesses).toBeLessThan(2 * LOGIN_LIMITS.backoffSeconds.length);
    const guess = await signIn("a stranger's guess", address);
    if (guess.status === 429) {
      t.clock.advance(guess.error!.data.retryAfterSeconds! * 1000);
      continue;
    }
    expect(guess.status).toBe(401);
    const [account] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:account:school_admin:${admin.email}`));
    const heldMs = account!.blockedUntil!.getTime() - t.clock.now().getTime();
    if (heldMs >= longest) break;
    t.clock.advance(heldMs);
  }
  // Locked for anyone without a device cookie, from any address.
  const untrusted = await signIn(PASSWORD, ELSEWHERE);
  expect(untrusted.status).toBe(429);
  expect(untrusted.error?.data.retryAfterSeconds).toBe(longest / 1000);
}

describe("device cookies against targeted lockout (AU2)", () => {
  it("AU2 a stranger's wrong passwords lock the account for untrusted clients, and the owner's browser with a device cookie from an earlier sign-in still signs in from another address", async () => {
    const device = await ownersDeviceCookie();
    await strangerLocksTheAccount();

    expect((await signIn(PASSWORD, OWNER)).status).toBe(429); // the owner's address alone earns nothing
    expect((await signIn(PASSWORD, OWNER, device)).status).toBe(200);
    expect((await signIn(PASSWORD, ELSEWHERE, device)).status).toBe(200);
    // The owner's sign-ins end neither the stranger's backoff nor the lock of untrusted clients.
    expect((await signIn(PASSWORD, ELSEWHERE)).status).toBe(429);
    expect((await signIn("another guess", `203.0.113.${strangers}`)).status).toBe(429);
  });

  it("AU2 the hourly cap holds untrusted clients only", async () => {
    const device = await ownersDeviceCookie();
    const now = t.clock.now();
    await t.db.insert(rateLimits).values({
      key: `login:account:school_admin:${admin.email}`,
      count: LOGIN_LIMITS.accountFailuresPerHour,
      windowStart: now,
      streak: 0,
      updatedAt: now,
    });
    expect((await signIn(PASSWORD, ELSEWHERE)).status).toBe(429);
    expect((await signIn(PASSWORD, OWNER, device)).status).toBe(200);
  });

  it("AU2 a forged, altered, other account's, other role's, other secret's or expired device cookie gives no exemption", async () => {
    const device = await ownersDeviceCookie();
    const other = await createUser(t.db, "school_admin");
    const othersDevice = cookieFrom(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "school_admin", email: other.email, password: PASSWORD },
          { ip: OWNER },
        )
      ).deviceCookie,
    );
    const [name, value] = device.split("=") as [string, string];
    const [nonce, issuedAt, tag] = value.split(".") as [string, string, string];
    const secret = t.deps.config.deviceCookieSecret;
    const now = t.clock.now();
    const refused = {
      invented: `${name}=AAAAAAAAAAAAAAAAAAAAAA.${issuedAt}.${"A".repeat(43)}`,
      "altered tag": `${name}=${nonce}.${issuedAt}.${tag.slice(0, -1)}${tag.endsWith("A") ? "B" : "A"}`,
      "altered date": `${name}=${nonce}.${Number(issuedAt) + 1}.${tag}`,
      "another nonce": `${name}=${"B".repeat(22)}.${issuedAt}.${tag}`,
      "another account's": othersDevice,
      "another role's": `${name}=${deviceCookieAfterSignIn(secret, null, { role: "parent", email: admin.email }, now)}`,
      "another secret's": `${name}=${deviceCookieAfterSignIn("another secret, also 32 characters or more", null, admin, now)}`,
      "another cookie name": `__Host-schoolride_device=${value}`,
    };
    await strangerLocksTheAccount();
    const exempted = [];
    for (const [kind, cookie] of Object.entries(refused))
      if ((await signIn(PASSWORD, OWNER, cookie)).status !== 429) exempted.push(kind);
    expect(exempted).toEqual([]);
    expect((await signIn(PASSWORD, OWNER, device)).status).toBe(200);
  });

  it(`AU2 a device cookie expires ${DEVICE_COOKIE.maxAgeSeconds / 86_400} days after the sign-in that gave it`, async () => {
    const device = await ownersDeviceCookie();
    t.clock.advance(DEVICE_COOKIE.maxAgeSeconds * 1000 - DAY);
    await strangerLocksTheAccount();
    const stillTrusted = await signIn(PASSWORD, OWNER, device);
    expect(stillTrusted.status).toBe(200);

    const renewed = cookieFrom(stillTrusted.deviceCookie);
    t.clock.advance(DEVICE_COOKIE.maxAgeSeconds * 1000);
    await strangerLocksTheAccount();
    expect((await signIn(PASSWORD, OWNER, renewed)).status).toBe(429);
  });

  it(`AU2 a trusted device has its own budget: ${LOGIN_LIMITS.deviceFailureStreak} failures in a row and its cookie is ignored for an hour, then one more failure ignores it again`, async () => {
    const device = await ownersDeviceCookie();
    // The owner mistypes on their own browser: no backoff, and no one else is held by it.
    for (let i = 0; i < LOGIN_LIMITS.deviceFailureStreak; i++)
      expect((await signIn(`my typo ${i}`, OWNER, device)).status).toBe(401);
    expect((await signIn(PASSWORD, ELSEWHERE)).status).toBe(200);
    const audited = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "failed_login"));
    expect(audited.map((row) => row.metadata)).toEqual(
      Array(LOGIN_LIMITS.deviceFailureStreak).fill(expect.objectContaining({ trustedDevice: true })),
    );

    // The budget is spent: the cookie counts for nothing while a stranger holds the account.
    await strangerLocksTheAccount();
    expect((await signIn(PASSWORD, OWNER, device)).status).toBe(429);

    // An hour later it is trusted again, but its streak goes on: one more failure ignores it again.
    t.clock.advance(LOGIN_LIMITS.deviceBlockMs);
    expect((await signIn("one more typo", OWNER, device)).status).toBe(401);
    await strangerLocksTheAccount();
    expect((await signIn(PASSWORD, OWNER, device)).status).toBe(429);
  });

  it("AU2 a correct password from the trusted device ends its streak", async () => {
    const device = await ownersDeviceCookie();
    for (let i = 0; i < LOGIN_LIMITS.deviceFailureStreak - 1; i++)
      expect((await signIn(`my typo ${i}`, OWNER, device)).status).toBe(401);
    expect((await signIn(PASSWORD, OWNER, device)).status).toBe(200);
    expect((await signIn("one more typo", OWNER, device)).status).toBe(401);
    await strangerLocksTheAccount();
    expect((await signIn(PASSWORD, OWNER, device)).status).toBe(200);
  });

  it("AU2 one browser is trusted for several accounts (a shared office computer), the last five signed in", async () => {
    const colleagues = await Promise.all(
      Array.from({ length: DEVICE_COOKIE.maxAccounts }, () => createUser(t.db, "school_admin")),
    );
    const signInAs = async (email: string, cookie: string) => {
      const response = await mutate(
        t.app,
        "auth.login",
        { role: "school_admin", email, password: PASSWORD },
        { ip: OWNER, cookie },
      );
      expect(response.status).toBe(200);
      return cookieFrom(response.deviceCookie);
    };
    let cookie = await ownersDeviceCookie();
    for (const colleague of colleagues.slice(0, -1)) cookie = await signInAs(colleague.email, cookie);
    expect(cookie.split("=")[1]!.split("~")).toHaveLength(DEVICE_COOKIE.maxAccounts);
    await strangerLocksTheAccount();
    expect((await signIn(PASSWORD, OWNER, cookie)).status).toBe(200);

    // A sixth account pushes out the entry signed in longest ago: the admin's.
    const full = await signInAs(colleagues.at(-1)!.email, cookie);
    expect(full.split("=")[1]!.split("~")).toHaveLength(DEVICE_COOKIE.maxAccounts);
    await strangerLocksTheAccount();
    expect((await signIn(PASSWORD, OWNER, full)).status).toBe(429);
  });
});

describe("the device cookie itself (AU2)", () => {
  it("AU2 is HttpOnly, SameSite=Lax, Path=/, long-lived, and __Host- and Secure on https", async () => {
    const local = (await signIn(PASSWORD, OWNER)).deviceCookie!;
    expect(local).toMatch(
      /^schoolride_device=[\w-]{22}\.\d+\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=15552000$/,
    );
    const https = loadConfig({ APP_URL: "https://app.schoolride.example" });
    expect(serializeDeviceCookie(https, "x")).toBe(
      "__Host-schoolride_device=x; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=15552000",
    );
    expect(readDeviceCookie(https, "schoolride_device=a; __Host-schoolride_device=b")).toBe("b");
  });

  it("AU2 a successful sign-in gives one, with a new nonce each time; a failed one gives none", async () => {
    expect((await signIn("wrong", OWNER)).deviceCookie).toBeNull();
    t.clock.advance(MINUTE);
    const secret = t.deps.config.deviceCookieSecret;
    const nonceOf = (setCookie: string | null) =>
      trustedDeviceNonce(secret, cookieFrom(setCookie).split("=")[1]!, admin, t.clock.now());
    const ok = await signIn(PASSWORD, OWNER);
    expect(nonceOf(ok.deviceCookie)).toMatch(/^[\w-]{22}$/);
    const again = await signIn(PASSWORD, OWNER, cookieFrom(ok.deviceCookie));
    expect(nonceOf(again.deviceCookie)).toMatch(/^[\w-]{22}$/);
    expect(nonceOf(again.deviceCookie)).not.toBe(nonceOf(ok.deviceCookie));
  });
});
