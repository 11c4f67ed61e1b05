import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, parents, schoolAdmins, sessions } from "#db/schema/index.ts";
import { MESSAGES } from "#shared/messages.ts";
import { COMMON_PASSWORD_MESSAGE } from "#worker/auth/breached.ts";
import { CHANGE_PASSWORD_LIMIT } from "#worker/services/auth/account.ts";
import { PASSWORD_CHANGE_REQUIRED } from "#worker/trpc/init.ts";
import { createSchool, createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { cookieFrom, mutate, query } from "../support/http.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

let ipCounter = 0;
/** Each test gets its own address so per-IP limits do not leak between tests. */
const freshIp = () => `203.0.113.${++ipCounter}`;

describe("login", () => {
  it.each(["super_admin", "school_admin", "parent"] as const)(
    "%s signs in, gets a session cookie and their home",
    async (role) => {
      const user = await createUser(t.db, role, { email: `Someone.${role}@Example.com` });
      const response = await mutate(
        t.app,
        "auth.login",
        { role, email: `  someone.${role}@EXAMPLE.com `, password: PASSWORD },
        { ip: freshIp() },
      );
      expect(response.status).toBe(200);
      const data = response.data as { user: { id: string; role: string; lastLogin: Date }; home: string };
      expect(data.user).toMatchObject({ id: user.id, role });
      expect(data.home).toBe({ super_admin: "/super-admin", school_admin: "/school-admin", parent: "/parent" }[role]);
      expect(data.user.lastLogin).toEqual(t.clock.now());
      const me = await query(t.app, "auth.me", undefined, { cookie: cookieFrom(response.setCookie) });
      expect(me.data).toMatchObject({ id: user.id, email: user.email, role, mustChangePassword: false });
    },
  );

  it.each([
    ["super_admin", MESSAGES.invalidCredentials.super_admin, "Invalid super admin credentials. Access denied."],
    [
      "school_admin",
      MESSAGES.invalidCredentials.school_admin,
      "Invalid school admin credentials. Please check your email and password.",
    ],
    [
      "parent",
      MESSAGES.invalidCredentials.parent,
      "Invalid parent credentials. Please check your email, password, and school code.",
    ],
  ] as const)("%s: a wrong password gives the spec message", async (role, message, exact) => {
    expect(message).toBe(exact);
    const user = await createUser(t.db, role);
    const response = await mutate(
      t.app,
      "auth.login",
      { role, email: user.email, password: "wrong password" },
      { ip: freshIp() },
    );
    expect(response.status).toBe(401);
    expect(response.error?.message).toBe(exact);
    expect(response.setCookie).toBeNull();
  });

  it("an unknown e-mail gets exactly the same answer as a wrong password (AU1)", async () => {
    const user = await createUser(t.db, "school_admin");
    const wrong = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: user.email, password: "nope nope" },
      { ip: freshIp() },
    );
    const unknown = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: "nobody@example.com", password: "nope nope" },
      { ip: freshIp() },
    );
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.error).toEqual(wrong.error);
  });

  it("a user of one role cannot sign in on another role's page", async () => {
    const admin = await createUser(t.db, "school_admin");
    const response = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: admin.email, password: PASSWORD },
      { ip: freshIp() },
    );
    expect(response.error?.message).toBe(MESSAGES.invalidCredentials.parent);
  });

  it("inactive users and users of inactive schools are refused with the same message", async () => {
    const inactive = await createUser(t.db, "parent", { isActive: false });
    const closedSchool = await createSchool(t.db, { isActive: false });
    const orphan = await createUser(t.db, "parent", { schoolId: closedSchool.id });
    for (const user of [inactive, orphan]) {
      const response = await mutate(
        t.app,
        "auth.login",
        { role: "parent", email: user.email, password: PASSWORD },
        { ip: freshIp() },
      );
      expect(response.error?.message).toBe(MESSAGES.invalidCredentials.parent);
    }
  });

  it("parents may give their school's code (any case); a wrong code is refused", async () => {
    const school = await createSchool(t.db, { code: "MAPLE7" });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const ok = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: parent.email, password: PASSWORD, schoolCode: "maple7" },
      { ip: freshIp() },
    );
    expect(ok.status).toBe(200);
    const wrong = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: parent.email, password: PASSWORD, schoolCode: "OTHER1" },
      { ip: freshIp() },
    );
    expect(wrong.error?.message).toBe(MESSAGES.invalidCredentials.parent);
    // The raw school id is not a code (the old app compared the id).
    t.clock.advance(2_000); // past the backoff of the failure above
    const byId = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: parent.email, password: PASSWORD, schoolCode: school.id },
      { ip: freshIp() },
    );
    expect(byId.status).toBe(401);
  });

  it.each([
    [{ email: "", password: "something" }],
    [{ email: "a@b.c", password: "" }],
    [{ email: "   ", password: "" }],
  ])("missing fields give 'Please fill in all fields' and change nothing: %j", async (fields) => {
    const response = await mutate(t.app, "auth.login", { role: "parent", ...fields }, { ip: freshIp() });
    expect(response.status).toBe(400);
    expect(response.error?.message).toBe("Please fill in all fields");
    expect(await t.db.select().from(auditLogs)).toHaveLength(0);
  });

  it("unknown keys and roles are refused (no mass assignment)", async () => {
    const user = await createUser(t.db, "parent");
    const extra = await mutate(
      t.app,
      "auth.login",
      { role: "parent", email: user.email, password: PASSWORD, schoolId: "x" },
      { ip: freshIp() },
    );
    expect(extra.status).toBe(400);
    const role = await mutate(
      t.app,
      "auth.login",
      { role: "root", email: user.email, password: PASSWORD },
      { ip: freshIp() },
    );
    expect(role.status).toBe(400);
  });

  it("audits login, failed_login (with e-mail and role) and logout, never the password", async () => {
    const canary = "canary-Password-9137";
    const user = await createUser(t.db, "school_admin");
    await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: user.email, password: canary },
      { ip: "198.51.100.20", headers: { "user-agent": "TestAgent/1" } },
    );
    t.clock.advance(5_000);
    const ok = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: user.email, password: PASSWORD },
      { ip: "198.51.100.20" },
    );
    await mutate(t.app, "auth.logout", undefined, { cookie: cookieFrom(ok.setCookie) });

    const rows = await t.db.select().from(auditLogs).orderBy(auditLogs.createdAt, sql`rowid`);
    expect(rows.map((row) => row.eventType)).toEqual(["failed_login", "login", "logout"]);
    expect(rows[0]).toMatchObject({
      userRole: "school_admin",
      schoolId: user.schoolId,
      metadata: { email: user.email, role: "school_admin" },
      ipAddress: "198.51.100.20",
      userAgent: "TestAgent/1",
    });
    expect(rows[1]).toMatchObject({ userId: user.id, userRole: "school_admin" });
    expect(rows[2]).toMatchObject({ userId: user.id, eventType: "logout" });
    const everything = JSON.stringify(rows) + t.logger.lines.join("\n");
    expect(everything).not.toContain(canary);
    expect(everything).not.toContain(PASSWORD);
    const sessionSecret = cookieFrom(ok.setCookie).split(".")[1]!;
    expect(everything).not.toContain(sessionSecret);
    expect(JSON.stringify(await t.db.select().from(sessions))).not.toContain(sessionSecret);
  });
});

