import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, pendingSchools, registrationResumeTokens, verificationCodes } from "#db/schema/index.ts";
import { busLimit, planFor, REGISTRATION_MESSAGES } from "#shared/registration.ts";
import { RESUME_MESSAGES } from "#worker/services/registration/resume.ts";
import { createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, DAY, MINUTE, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";
import { lastEmailTo } from "../support/mail.ts";
import { FORM, pay, startCheckout } from "../support/registration.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ADDRESS = "avery@birchhill.example";
const codeOf = async (to = ADDRESS) =>
  /\b(\d{6})\b/.exec((await lastEmailTo(t.db, to, "verification_code")).subject)![1]!;
const resumeLinkOf = async (to = ADDRESS) => {
  const match = /\/get-started\?resume=([\w-]+)/.exec((await lastEmailTo(t.db, to, "verification_code")).textBody);
  if (!match) throw new Error("no resume link");
  return match[1]!;
};

async function register(values: object = {}) {
  const response = await mutate(t.app, "registration.register", { ...FORM, ...values }, { ip: "203.0.113.70" });
  expect(response.status, JSON.stringify(response.error)).toBe(200);
  return response.data as { pendingSchoolId: string; resumeToken: string };
}

const resume = (token: string, ip = "203.0.113.71") => mutate(t.app, "registration.resume", { token }, { ip });

describe("step 1 edited after Previous (issue 10, item 3)", () => {
  it("updates the same registration: one row, one 'registered' audit row, no new code when the e-mail is unchanged", async () => {
    const { pendingSchoolId } = await register();
    const code = await codeOf();
    const response = await mutate(t.app, "registration.update", {
      ...FORM,
      pendingSchoolId,
      schoolName: "Birch Hill School",
      pupilCount: 150,
      busCount: 3,
    });
    expect(response.data).toEqual({ pendingSchoolId, verified: false, resumeToken: null });
    expect(await t.db.$count(pendingSchools)).toBe(1);
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row).toMatchObject({ schoolName: "Birch Hill School", pupilCount: 150, busCount: 3, plan: "starter" });
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "school_registered"))).toBe(1);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "school_registration_updated"))).toBe(1);
    expect(await t.db.$count(verificationCodes)).toBe(1);
    // The code already e-mailed still verifies.
    expect((await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: code })).data).toEqual(
      { verified: true },
    );
  });

  it("a changed e-mail needs a new code: the verified state is dropped and the old address's links die", async () => {
    const { pendingSchoolId, resumeToken } = await register();
    await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: await codeOf() });
    const oldLink = await resumeLinkOf();
    const response = await mutate(
      t.app,
      "registration.update",
      { ...FORM, pendingSchoolId, adminEmail: "Head@BirchHill.example" },
      { ip: "203.0.113.72" },
    );
    expect(response.data).toMatchObject({ pendingSchoolId, verified: false, resumeToken: expect.any(String) });
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row).toMatchObject({
      adminEmail: "head@birchhill.example",
      verificationStatus: "pending_verification",
      emailVerifiedAt: null,
    });
    for (const token of [resumeToken, oldLink])
      expect((await resume(token)).error?.message).toBe(RESUME_MESSAGES.invalid);
    const checkout = await mutate(t.app, "registration.createCheckoutSession", {
      pendingSchoolId,
      termsAccepted: true,
      privacyAccepted: true,
    });
    expect(checkout.error?.message).toBe(REGISTRATION_MESSAGES.notVerified);
    expect(
      (
        await mutate(t.app, "registration.verifyEmail", {
          pendingSchoolId,
          verificationCode: await codeOf("head@birchhill.example"),
        })
      ).data,
    ).toEqual({
      verified: true,
    });
  });

  it("is refused for a paid registration, with bad input, and for an unknown id, changing nothing", async () => {
    const { pendingSchoolId, sessionId } = await startCheckout(t);
    await pay(t, sessionId);
    expect(
      (await mutate(t.app, "registration.update", { ...FORM, pendingSchoolId, schoolName: "Renamed" })).error?.message,
    ).toBe(REGISTRATION_MESSAGES.alreadyPaid);
    expect((await mutate(t.app, "registration.update", { ...FORM, pendingSchoolId, adminEmail: "nope" })).status).toBe(
      400,
    );
    expect(
      (await mutate(t.app, "registration.update", { ...FORM, pendingSchoolId: "no-such-registration" })).error?.message,
    ).toBe(REGISTRATION_MESSAGES.noPendingRegistration);
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row!.schoolName).toBe("Birch Hill Academy");
  });
});

