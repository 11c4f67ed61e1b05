import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessions } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { readSessionCookie, serializeSessionCookie } from "#worker/auth/cookie.ts";
import { sha256Hex } from "#worker/auth/crypto.ts";
import { REMEMBER_ME_POLICY, SESSION_POLICIES } from "#worker/auth/policy.ts";
import { createSession, invalidateUserSessions, validateSessionToken } from "#worker/auth/session.ts";
import { loadConfig } from "#worker/config.ts";
import { createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, DAY, HOUR, MINUTE, type TestApp } from "../support/harness.ts";
import { cookieFrom, mutate, query } from "../support/http.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("session tokens (SE1)", () => {
  it("are <id>.<secret> with a 32-byte secret, and only SHA-256(secret) is stored", async () => {
    const user = await createUser(t.db, "parent");
    const { token, session } = await createSession(t.db, {
      userId: user.id,
      role: "parent",
      remember: false,
      now: t.clock.now(),
    });
    const [id, secret] = token.split(".");
    expect(id).toBe(session.id);
    expect(secret).toMatch(/^[\w-]{43}$/); // 32 bytes, base64url
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id!));
    expect(row!.secretHash).toBe(await sha256Hex(secret!));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("are refused when the secret is wrong or the token is malformed", async () => {
    const user = await createUser(t.db, "parent");
    const { token } = await createSession(t.db, {
      userId: user.id,
      role: "parent",
      remember: false,
      now: t.clock.now(),
    });
    const [id] = token.split(".");
    expect(await validateSessionToken(t.db, `${id}.${"A".repeat(43)}`, t.clock.now())).toBeNull();
    expect(await validateSessionToken(t.db, `${token}.extra`, t.clock.now())).toBeNull();
    expect(await validateSessionToken(t.db, id!, t.clock.now())).toBeNull();
    expect(await validateSessionToken(t.db, token, t.clock.now())).not.toBeNull();
  });
});

describe("idle and absolute expiry per role (SE4)", () => {
  const roles: RoleValue[] = ["parent", "school_admin", "super_admin", "driver"];

  it.each(roles)("%s: the session dies after the idle limit without requests", async (role) => {
    const user = await createUser(t.db, role);
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const idle = SESSION_POLICIES[role].idleMs;
    t.clock.advance(idle - MINUTE);
    expect(((await query(t.app, "auth.me", undefined, { cookie })).data as { id: string }).id).toBe(user.id);
    // The request above refreshed last-seen, so another idle - 1 min is still fine...
    t.clock.advance(idle - MINUTE);
    expect((await query(t.app, "auth.me", undefined, { cookie })).data).not.toBeNull();
    // ...but a full idle period of silence ends it.
    t.clock.advance(idle + 1);
    expect((await query(t.app, "auth.me", undefined, { cookie })).data).toBeNull();
  });

  it.each(roles)("%s: the session dies at the absolute limit even when in constant use", async (role) => {
    const user = await createUser(t.db, role);
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const { idleMs, absoluteMs } = SESSION_POLICIES[role];
    const step = Math.floor(idleMs / 2);
    let elapsed = 0;
    while (elapsed + step < absoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      expect((await query(t.app, "auth.me", undefined, { cookie })).data).not.toBeNull();
    }
    t.clock.advance(absoluteMs - elapsed);
    const response = await query(t.app, "auth.me", undefined, { cookie });
    expect(response.data).toBeNull();
    // The dead cookie is cleared.
    expect(response.setCookie).toMatch(/Max-Age=0/);
  });

  it("has the limits of docs/security.md", () => {
    expect(SESSION_POLICIES.parent).toMatchObject({ idleMs: 7 * DAY, absoluteMs: 30 * DAY });
    expect(SESSION_POLICIES.school_admin).toMatchObject({ idleMs: HOUR, absoluteMs: 24 * HOUR });
    expect(SESSION_POLICIES.super_admin).toMatchObject({ idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR });
    expect(SESSION_POLICIES.driver).toMatchObject({ idleMs: 3 * DAY, absoluteMs: 14 * DAY, persistentCookie: true });
  });

  it("remember me makes a school admin's session longer and its cookie persistent", async () => {
    const admin = await createUser(t.db, "school_admin");
    const ip = "198.51.100.7";
    const normal = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: admin.email, password: PASSWORD },
      { ip },
    );
    const remembered = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: admin.email, password: PASSWORD, remember: true },
      { ip },
    );
    expect(normal.setCookie).not.toMatch(/Max-Age/);
    expect(remembered.setCookie).toMatch(new RegExp(`Max-Age=${REMEMBER_ME_POLICY.absoluteMs / 1000}`));
    t.clock.advance(2 * HOUR); // past the normal idle limit, inside remember me's
    expect((await query(t.app, "auth.me", undefined, { cookie: cookieFrom(normal.setCookie) })).data).toBeNull();
    expect(
      (await query(t.app, "auth.me", undefined, { cookie: cookieFrom(remembered.setCookie) })).data,
    ).not.toBeNull();
    expect(REMEMBER_ME_POLICY.absoluteMs).toBeGreaterThan(SESSION_POLICIES.school_admin.absoluteMs);
  });
});

