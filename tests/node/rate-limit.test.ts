import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, rateLimits } from "../../db/schema/index.ts";
import {
  hitWindow,
  LOGIN_ACCOUNT_FAILURES_PER_HOUR,
  LOGIN_BACKOFF_SECONDS,
  LOGIN_IP_BLOCK_MS,
  LOGIN_IP_BURST,
  LOGIN_IP_FAILURE_STREAK,
  loginKeys,
  recordLoginFailure,
} from "../../worker/auth/rate-limit.ts";
import { createUser, PASSWORD } from "../support/fixtures.ts";
import { createTestApp, HOUR, MINUTE, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

let ipCounter = 0;
const freshIp = () => `198.18.0.${++ipCounter}`;

describe("failed-login limits (AU2)", () => {
  it("backs off per account after each failure: 1, 2, 4 … seconds", async () => {
    const user = await createUser(t.db, "parent");
    const attempt = (password: string) => mutate(t.app, "auth.login", { role: "parent", email: user.email, password }, { ip: freshIp() });
    expect((await attempt("wrong one")).status).toBe(401);
    // Within a second of the failure, even the right password waits.
    const blocked = await attempt(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.error?.data.retryAfterSeconds).toBe(1);
    t.clock.advance(1_000);
    expect((await attempt("wrong two")).status).toBe(401);
    t.clock.advance(1_000);
    expect((await attempt(PASSWORD)).status).toBe(429); // second failure → 2 s
    t.clock.advance(1_000);
    expect((await attempt(PASSWORD)).status).toBe(200);
    expect(LOGIN_BACKOFF_SECONDS).toEqual([1, 2, 4, 8, 16, 30, 60, 180, 300]);
  });

  it("caps failures at 100 per account per hour: the 101st attempt is refused even with the right password", async () => {
    const user = await createUser(t.db, "school_admin");
    const key = `login:account:school_admin:${user.email}`;
    // 99 earlier failures this hour, recorded as the login path records them.
    await t.db.insert(rateLimits).values({ key, count: LOGIN_ACCOUNT_FAILURES_PER_HOUR - 1, windowStart: t.clock.now(), streak: 0, updatedAt: t.clock.now() });
    t.clock.advance(MINUTE);
    expect((await mutate(t.app, "auth.login", { role: "school_admin", email: user.email, password: "wrong" }, { ip: freshIp() })).status).toBe(401);
    t.clock.advance(10 * MINUTE); // well past the backoff
    const capped = await mutate(t.app, "auth.login", { role: "school_admin", email: user.email, password: PASSWORD }, { ip: freshIp() });
    expect(capped.status).toBe(429);
    t.clock.advance(HOUR);
    expect((await mutate(t.app, "auth.login", { role: "school_admin", email: user.email, password: PASSWORD }, { ip: freshIp() })).status).toBe(200);
  });

  it("counts 50 parallel failures exactly (atomic upserts, no lost updates)", async () => {
    const keys = loginKeys("parent", "target@example.com", "198.18.1.1");
    await Promise.all(Array.from({ length: 50 }, () => recordLoginFailure(t.db, keys, t.clock.now())));
    const [account] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, keys.account));
    const [ip] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, keys.ip));
    expect(account).toMatchObject({ count: 50, streak: 50 });
    expect(ip).toMatchObject({ count: 50, streak: 50 });
    // The backoff follows the streak: 50 failures → the longest step.
    expect(account!.blockedUntil!.getTime() - t.clock.now().getTime()).toBe(300_000);
  });

  it("every counted failure through the login path is audited once", async () => {
    const user = await createUser(t.db, "parent");
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => mutate(t.app, "auth.login", { role: "parent", email: user.email, password: `wrong ${i}` }, { ip: freshIp() })),
    );
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, `login:account:parent:${user.email}`));
    const audited = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "failed_login"));
    expect(row!.count).toBe(audited.length);
    expect(audited.length).toBeGreaterThan(0);
  });

  it(`blocks an address for 10 minutes after ${LOGIN_IP_FAILURE_STREAK} failures in a row, across accounts`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_IP_FAILURE_STREAK; i++) {
      const victim = `victim${i}@example.com`;
      expect((await mutate(t.app, "auth.login", { role: "parent", email: victim, password: "guess" }, { ip })).status).toBe(401);
    }
    const user = await createUser(t.db, "parent");
    expect((await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip })).status).toBe(429);
    // Another address is unaffected.
    expect((await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip: freshIp() })).status).toBe(200);
    t.clock.advance(LOGIN_IP_BLOCK_MS);
    t.clock.advance(1_000);
    expect((await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip })).status).toBe(200);
  });

  it(`allows a burst of ${LOGIN_IP_BURST} attempts per address, refilling one per second`, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_IP_BURST + 1; i++) {
      // Empty passwords are refused by validation before the limiter; use a real attempt.
      const response = await mutate(t.app, "auth.login", { role: "parent", email: `n${i}@example.com`, password: "x" }, { ip });
      statuses.push(response.status);
      // Successes would reset streaks; unknown accounts keep failing, so stay under the streak block
      // by moving the clock only a little (the burst refills 1/s).
      if (i % 5 === 4) await t.db.update(rateLimits).set({ streak: 0 }).where(eq(rateLimits.key, `login:ip:${ip}`));
    }
    expect(statuses.slice(0, LOGIN_IP_BURST).every((status) => status === 401)).toBe(true);
    expect(statuses[LOGIN_IP_BURST]).toBe(429);
    t.clock.advance(2_000);
    expect((await mutate(t.app, "auth.login", { role: "parent", email: "later@example.com", password: "x" }, { ip })).status).toBe(401);
  });
});

describe("fixed-window limiter", () => {
  it("allows max events per window, then refuses until the window ends", async () => {
    const now = t.clock.now();
    for (let i = 0; i < 3; i++) expect((await hitWindow(t.db, "k", now, MINUTE, 3)).allowed).toBe(true);
    const refused = await hitWindow(t.db, "k", new Date(now.getTime() + 30_000), MINUTE, 3);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await hitWindow(t.db, "k", new Date(now.getTime() + MINUTE), MINUTE, 3)).allowed).toBe(true);
  });
});
