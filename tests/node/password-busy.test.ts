import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import {
  createPasswordSlots,
  PASSWORD_BUSY_RETRY_AFTER_SECONDS,
  type PasswordSlots,
} from "#worker/services/_shared/password-slots.ts";
import { AppError } from "#worker/services/errors.ts";
import { createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";

/**
 * ADR 0017: password work in flight is bounded; past the bound a request waits a moment at most,
 * then gets 503 with Retry-After, and nothing it would have written is written.
 */

let t: TestApp | undefined;
afterEach(() => t?.close());

/** Takes `count` slots until the returned function is called. */
function fillSlots(slots: PasswordSlots, count: number): () => Promise<void> {
  const releases: Array<() => void> = [];
  const runs = Array.from({ length: count }, () =>
    slots.run(() => new Promise<void>((resolve) => releases.push(resolve))),
  );
  return async () => {
    for (const release of releases) release();
    await Promise.all(runs);
  };
}

async function snapshot(app: TestApp) {
  const count = async (table: string) => {
    const result = await app.db.$client.execute(`select count(*) as n from ${table}`);
    return Number(result.rows[0]!.n);
  };
  const limits = await app.db.$client.execute("select key, count, streak, blocked_until from rate_limits order by key");
  return { sessions: await count("sessions"), audit: await count("audit_logs"), limits: JSON.stringify(limits.rows) };
}

describe("the bound on password hashing (ADR 0017)", () => {
  it("a login past the bound gets 503 with Retry-After and changes nothing; once a slot frees, it signs in", async () => {
    t = await createTestApp({ passwordSlots: { max: 2, maxWaitMs: 0 } });
    const user = await createUser(t.db, "school_admin");
    const before = await snapshot(t);
    const release = fillSlots(t.deps.passwordSlots, 2);
    expect(t.deps.passwordSlots.active).toBe(2);

    for (const password of [PASSWORD, "a wrong password"]) {
      const refused = await mutate(t.app, "auth.login", { role: "school_admin", email: user.email, password });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(PASSWORD_BUSY_RETRY_AFTER_SECONDS));
      expect(refused.error?.message).toBe(MESSAGES.serverBusy);
      expect(refused.error?.data).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        retryAfterSeconds: PASSWORD_BUSY_RETRY_AFTER_SECONDS,
      });
      expect(refused.setCookie).toBeNull();
    }
    // No session, no failed-attempt count, no spent token, no audit row.
    expect(await snapshot(t)).toEqual(before);

    await release();
    expect(t.deps.passwordSlots.active).toBe(0);
    const signedIn = await mutate(t.app, "auth.login", { role: "school_admin", email: user.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.setCookie).not.toBeNull();
  });

  it("SE6 confirming identity past the bound gets 503 and counts no attempt", async () => {
    t = await createTestApp({ passwordSlots: { max: 1, maxWaitMs: 0 } });
    const user = await createUser(t.db, "school_admin");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const before = await snapshot(t);
    const release = fillSlots(t.deps.passwordSlots, 1);
    const refused = await mutate(t.app, "auth.confirmIdentity", { password: "a wrong password" }, { cookie });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await snapshot(t)).toEqual(before);
    await release();
    expect((await mutate(t.app, "auth.confirmIdentity", { password: PASSWORD }, { cookie })).status).toBe(200);
  });

  it("a request waits for a slot that frees within the wait, and then proceeds", async () => {
    t = await createTestApp({ passwordSlots: { max: 1, maxWaitMs: 30_000 } });
    const user = await createUser(t.db, "parent");
    const release = fillSlots(t.deps.passwordSlots, 1);
    const login = mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await release();
    expect((await login).status).toBe(200);
  });

  it("AU2 a rate-limited login also says when to come back in Retry-After", async () => {
    t = await createTestApp();
    const user = await createUser(t.db, "parent");
    await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: "a wrong password" });
    const limited = await mutate(t.app, "auth.login", {
      role: "parent",
      email: user.email,
      password: "a wrong password",
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBe(limited.error?.data.retryAfterSeconds);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("password slots", () => {
  const busy = (error: unknown) =>
    error instanceof AppError && error.code === "SERVICE_UNAVAILABLE" && error.details?.retryAfterSeconds === 1;

  it("never runs more than `max` at once, hands slots over in order, and refuses past the waiting room", async () => {
    const slots = createPasswordSlots({ max: 2, maxWaitMs: 60_000, maxWaiting: 1 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates: Array<() => void> = [];
    const job = (n: number) =>
      slots.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return n;
      });
    const first = job(1);
    const second = job(2);
    const third = job(3);
    // Two run, one waits: a fourth finds the waiting room full and is refused at once.
    await expect(job(4)).rejects.toSatisfy(busy);
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    gates.shift()!();
    expect(await first).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual([1, 2, 3]);
    expect(slots.active).toBe(2);
    while (gates.length > 0) gates.shift()!();
    expect(await Promise.all([second, third])).toEqual([2, 3]);
    expect(peak).toBe(2);
    expect(slots.active).toBe(0);
  });

  it.each([0, 5])("with a wait of %i ms, a full bound refuses; work that fails frees its slot", async (maxWaitMs) => {
    const slots = createPasswordSlots({ max: 1, maxWaitMs });
    const release = fillSlots(slots, 1);
    await expect(slots.run(async () => "never")).rejects.toSatisfy(busy);
    await release();
    await expect(slots.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(slots.active).toBe(0);
    expect(await slots.run(async () => "ran")).toBe("ran");
  });
});