describe("change password", () => {
  it("refuses a wrong current password with 'Current password is incorrect'", async () => {
    const user = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const response = await mutate(
      t.app,
      "auth.changePassword",
      { currentPassword: "not it", newPassword: "new passphrase 1", confirmPassword: "new passphrase 1" },
      { cookie },
    );
    expect(response.error?.message).toBe("Current password is incorrect");
    const [row] = await t.db.select().from(parents).where(eq(parents.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it.each([
    [{ newPassword: "short", confirmPassword: "short" }, "Password must be at least 8 characters long"],
    [{ newPassword: "long enough one", confirmPassword: "long enough two" }, "Passwords do not match"],
    [{ newPassword: "", confirmPassword: "" }, "Password is required"],
  ])("validates the new password: %j → %s", async (fields, message) => {
    const user = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const response = await mutate(t.app, "auth.changePassword", { currentPassword: PASSWORD, ...fields }, { cookie });
    expect(response.status).toBe(400);
    expect(response.error?.message).toBe(message);
  });

  it("refuses a common password", async () => {
    const user = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const response = await mutate(
      t.app,
      "auth.changePassword",
      { currentPassword: PASSWORD, newPassword: "password123", confirmPassword: "password123" },
      { cookie },
    );
    expect(response.error?.message).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it("AU2 guessing the current password through a session is limited per user (CHANGE_PASSWORD_LIMIT)", async () => {
    const user = await createUser(t.db, "parent");
    const other = await createUser(t.db, "parent");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
    const guess = (currentPassword: string, as = cookie) =>
      mutate(
        t.app,
        "auth.changePassword",
        { currentPassword, newPassword: "new passphrase 1", confirmPassword: "new passphrase 1" },
        { cookie: as },
      );
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.max; i++)
      expect((await guess(`wrong ${i}`)).error?.message).toBe("Current password is incorrect");
    // Past the limit even the right password is refused, with Retry-After, and nothing changes.
    const refused = await guess(PASSWORD);
    expect(refused.status).toBe(429);
    const [row] = await t.db.select().from(parents).where(eq(parents.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
    // Another user is not affected; after the window the user may try again.
    const { cookie: otherCookie } = await sessionCookieFor(t.db, t.deps.config, other, t.clock.now());
    expect((await guess("wrong", otherCookie)).error?.message).toBe("Current password is incorrect");
    t.clock.advance(CHANGE_PASSWORD_LIMIT.windowMs + 1000);
    expect((await guess(PASSWORD)).status).toBe(200);
  });

  it("without a session is UNAUTHORIZED", async () => {
    const response = await mutate(t.app, "auth.changePassword", {
      currentPassword: PASSWORD,
      newPassword: "new passphrase 1",
      confirmPassword: "new passphrase 1",
    });
    expect(response.status).toBe(401);
  });

  it("must_change_password blocks the role's procedures until the password is changed, then clears", async () => {
    const admin = await createUser(t.db, "school_admin", { mustChangePassword: true });
    const login = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: admin.email, password: PASSWORD },
      { ip: freshIp() },
    );
    expect((login.data as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(true);
    const cookie = cookieFrom(login.setCookie);
    const blocked = await query(t.app, "schoolAdmin.dashboard", undefined, { cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.error?.message).toBe(PASSWORD_CHANGE_REQUIRED);

    const changed = await mutate(
      t.app,
      "auth.changePassword",
      { currentPassword: PASSWORD, newPassword: "my own passphrase", confirmPassword: "my own passphrase" },
      { cookie },
    );
    expect(changed.status).toBe(200);
    const [row] = await t.db.select().from(schoolAdmins).where(eq(schoolAdmins.id, admin.id));
    expect(row).toMatchObject({ mustChangePassword: false, passwordChangedAt: t.clock.now() });
    expect(
      (await query(t.app, "schoolAdmin.dashboard", undefined, { cookie: cookieFrom(changed.setCookie) })).status,
    ).toBe(200);
    // The new password works and the old one does not.
    t.clock.advance(10_000);
    expect(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "school_admin", email: admin.email, password: "my own passphrase" },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await mutate(
          t.app,
          "auth.login",
          { role: "school_admin", email: admin.email, password: PASSWORD },
          { ip: freshIp() },
        )
      ).status,
    ).toBe(401);
  });
});