describe("revocation (SE3, SE5)", () => {
  it("logout ends the session on the server: replaying the cookie is refused", async () => {
    const user = await createUser(t.db, "parent");
    const login = await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD });
    const cookie = cookieFrom(login.setCookie);
    expect((await query(t.app, "parent.overview", undefined, { cookie })).status).toBe(200);
    const logout = await mutate(t.app, "auth.logout", undefined, { cookie });
    expect(logout.setCookie).toMatch(/Max-Age=0/);
    const replay = await query(t.app, "parent.overview", undefined, { cookie });
    expect(replay.status).toBe(401);
  });

  it("a password change ends every session of the user, including other devices", async () => {
    const user = await createUser(t.db, "school_admin");
    const laptop = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const phone = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const changed = await mutate(
      t.app,
      "auth.changePassword",
      { currentPassword: PASSWORD, newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase" },
      { cookie: laptop.cookie },
    );
    expect(changed.status).toBe(200);
    expect((await query(t.app, "schoolAdmin.dashboard", undefined, { cookie: phone.cookie })).status).toBe(401);
    expect((await query(t.app, "schoolAdmin.dashboard", undefined, { cookie: laptop.cookie })).status).toBe(401);
    // The browser that changed it gets a fresh session.
    const fresh = cookieFrom(changed.setCookie);
    expect(fresh).not.toBe(laptop.cookie);
    expect((await query(t.app, "schoolAdmin.dashboard", undefined, { cookie: fresh })).status).toBe(200);
  });

  it("deactivating a user ends their access at once, and revocation deletes their sessions", async () => {
    const user = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const { parents } = await import("#db/schema/index.ts");
    await t.db.update(parents).set({ isActive: false }).where(eq(parents.id, user.id));
    expect((await query(t.app, "parent.overview", undefined, { cookie })).status).toBe(401);
    await invalidateUserSessions(t.db, "parent", user.id);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("SE5 the one-query session lookup gives nothing for a deactivated school, a deleted user or a role that is not the user's", async () => {
    const { parents, schools, superAdmins } = await import("#db/schema/index.ts");
    const parent = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    expect((await query(t.app, "auth.me", undefined, { cookie })).data).toMatchObject({
      id: parent.id,
      role: "parent",
      schoolId: parent.schoolId,
    });
    await t.db.update(schools).set({ isActive: false }).where(eq(schools.id, parent.schoolId!));
    expect((await query(t.app, "auth.me", undefined, { cookie })).data).toBeNull();

    const admin = await createUser(t.db, "super_admin");
    const adminSession = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    await t.db.delete(superAdmins).where(eq(superAdmins.id, admin.id));
    expect((await query(t.app, "auth.me", undefined, { cookie: adminSession.cookie })).data).toBeNull();

    // A session row naming a parent's id under another role finds no user of that role.
    const other = await createUser(t.db, "parent");
    const forged = await sessionCookieFor(t.db, t.deps.config, { id: other.id, role: "school_admin" }, t.clock.now());
    expect((await query(t.app, "auth.me", undefined, { cookie: forged.cookie })).data).toBeNull();
    expect(await t.db.select().from(parents).where(eq(parents.id, other.id))).toHaveLength(1);
  });

  it("every login creates a new session; the browser's previous one ends", async () => {
    const user = await createUser(t.db, "parent");
    const first = await mutate(t.app, "auth.login", { role: "parent", email: user.email, password: PASSWORD });
    const second = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: user.email, password: PASSWORD },
      { cookie: cookieFrom(first.setCookie) },
    );
    expect(cookieFrom(second.setCookie)).not.toBe(cookieFrom(first.setCookie));
    expect((await query(t.app, "auth.me", undefined, { cookie: cookieFrom(first.setCookie) })).data).toBeNull();
    expect((await query(t.app, "auth.me", undefined, { cookie: cookieFrom(second.setCookie) })).data).not.toBeNull();
  });
});

describe("session cookie (SE2)", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and not Secure on http://localhost", async () => {
    const user = await createUser(t.db, "super_admin");
    const login = await mutate(t.app, "auth.login", { role: "super_admin", email: user.email, password: PASSWORD });
    const cookie = login.setCookie!;
    expect(cookie).toMatch(/^schoolride_session=[\w-]+\.[\w-]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    // Super admin and (without remember me) school admin sessions end with the browser.
    expect(cookie).not.toContain("Max-Age");
  });

  it("is __Host- prefixed and Secure on https", () => {
    const config = loadConfig({ APP_URL: "https://app.schoolride.example" });
    const cookie = serializeSessionCookie(config, "id.secret", SESSION_POLICIES.parent);
    expect(cookie).toMatch(
      /^__Host-schoolride_session=id\.secret; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=2592000$/,
    );
    expect(readSessionCookie(config, "other=1; __Host-schoolride_session=id.secret")).toBe("id.secret");
    expect(readSessionCookie(config, "schoolride_session=id.secret")).toBeNull();
  });

  it("is never read from the URL", async () => {
    const user = await createUser(t.db, "parent");
    const { token } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const response = await t.app.request(`http://localhost:8787/api/trpc/auth.me?session=${token}`);
    expect(((await response.json()) as { result: { data: { json: unknown } } }).result.data.json).toBeNull();
  });
});