describe("step 1 edits are limited", () => {
  it("20 edits an hour per registration, then 429 with nothing changed", async () => {
    const { pendingSchoolId } = await register();
    for (let i = 0; i < 20; i++)
      expect(
        (await mutate(t.app, "registration.update", { ...FORM, pendingSchoolId, schoolCity: `City ${i}` })).status,
      ).toBe(200);
    expect(
      (await mutate(t.app, "registration.update", { ...FORM, pendingSchoolId, schoolCity: "One too many" })).status,
    ).toBe(429);
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row!.schoolCity).toBe("City 19");
  });
});

describe("resuming a registration (issue 10, item 2)", () => {
  it("the verification e-mail carries a resume link, stored only as a hash, valid for 7 days", async () => {
    const { pendingSchoolId } = await register();
    const token = await resumeLinkOf();
    expect(token).not.toContain(pendingSchoolId);
    const [stored] = await t.db
      .select()
      .from(registrationResumeTokens)
      .where(eq(registrationResumeTokens.pendingSchoolId, pendingSchoolId));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBe(7 * DAY);
    expect((await resume(token)).data).toMatchObject({
      status: "resumable",
      pendingSchoolId,
      step: 2,
      details: { schoolName: "Birch Hill Academy", adminEmail: ADDRESS, schoolZipCode: "97201" },
    });
    t.clock.advance(7 * DAY);
    expect((await resume(token)).error?.message).toBe(RESUME_MESSAGES.invalid);
  });

  it("after a cancelled checkout the wizard's token returns to step 4 of the same verified registration", async () => {
    const { pendingSchoolId } = await startCheckout(t);
    const token = await resumeLinkOf();
    expect((await resume(token)).data).toMatchObject({ status: "resumable", pendingSchoolId, step: 4 });
    expect(await t.db.$count(pendingSchools)).toBe(1);
  });

  it("a verified registration without consents resumes at step 3", async () => {
    const { pendingSchoolId, resumeToken } = await register();
    await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: await codeOf() });
    expect((await resume(resumeToken)).data).toMatchObject({ status: "resumable", step: 3 });
  });

  it("a paid registration says so instead of resuming", async () => {
    const { sessionId } = await startCheckout(t);
    await pay(t, sessionId);
    expect((await resume(await resumeLinkOf())).data).toEqual({ status: "paid", message: RESUME_MESSAGES.paid });
  });

  it("unknown tokens are refused, and guessing is rate-limited", async () => {
    for (let i = 0; i < 20; i++)
      expect((await resume(`guess-${i}`, "203.0.113.79")).error?.message).toBe(RESUME_MESSAGES.invalid);
    expect((await resume("guess-21", "203.0.113.79")).status).toBe(429);
    t.clock.advance(10 * MINUTE);
    expect((await resume("guess-22", "203.0.113.79")).status).toBe(400);
  });
});

describe("plans and bus limits (issue 10, item 13)", () => {
  it("buses beyond the pupil plan's limit move the registration to the plan that fits", () => {
    expect(planFor({ pupilCount: 100, busCount: 5 })).toBe("starter");
    expect(planFor({ pupilCount: 100, busCount: 6 })).toBe("professional");
    expect(planFor({ pupilCount: 100, busCount: 16 })).toBe("enterprise");
    expect(planFor({ pupilCount: 700, busCount: 0 })).toBe("enterprise");
    expect(busLimit({ pupilCount: 100, busCount: 5 })).toBeNull();
    expect(busLimit({ pupilCount: 100, busCount: 8 })).toEqual({
      buses: 8,
      limitPlan: "Starter",
      maxBuses: 5,
      plan: "Professional",
    });
  });

  it("the server stores and charges the plan that fits the buses", async () => {
    const { pendingSchoolId } = await register({ pupilCount: 120, busCount: 9 });
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row!.plan).toBe("professional");
  });
});

describe("pending-school details (issue 10, item 5)", () => {
  it("list the street address, ZIP code and the admin's role", async () => {
    const { sessionId } = await startCheckout(t);
    await pay(t, sessionId);
    const admin = await createUser(t.db, "super_admin");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    const response = await query(t.app, "superAdmin.registrations.pending", { limit: 3 }, { cookie });
    expect((response.data as { rows: object[] }).rows[0]).toMatchObject({
      schoolAddress: "1 Birch Road",
      schoolZipCode: "97201",
      adminRole: "Principal",
    });
  });
});

describe("payment success page lookups (issue 10, item 6)", () => {
  it("an unknown session id is reported as not found at once", async () => {
    expect((await query(t.app, "registration.checkoutStatus", { sessionId: "cs_test_unknown" })).data).toEqual({
      found: false,
      paid: false,
      schoolName: null,
    });
  });
});
