import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, rateLimits } from "#db/schema/index.ts";
import {
  checkLogin,
  hitWindow,
  LOGIN_LIMITS,
  loginKeys,
  recordLoginFailure,
  takeWindowSlots,
} from "#worker/services/_shared/rate-limit.ts";
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
    const attempt = (password: string) =>
      mutate(t.app, "auth.login", { role: "parent", email: user.email, password }, { ip: freshIp() });
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
    expect(LOGIN_LIMITS.backoffSeconds).toEqual([1, 2, 4, 8, 16, 30, 60, 180, 300]);
  });

  it("caps failures at 100 per account per hour: the 101st attempt is refused even with the right password", async () => {
    const user = await createUser(t.db, "school_admin");
    const key = `login:account:school_admin:${user.email}`;
    // 99 earlier failures this hour, recorded as the login path records them.
    await t.db.insert(rateLimits).values({
      key,
      count: LOGIN_LIMITS.accountFailuresPerHour - 1,
      windowStart: t.clock.now(),
      streak: 0,
      updatedAt: t.clock.now(),
    });
    t.clock.advance(MINUTE);
    expect(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "school_admin", email: user.email, password: "wrong" },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(401);
    t.clock.advance(10 * MINUTE); // well past the backoff
    const capped = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: user.email, password: PASSWORD },
      { ip: freshIp() },
    );
    expect(capped.status).toBe(429);
    t.clock.advance(HOUR);
    expect(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "school_admin", email: user.email, password: PASSWORD },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(200);
  });

  it("counts 50 parallel failures exactly (atomic upserts, no lost updates)", async () => {
    const keys = loginKeys("parent", "target@example.com", "198.18.1.1");
    await Promise.all(Array.from({ length: 50 }, () => recordLoginFailure(t.db, keys, t.clock.now())));
    const [account] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, keys.account));
    const [pair] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, keys.pair));
    const [ip] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, keys.ip));
    expect(account).toMatchObject({ count: 50, streak: 50 });
    expect(pair).toMatchObject({ count: 50, streak: 50 });
    // One account failed from this address: one distinct account, however many parallel failures.
    expect(ip).toMatchObject({ count: 1 });
    // The backoff follows the streak: 50 failures → the longest step.
    expect(account!.blockedUntil!.getTime() - t.clock.now().getTime()).toBe(300_000);
  });

  it("every counted failure through the login path is audited once", async () => {
    const user = await createUser(t.db, "parent");
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        mutate(t.app, "auth.login", { role: "parent", email: user.email, password: `wrong ${i}` }, { ip: freshIp() }),
      ),
    );
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:account:parent:${user.email}`));
    const audited = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "failed_login"));
    expect(row!.count).toBe(audited.length);
    expect(audited.length).toBeGreaterThan(0);
  });

  it("AU2 ten failures for other accounts from a shared IP do not block a correct sign-in", async () => {
    const ip = freshIp();
    // Nine neighbours mistype their passwords (as the login path records it), a tenth through the app.
    for (let i = 0; i < 9; i++)
      await recordLoginFailure(t.db, loginKeys("parent", `neighbour${i}@example.com`, ip), t.clock.now());
    expect(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "parent", email: "neighbour9@example.com", password: "guess" },
          { ip },
        )
      ).status,
    ).toBe(401);
    const user = await createUser(t.db, "parent");
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip })).status,
    ).toBe(200);
  });

  it(`AU2 ${LOGIN_LIMITS.pairFailureStreak} failures of one account from one address block that pair for 10 minutes, not the account elsewhere`, async () => {
    const ip = freshIp();
    const user = await createUser(t.db, "parent");
    const keys = loginKeys("parent", user.email, ip);
    for (let i = 0; i < LOGIN_LIMITS.pairFailureStreak - 1; i++) await recordLoginFailure(t.db, keys, t.clock.now());
    t.clock.advance(301_000); // past any account backoff
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: "wrong" }, { ip })).status,
    ).toBe(401);
    t.clock.advance(301_000);
    // The account's backoff is over; this address is still blocked for this account only.
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip })).status,
    ).toBe(429);
    const neighbour = await createUser(t.db, "parent");
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: neighbour.email, password: PASSWORD }, { ip }))
        .status,
    ).toBe(200);
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip: freshIp() }))
        .status,
    ).toBe(200);
  });

  it("AU2 credential stuffing across many accounts from one IP is blocked", async () => {
    const ip = freshIp();
    // Distinct accounts failing from the address, in parallel: each is counted once.
    await Promise.all(
      Array.from({ length: LOGIN_LIMITS.ipDistinctAccounts - 1 }, (_, i) =>
        recordLoginFailure(t.db, loginKeys("parent", `stuffed${i}@example.com`, ip), t.clock.now()),
      ),
    );
    const [counted] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:ip:${ip}`));
    expect(counted!.count).toBe(LOGIN_LIMITS.ipDistinctAccounts - 1);
    expect(counted!.blockedUntil).toBeNull();
    // The last one through the login path tips it over.
    const last = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: "stuffed-last@example.com", password: "guess" },
      { ip },
    );
    expect(last.status).toBe(401);
    const user = await createUser(t.db, "parent");
    const blocked = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: user.email, password: PASSWORD },
      { ip },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.error?.data.retryAfterSeconds).toBe(LOGIN_LIMITS.ipBlockMs / 1000);
    // Another address is unaffected; this one is free again after the block.
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip: freshIp() }))
        .status,
    ).toBe(200);
    t.clock.advance(LOGIN_LIMITS.ipBlockMs + 1_000);
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD }, { ip })).status,
    ).toBe(200);
  });

  it(`allows a burst of ${LOGIN_LIMITS.ipBurst} attempts per address, refilling one per second`, async () => {
    const ip = freshIp();
    // Each check spends a token, as every sign-in attempt does before its password is looked at.
    for (let i = 0; i < LOGIN_LIMITS.ipBurst; i++) {
      expect((await checkLogin(t.db, loginKeys("parent", `n${i}@example.com`, ip), t.clock.now())).allowed).toBe(true);
    }
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: "next@example.com", password: "x" }, { ip })).status,
    ).toBe(429);
    t.clock.advance(2_000);
    expect(
      (await mutate(t.app, "auth.login", { role: "parent", email: "later@example.com", password: "x" }, { ip })).status,
    ).toBe(401);
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

describe("window slots (all or nothing)", () => {
  it("of 20 parallel takers of a 3-slot window exactly 3 get a slot, and the refused ones are not counted", async () => {
    const now = t.clock.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => takeWindowSlots(t.db, [{ key: "w", windowMs: MINUTE, max: 3 }], now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "w"));
    expect(row!.count).toBe(3);
  });

  it("a refusal by a later window gives back the slots taken in the earlier ones", async () => {
    const now = t.clock.now();
    const full = { key: "full", windowMs: MINUTE, max: 1 };
    expect((await takeWindowSlots(t.db, [full], now)).allowed).toBe(true);
    const refused = await takeWindowSlots(t.db, [{ key: "roomy", windowMs: MINUTE, max: 5 }, full], now);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    const [roomy] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "roomy"));
    expect(roomy!.count).toBe(0);
  });
});
