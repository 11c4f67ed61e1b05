import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, mfaChallenges, recoveryCodes, schools, sessions, totpCredentials } from "#db/schema/index.ts";
import {
  consumeTotpCode,
  findTotpCredential,
  MFA_ATTEMPTS_PER_WINDOW,
  matchingTotpStep,
  redeemRecoveryCode,
  SUDO_WINDOW_MS,
  totpCodeAt,
  totpStep,
} from "#worker/auth/mfa.ts";
import { createSchool, createUser, PASSWORD, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, MINUTE, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";
import { cookieFrom, mutate, query, type TrpcResponse } from "../support/http.ts";

let t: TestApp;
afterEach(() => t.close());

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;
const reason = (response: TrpcResponse) =>
  (response.error?.data as { reason?: string | null } | undefined)?.reason ?? null;
const codeNow = (secret: string) => totpCodeAt(secret, totpStep(t.clock.now()));
/** The next 30 s step: a code not used yet. */
const nextStep = () => t.clock.advance(30_000);

/** A super admin with a session cookie. */
async function superAdmin() {
  const user = await createUser(t.db, "super_admin");
  const { cookie, session } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
  return { user, cookie, sessionId: session.id };
}

/** Enrols through the procedures, as the security page does; returns the secret and the recovery codes. */
async function enrol(cookie: string) {
  const begun = await mutate(t.app, "superAdmin.security.beginEnrollment", undefined, { cookie });
  const { secret, uri } = begun.data as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/SchoolRide:/);
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await mutate(t.app, "superAdmin.security.confirmEnrollment", { code: codeNow(secret) }, { cookie });
  expect(confirmed.status).toBe(200);
  nextStep();
  return { secret, recoveryCodes: (confirmed.data as { recoveryCodes: string[] }).recoveryCodes };
}

const loginAs = (email: string) =>
  mutate(t.app, "auth.login", { role: "super_admin", email, password: PASSWORD }, { ip: freshIp() });
const challengeOf = (response: TrpcResponse) => (response.data as { challengeToken: string }).challengeToken;
const verify = (challengeToken: string, factor: { method: "totp" | "recovery"; code: string }) =>
  mutate(t.app, "auth.verifyMfa", { challengeToken, factor }, { ip: freshIp() });
const events = async (type: string) => t.db.$count(auditLogs, eq(auditLogs.eventType, type));

