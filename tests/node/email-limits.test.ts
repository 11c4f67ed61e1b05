import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailLogs, invitations, pendingSchools, rateLimits } from "#db/schema/index.ts";
import { EMAIL_SEND_LIMITS, limitEmailSend } from "#worker/services/email/limits.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { FORM } from "../support/registration.ts";

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: { cookie: string; id: string };

async function schoolAdminOf(schoolId: string) {
  const user = await createUser(t.db, "school_admin", { schoolId });
  return { ...(await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())), id: user.id };
}

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db);
  admin = await schoolAdminOf(school.id);
});
afterEach(() => t.close());

let ipCounter = 0;
const freshIp = () => `198.19.0.${++ipCounter}`;

const invite = (email: string, as: { cookie: string } = admin, ip = freshIp()) =>
  mutate(t.app, "schoolAdmin.invitations.create", { name: "Pat Parent", email }, { cookie: as.cookie, ip });
const resend = (inviteId: string, ip = freshIp()) =>
  mutate(t.app, "schoolAdmin.invitations.resend", { inviteId }, { cookie: admin.cookie, ip });

/** What a refused request must leave untouched: the outbox, the queue and the invitations. */
async function snapshot() {
  return {
    emails: await t.db.$count(emailLogs),
    queued: t.queued.length,
    invitations: await t.db.select().from(invitations),
  };
}

function expectTooManyRequests(response: Awaited<ReturnType<typeof mutate>>) {
  expect(response.status).toBe(429);
  expect(response.error?.message).toMatch(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/);
  expect(response.error?.data.retryAfterSeconds).toBeGreaterThan(0);
}