describe("TOTP (RFC 6238)", () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  // RFC 6238 appendix B, SHA-1 key "12345678901234567890", 8 digits.
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("RFC 6238 test vector at T=%i is %s", (seconds, expected) => {
    const secret = encodeBase32UpperCaseNoPadding(new TextEncoder().encode("12345678901234567890"));
    expect(totpCodeAt(secret, totpStep(new Date(seconds * 1000)), 8)).toBe(expected);
  });

  it("accepts the previous and the next 30 s step, not two steps away", () => {
    const secret = encodeBase32UpperCaseNoPadding(new TextEncoder().encode("12345678901234567890"));
    const now = new Date("2026-03-02T09:00:10Z");
    const step = totpStep(now);
    for (const offset of [-1, 0, 1])
      expect(matchingTotpStep(secret, totpCodeAt(secret, step + offset), now, null)).toBe(step + offset);
    for (const offset of [-2, 2])
      expect(matchingTotpStep(secret, totpCodeAt(secret, step + offset), now, null)).toBeNull();
    expect(matchingTotpStep(secret, "12345", now, null)).toBeNull();
    expect(matchingTotpStep(secret, "abcdef", now, null)).toBeNull();
  });

  it("never accepts the same code twice, nor an older one after a newer", async () => {
    const { cookie, user } = await superAdmin();
    const { secret } = await enrol(cookie);
    const credential = async () => (await findTotpCredential(t.db, user.id))!;
    const code = codeNow(secret);
    expect(await consumeTotpCode(t.db, await credential(), code, t.clock.now())).toBe(true);
    expect(await consumeTotpCode(t.db, await credential(), code, t.clock.now())).toBe(false);
    const newer = totpCodeAt(secret, totpStep(t.clock.now()) + 1);
    expect(await consumeTotpCode(t.db, await credential(), newer, t.clock.now())).toBe(true);
    const older = totpCodeAt(secret, totpStep(t.clock.now()) - 1);
    expect(await consumeTotpCode(t.db, await credential(), older, t.clock.now())).toBe(false);
  });

  it("a replayed code is refused even when two requests race with it", async () => {
    const { cookie, user } = await superAdmin();
    const { secret } = await enrol(cookie);
    const credential = (await findTotpCredential(t.db, user.id))!;
    const code = codeNow(secret);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => consumeTotpCode(t.db, credential, code, t.clock.now())),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("enrolment", () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it("needs a correct first code, then gives 10 hashed single-use recovery codes and audits mfa_enabled", async () => {
    const { cookie, user } = await superAdmin();
    const begun = await mutate(t.app, "superAdmin.security.beginEnrollment", undefined, { cookie });
    const { secret } = begun.data as { secret: string };
    const wrong = await mutate(
      t.app,
      "superAdmin.security.confirmEnrollment",
      { code: codeNow(secret) === "000000" ? "111111" : "000000" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toBe("That code is not valid. Please try again.");
    expect((await findTotpCredential(t.db, user.id))!.enabledAt).toBeNull();
    expect(await events("mfa_failed")).toBe(1);

    const confirmed = await mutate(
      t.app,
      "superAdmin.security.confirmEnrollment",
      { code: codeNow(secret) },
      { cookie },
    );
    const codes = (confirmed.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    expect(await events("mfa_enabled")).toBe(1);
    expect(JSON.stringify(await t.db.select().from(auditLogs))).not.toContain(secret);
    expect((await query(t.app, "superAdmin.security.status", undefined, { cookie })).data).toMatchObject({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });

    // On already: a second enrolment is refused, the secret stays.
    const again = await mutate(t.app, "superAdmin.security.beginEnrollment", undefined, { cookie });
    expect(again.status).toBe(409);
    expect((await findTotpCredential(t.db, user.id))!.secret).toBe(secret);
  });
});

describe("two-factor sign-in", () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it("the MFA-pending state is not a session: no cookie, and the challenge opens nothing", async () => {
    const { cookie, user } = await superAdmin();
    await enrol(cookie);
    const sessionsBefore = await t.db.$count(sessions);
    const step1 = await loginAs(user.email);
    expect(step1.status).toBe(200);
    expect(step1.data).toMatchObject({ mfaRequired: true });
    expect(step1.setCookie).toBeNull();
    // Nor a trusted device yet (ADR 0035): that waits for the code.
    expect(step1.deviceCookie).toBeNull();
    expect(await t.db.$count(sessions)).toBe(sessionsBefore);
    const token = challengeOf(step1);
    // Used as a session cookie, the challenge token is nobody.
    const asCookie = `${cookie.split("=")[0]}=${token}`;
    expect((await query(t.app, "auth.me", undefined, { cookie: asCookie })).data).toBeNull();
    expect((await query(t.app, "superAdmin.stats", undefined, { cookie: asCookie })).status).toBe(401);
    // Only its hash is stored.
    expect(JSON.stringify(await t.db.select().from(mfaChallenges))).not.toContain(token);
  });

  it("signs in with the code; the challenge works once and the code once", async () => {
    const { cookie, user } = await superAdmin();
    const { secret } = await enrol(cookie);
    const token = challengeOf(await loginAs(user.email));
    const code = codeNow(secret);
    const ok = await verify(token, { method: "totp", code });
    expect(ok.status).toBe(200);
    expect((ok.data as { user: { id: string } }).user.id).toBe(user.id);
    const session = cookieFrom(ok.setCookie);
    expect(ok.deviceCookie).toMatch(/^schoolride_device=/);
    expect(((await query(t.app, "auth.me", undefined, { cookie: session })).data as { id: string }).id).toBe(user.id);
    // The same challenge again, even with a fresh code: refused.
    nextStep();
    expect((await verify(token, { method: "totp", code: codeNow(secret) })).status).toBe(401);
    // The same code on a new challenge: refused (replay).
    const replay = await verify(challengeOf(await loginAs(user.email)), { method: "totp", code });
    expect(replay.status).toBe(400);
    expect(replay.setCookie).toBeNull();
  });

  it("a wrong code is audited as mfa_failed; 5 wrong codes kill the challenge; an expired one is refused", async () => {
    const { cookie, user } = await superAdmin();
    const { secret } = await enrol(cookie);
    const token = challengeOf(await loginAs(user.email));
    const wrong = codeNow(secret) === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await verify(token, { method: "totp", code: wrong })).status).toBe(400);
    expect(await events("mfa_failed")).toBe(5);
    const afterKill = await verify(token, { method: "totp", code: codeNow(secret) });
    expect(afterKill.status).toBe(401);
    expect(afterKill.error?.message).toBe("Your sign-in has expired. Please sign in again.");

    const late = challengeOf(await loginAs(user.email));
    t.clock.advance(6 * MINUTE);
    expect((await verify(late, { method: "totp", code: codeNow(secret) })).status).toBe(401);
  });

  it("code attempts are rate-limited per user across challenges", async () => {
    const { cookie, user } = await superAdmin();
    const { secret } = await enrol(cookie);
    const wrong = codeNow(secret) === "000000" ? "111111" : "000000";
    t.clock.advance(15 * MINUTE); // a fresh window (the enrolment's code counted too)
    // Two challenges of 5 wrong codes each use up the window of 10 attempts.
    for (let round = 0; round < MFA_ATTEMPTS_PER_WINDOW / 5; round++) {
      const token = challengeOf(await loginAs(user.email));
      for (let i = 0; i < 5; i++) expect((await verify(token, { method: "totp", code: wrong })).status).toBe(400);
    }
    // Then even the right code waits out the window.
    const token = challengeOf(await loginAs(user.email));
    const limited = await verify(token, { method: "totp", code: codeNow(secret) });
    expect(limited.status).toBe(429);
    expect(limited.setCookie).toBeNull();
    t.clock.advance(15 * MINUTE);
    const fresh = challengeOf(await loginAs(user.email));
    expect((await verify(fresh, { method: "totp", code: codeNow(secret) })).status).toBe(200);
  });

  it("a recovery code signs in once, is audited, and concurrent double use gives exactly one success", async () => {
    const { cookie, user } = await superAdmin();
    const { recoveryCodes: codes } = await enrol(cookie);
    const first = await verify(challengeOf(await loginAs(user.email)), {
      method: "recovery",
      code: codes[0]!.toUpperCase(),
    });
    expect(first.status).toBe(200);
    expect(await events("recovery_code_used")).toBe(1);
    const reused = await verify(challengeOf(await loginAs(user.email)), { method: "recovery", code: codes[0]! });
    expect(reused.status).toBe(400);
    expect(reused.error?.message).toBe("That recovery code is not valid or has already been used.");

    const racers = await Promise.all(
      Array.from({ length: 10 }, () => redeemRecoveryCode(t.db, user.id, codes[1]!, t.clock.now())),
    );
    expect(racers.filter(Boolean)).toHaveLength(1);
    const tokens = await Promise.all(Array.from({ length: 3 }, () => loginAs(user.email).then(challengeOf)));
    const logins = await Promise.all(tokens.map((token) => verify(token, { method: "recovery", code: codes[2]! })));
    expect(logins.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it("a super admin without MFA and other roles still sign in in one step", async () => {
    const { user } = await superAdmin();
    const response = await loginAs(user.email);
    expect(response.data).toMatchObject({ mfaRequired: false, user: { id: user.id } });
    expect(response.setCookie).not.toBeNull();
  });
});

describe("production: a super admin must enrol first", () => {
  it("gets only the enrolment procedures until MFA is on", async () => {
    t = await createTestApp({ env: PRODUCTION_ENV });
    const { cookie } = await superAdmin();
    const blocked = await query(t.app, "superAdmin.stats", undefined, { cookie });
    expect(blocked.status).toBe(403);
    expect(reason(blocked)).toBe("MFA_ENROLMENT_REQUIRED");
    expect((await query(t.app, "superAdmin.security.status", undefined, { cookie })).data).toMatchObject({
      enabled: false,
      required: true,
    });
    await enrol(cookie);
    expect((await query(t.app, "superAdmin.stats", undefined, { cookie })).status).toBe(200);
  });

  it("local mode lets the demo super admin in without MFA", async () => {
    t = await createTestApp();
    const { cookie } = await superAdmin();
    expect((await query(t.app, "superAdmin.stats", undefined, { cookie })).status).toBe(200);
    expect((await query(t.app, "superAdmin.security.status", undefined, { cookie })).data).toMatchObject({
      enabled: false,
      required: false,
    });
  });
});

describe("sudo mode (SE6)", () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  const settings = { defaultPlatformFeeBps: 350, invitationValidityDays: 3, supportEmail: "help@example.com" };

  it("SE6 deleting a school without recent re-authentication is refused", async () => {
    const { cookie } = await superAdmin();
    const school = await createSchool(t.db, { name: "Kept" });
    const refused = await mutate(t.app, "superAdmin.schools.delete", { schoolId: school.id }, { cookie });
    expect(refused.status).toBe(403);
    expect(reason(refused)).toBe("SUDO_REQUIRED");
    expect(refused.error?.message).toBe("Please confirm it's you to continue.");
    expect(await t.db.$count(schools, eq(schools.id, school.id))).toBe(1);

    const wrong = await mutate(
      t.app,
      "auth.confirmIdentity",
      { password: "not my password" },
      { cookie, ip: freshIp() },
    );
    expect(wrong.status).toBe(400);
    expect(await events("sudo_failed")).toBe(1);
    expect((await mutate(t.app, "superAdmin.schools.delete", { schoolId: school.id }, { cookie })).status).toBe(403);

    t.clock.advance(1000); // the account's sign-in backoff after a wrong password
    expect(
      (await mutate(t.app, "auth.confirmIdentity", { password: PASSWORD }, { cookie, ip: freshIp() })).status,
    ).toBe(200);
    expect(await events("sudo_granted")).toBe(1);
    expect((await mutate(t.app, "superAdmin.schools.delete", { schoolId: school.id }, { cookie })).status).toBe(200);
    expect(await t.db.$count(schools, eq(schools.id, school.id))).toBe(0);
  });

  it("SE6 platform settings update without recent re-authentication is refused; the window lasts 10 minutes", async () => {
    const { cookie } = await superAdmin();
    const refused = await mutate(t.app, "superAdmin.settings.update", settings, { cookie });
    expect(refused.status).toBe(403);
    expect(await events("settings_updated")).toBe(0);
    await mutate(t.app, "auth.confirmIdentity", { password: PASSWORD }, { cookie, ip: freshIp() });
    t.clock.advance(SUDO_WINDOW_MS - 1000);
    expect((await mutate(t.app, "superAdmin.settings.update", settings, { cookie })).status).toBe(200);
    t.clock.advance(1000);
    expect(
      (await mutate(t.app, "superAdmin.settings.update", { ...settings, invitationValidityDays: 4 }, { cookie }))
        .status,
    ).toBe(403);
  });

  it("SE6 signing in does not open sudo mode, and sudo belongs to one session", async () => {
    const { cookie, user } = await superAdmin();
    await mutate(t.app, "auth.confirmIdentity", { password: PASSWORD }, { cookie, ip: freshIp() });
    const other = cookieFrom((await loginAs(user.email)).setCookie);
    expect((await mutate(t.app, "superAdmin.settings.update", settings, { cookie: other })).status).toBe(403);
    expect((await mutate(t.app, "superAdmin.settings.update", settings, { cookie })).status).toBe(200);
  });

  it("SE6 with MFA on, re-authentication needs the password and a code", async () => {
    const { cookie } = await superAdmin();
    const { secret, recoveryCodes: codes } = await enrol(cookie);
    const refused = await mutate(t.app, "superAdmin.settings.update", settings, { cookie });
    expect(reason(refused)).toBe("SUDO_REQUIRED_WITH_CODE");
    const noCode = await mutate(t.app, "auth.confirmIdentity", { password: PASSWORD }, { cookie, ip: freshIp() });
    expect(noCode.status).toBe(400);
    expect(noCode.error?.message).toBe("Enter the 6-digit code from your authenticator app");
    const wrongCode = codeNow(secret) === "000000" ? "111111" : "000000";
    expect(
      (
        await mutate(
          t.app,
          "auth.confirmIdentity",
          { password: PASSWORD, factor: { method: "totp", code: wrongCode } },
          { cookie, ip: freshIp() },
        )
      ).status,
    ).toBe(400);
    expect((await mutate(t.app, "superAdmin.settings.update", settings, { cookie })).status).toBe(403);
    const ok = await mutate(
      t.app,
      "auth.confirmIdentity",
      { password: PASSWORD, factor: { method: "totp", code: codeNow(secret) } },
      { cookie, ip: freshIp() },
    );
    expect(ok.status).toBe(200);
    expect((await mutate(t.app, "superAdmin.settings.update", settings, { cookie })).status).toBe(200);
    // A recovery code works for sudo too, once.
    t.clock.advance(SUDO_WINDOW_MS);
    expect(
      (
        await mutate(
          t.app,
          "auth.confirmIdentity",
          { password: PASSWORD, factor: { method: "recovery", code: codes[0]! } },
          { cookie, ip: freshIp() },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await mutate(
          t.app,
          "auth.confirmIdentity",
          { password: PASSWORD, factor: { method: "recovery", code: codes[0]! } },
          { cookie, ip: freshIp() },
        )
      ).status,
    ).toBe(400);
  });

  it("SE6 turning MFA off and new recovery codes need sudo; turning off removes the secret and codes", async () => {
    const { cookie, user } = await superAdmin();
    const { secret, recoveryCodes: oldCodes } = await enrol(cookie);
    expect(reason(await mutate(t.app, "superAdmin.security.regenerateRecoveryCodes", undefined, { cookie }))).toBe(
      "SUDO_REQUIRED_WITH_CODE",
    );
    expect(reason(await mutate(t.app, "superAdmin.security.disable", undefined, { cookie }))).toBe(
      "SUDO_REQUIRED_WITH_CODE",
    );
    await mutate(
      t.app,
      "auth.confirmIdentity",
      { password: PASSWORD, factor: { method: "totp", code: codeNow(secret) } },
      { cookie, ip: freshIp() },
    );
    const regenerated = await mutate(t.app, "superAdmin.security.regenerateRecoveryCodes", undefined, { cookie });
    const newCodes = (regenerated.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(newCodes).toHaveLength(10);
    expect(await redeemRecoveryCode(t.db, user.id, oldCodes[0]!, t.clock.now())).toBe(false);
    expect((await mutate(t.app, "superAdmin.security.disable", undefined, { cookie })).status).toBe(200);
    expect(await events("mfa_disabled")).toBe(1);
    expect(await t.db.$count(totpCredentials, eq(totpCredentials.userId, user.id))).toBe(0);
    expect(await t.db.$count(recoveryCodes, eq(recoveryCodes.userId, user.id))).toBe(0);
    // Back to one-step sign-in.
    expect((await loginAs(user.email)).data).toMatchObject({ mfaRequired: false });
  });

  it("SE6 school admins confirm with their password only", async () => {
    const admin = await createUser(t.db, "school_admin");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    expect(
      (await mutate(t.app, "auth.confirmIdentity", { password: PASSWORD }, { cookie, ip: freshIp() })).status,
    ).toBe(200);
  });
});