describe("e-mail limits (TK3)", () => {
  it("TK3 a fourth invitation e-mail to one address within 10 minutes is refused with 429 and nothing is enqueued", async () => {
    const first = await invite("flooded@example.com");
    const inviteId = (first.data as { id: string }).id;
    expect((await resend(inviteId)).status).toBe(200);
    expect((await resend(inviteId)).status).toBe(200);
    const before = await snapshot();
    const fourth = await resend(inviteId);
    expectTooManyRequests(fourth);
    expect(fourth.error?.data.retryAfterSeconds).toBe(10 * 60);
    expect(await snapshot()).toEqual(before); // no e-mail, no message, the token not rotated
    // Whoever asks: another school's admin inviting the same address is refused too.
    const other = await schoolAdminOf((await createSchool(t.db)).id);
    expectTooManyRequests(await invite("FLOODED@example.com ", other));
    expect(await snapshot()).toEqual(before);
    // Ten minutes after the first e-mail, the address may get mail again.
    t.clock.advance(10 * MINUTE);
    admin = {
      ...(await sessionCookieFor(t.db, t.deps.config, { id: admin.id, role: "school_admin" }, t.clock.now())),
      id: admin.id,
    };
    expect((await resend(inviteId)).status).toBe(200);
  });

  it("TK3 invitation e-mails are limited per actor, whatever the addresses and networks", async () => {
    // Earlier sends of this admin, each to another address from another network.
    for (let i = 0; i < EMAIL_SEND_LIMITS.actor.max - 1; i++) {
      await limitEmailSend(
        t.db,
        { recipient: `earlier${i}@example.com`, actorId: admin.id, ipAddress: `203.0.113.${i}` },
        t.clock.now(),
      );
    }
    expect((await invite("last-allowed@example.com")).status).toBe(200);
    const before = await snapshot();
    expectTooManyRequests(await invite("one-too-many@example.com"));
    expect(await snapshot()).toEqual(before);
    // A colleague at the same school is not affected.
    const colleague = await schoolAdminOf(school.id);
    expect((await invite("one-too-many@example.com", colleague)).status).toBe(200);
  });

  it("TK3 invitation e-mails are limited per IP, whoever sends them", async () => {
    const ip = freshIp();
    for (let i = 0; i < EMAIL_SEND_LIMITS.ip.max - 1; i++) {
      await limitEmailSend(
        t.db,
        { recipient: `earlier${i}@example.com`, actorId: `someone-${i}`, ipAddress: ip },
        t.clock.now(),
      );
    }
    expect((await invite("last-allowed@example.com", admin, ip)).status).toBe(200);
    const before = await snapshot();
    expectTooManyRequests(await invite("one-too-many@example.com", admin, ip));
    expect(await snapshot()).toEqual(before);
    expect((await invite("one-too-many@example.com", admin, freshIp())).status).toBe(200);
  });

  it("TK3 regenerating an expired invitation counts like any other e-mail to the address", async () => {
    const inviteId = ((await invite("late@example.com")).data as { id: string }).id;
    await t.db.update(invitations).set({ status: "expired" }).where(eq(invitations.id, inviteId));
    const regenerate = () =>
      mutate(
        t.app,
        "schoolAdmin.invitations.resend",
        { inviteId, regenerateToken: true },
        { cookie: admin.cookie, ip: freshIp() },
      );
    expect((await regenerate()).status).toBe(200);
    await t.db.update(invitations).set({ status: "expired" }).where(eq(invitations.id, inviteId));
    expect((await regenerate()).status).toBe(200);
    await t.db.update(invitations).set({ status: "expired" }).where(eq(invitations.id, inviteId));
    const before = await snapshot();
    expectTooManyRequests(await regenerate());
    expect(await snapshot()).toEqual(before);
  });

  it("TK3 registration codes per recipient: a fourth code to one address in 10 minutes is refused, and no registration is written", async () => {
    const form = { ...FORM, adminEmail: "victim@example.com" };
    // Registrations from different networks, all naming the same address, plus a Resend Code.
    const first = await mutate(t.app, "registration.register", form, { ip: freshIp() });
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const { pendingSchoolId } = first.data as { pendingSchoolId: string };
    expect(
      (await mutate(t.app, "registration.register", { ...form, adminEmail: "Victim@Example.com" }, { ip: freshIp() }))
        .status,
    ).toBe(200);
    expect((await mutate(t.app, "registration.resendCode", { pendingSchoolId }, { ip: freshIp() })).status).toBe(200);
    const before = { ...(await snapshot()), pending: await t.db.$count(pendingSchools) };
    expectTooManyRequests(await mutate(t.app, "registration.register", form, { ip: freshIp() }));
    expectTooManyRequests(await mutate(t.app, "registration.resendCode", { pendingSchoolId }, { ip: freshIp() }));
    expect({ ...(await snapshot()), pending: await t.db.$count(pendingSchools) }).toEqual(before);
  });

  it("TK3 forgot-password e-mails per recipient, for known and unknown accounts alike", async () => {
    const user = await createUser(t.db, "parent");
    for (const email of [user.email, "nobody@example.com"]) {
      for (let i = 0; i < EMAIL_SEND_LIMITS.recipient.max; i++) {
        expect(
          (await mutate(t.app, "auth.requestPasswordReset", { role: "parent", email }, { ip: freshIp() })).status,
        ).toBe(200);
        t.clock.advance(MINUTE); // past the separate 3-a-minute forgot-password limit
      }
    }
    const before = await snapshot();
    expectTooManyRequests(
      await mutate(t.app, "auth.requestPasswordReset", { role: "parent", email: user.email }, { ip: freshIp() }),
    );
    expectTooManyRequests(
      await mutate(
        t.app,
        "auth.requestPasswordReset",
        { role: "parent", email: "nobody@example.com" },
        { ip: freshIp() },
      ),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("TK3 parallel sends to one address take exactly the allowed slots, and refused ones count nowhere", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        limitEmailSend(
          t.db,
          { recipient: "race@example.com", actorId: admin.id, ipAddress: `192.0.2.${i}` },
          t.clock.now(),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(EMAIL_SEND_LIMITS.recipient.max);
    const [recipient] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "email:to:race@example.com"));
    const [actor] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `email:actor:${admin.id}`));
    expect(recipient!.count).toBe(EMAIL_SEND_LIMITS.recipient.max);
    expect(actor!.count).toBe(EMAIL_SEND_LIMITS.recipient.max);
  });
});
