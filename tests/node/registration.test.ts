import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, emailLogs, invitations, pendingSchools, schools, verificationCodes } from "#db/schema/index.ts";
import {
  missingFieldsMessage,
  planForPupils,
  REGISTRATION_MESSAGES,
  registrationSchema,
} from "#shared/registration.ts";
import { CODE_MAX_ATTEMPTS } from "#worker/services/registration/codes.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";
import { lastEmailTo } from "../support/mail.ts";
import { FORM, pay, startCheckout } from "../support/registration.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("step 1 rules (shared by the form and the server)", () => {
  const schema = registrationSchema("2026-03-02");
  const first = (values: object) => {
    const result = schema.safeParse({ ...FORM, ...values });
    return result.success ? null : result.error.issues[0]!.message;
  };

  it("accepts a complete form", () => expect(first({})).toBeNull());

  it("names every missing field in words, in the spec's order", () => {
    expect(first({ schoolName: " ", schoolCity: "", pupilCount: Number.NaN, intendedStartDate: "" })).toBe(
      "Please fill in all required fields. Missing: School Name, City, Number of Pupils, Intended Start Date",
    );
    expect(missingFieldsMessage({})).toMatch(
      /^Please fill in all required fields\. Missing: School Name, Admin Full Name, Admin Role, Admin Email/,
    );
  });

  it.each([
    [{ adminEmail: "not-an-email" }, "Please enter a valid email address"],
    [{ pupilCount: 0 }, "Pupil count must be a positive number"],
    [{ pupilCount: 2.5 }, "Pupil count must be a positive number"],
    [{ busCount: -1 }, "Bus count must be a non-negative number"],
    [{ intendedStartDate: "2026-03-01" }, REGISTRATION_MESSAGES.startDate],
    [{ intendedStartDate: "2026-13-45" }, REGISTRATION_MESSAGES.startDate],
  ])("%j → %s", (values, message) => expect(first(values)).toBe(message));

  it("allows zero buses and a start date of today", () => {
    expect(first({ busCount: 0, intendedStartDate: "2026-03-02" })).toBeNull();
  });

  it("picks the plan by pupil count: Starter ≤200, Professional 201–600, Enterprise >600", () => {
    expect([1, 200, 201, 600, 601, 5000].map(planForPupils)).toEqual([
      "starter",
      "starter",
      "professional",
      "professional",
      "enterprise",
      "enterprise",
    ]);
  });

  it("refuses unknown options and keys", () => {
    expect(schema.safeParse({ ...FORM, schoolType: "university" }).success).toBe(false);
    expect(schema.safeParse({ ...FORM, isAdmin: true }).success).toBe(false);
  });
});

async function register(values: object = {}) {
  const response = await mutate(t.app, "registration.register", { ...FORM, ...values }, { ip: "203.0.113.40" });
  expect(response.status, JSON.stringify(response.error)).toBe(200);
  const { pendingSchoolId } = response.data as { pendingSchoolId: string };
  const mail = await lastEmailTo(t.db, "avery@birchhill.example", "verification_code");
  return { pendingSchoolId, code: /\b(\d{6})\b/.exec(mail.subject)![1]! };
}

describe("register-school and verify-email", () => {
  it("creates the pending school with its plan and e-mails a hashed 6-digit code", async () => {
    const { pendingSchoolId, code } = await register();
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row).toMatchObject({
      schoolName: "Birch Hill Academy",
      adminEmail: "avery@birchhill.example",
      plan: "professional",
      verificationStatus: "pending_verification",
      paymentStatus: "unpaid",
      adminPhone: null,
    });
    const [stored] = await t.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.subjectId, pendingSchoolId));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBe(15 * MINUTE);
    expect(t.queued).toHaveLength(1);
  });

  it("refuses a start date in the past on the server too", async () => {
    const response = await mutate(t.app, "registration.register", { ...FORM, intendedStartDate: "2026-02-01" });
    expect(response.error?.message).toBe(REGISTRATION_MESSAGES.startDate);
    expect(await t.db.$count(pendingSchools)).toBe(0);
  });

  it("a wrong code says so; the right one verifies once", async () => {
    const { pendingSchoolId, code } = await register();
    const wrong = code === "000000" ? "111111" : "000000";
    expect(
      (await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: wrong })).error?.message,
    ).toBe("Invalid verification code. Please try again.");
    expect(
      (await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: "12345" })).error?.message,
    ).toBe("Please enter the 6-digit verification code");
    expect((await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: code })).data).toEqual(
      { verified: true },
    );
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row).toMatchObject({ verificationStatus: "email_verified", emailVerifiedAt: t.clock.now() });
  });

  it(`the code dies after ${CODE_MAX_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const { pendingSchoolId, code } = await register();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++)
      await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: wrong });
    expect(
      (await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: wrong })).error?.message,
    ).toBe(REGISTRATION_MESSAGES.tooManyCodeAttempts);
    t.clock.advance(31 * MINUTE); // past the attempt window: it is the dead code that refuses
    expect(
      (await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: code })).error?.message,
    ).toBe(REGISTRATION_MESSAGES.tooManyCodeAttempts);
  });

  it("the code expires after 15 minutes", async () => {
    const { pendingSchoolId, code } = await register();
    t.clock.advance(15 * MINUTE);
    expect(
      (await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: code })).error?.message,
    ).toBe(REGISTRATION_MESSAGES.codeExpired);
  });

  it("Resend Code really sends a new code (the old one dies), 3 per 10 minutes", async () => {
    const { pendingSchoolId, code } = await register();
    t.clock.advance(1000);
    expect((await mutate(t.app, "registration.resendCode", { pendingSchoolId })).data).toEqual({
      message: REGISTRATION_MESSAGES.codeResent,
      resumeToken: expect.any(String),
    });
    const fresh = /\b(\d{6})\b/.exec((await lastEmailTo(t.db, "avery@birchhill.example")).subject)![1]!;
    if (fresh !== code) {
      expect(
        (await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: code })).status,
      ).toBe(400);
    }
    await mutate(t.app, "registration.resendCode", { pendingSchoolId });
    await mutate(t.app, "registration.resendCode", { pendingSchoolId });
    const before = await t.db.$count(emailLogs);
    expect((await mutate(t.app, "registration.resendCode", { pendingSchoolId })).status).toBe(429);
    expect(await t.db.$count(emailLogs)).toBe(before);
    const latest = /\b(\d{6})\b/.exec((await lastEmailTo(t.db, "avery@birchhill.example")).subject)![1]!;
    expect(
      (await mutate(t.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: latest })).data,
    ).toEqual({ verified: true });
  });
});

describe("create-checkout-session and the simulated payment", () => {
  it("refuses before the e-mail is verified, and without both consents", async () => {
    const { pendingSchoolId } = await register();
    const unverified = await mutate(t.app, "registration.createCheckoutSession", {
      pendingSchoolId,
      termsAccepted: true,
      privacyAccepted: true,
    });
    expect(unverified.error?.message).toBe(REGISTRATION_MESSAGES.notVerified);
    const noConsent = await mutate(t.app, "registration.createCheckoutSession", {
      pendingSchoolId,
      termsAccepted: true,
      privacyAccepted: false,
    });
    expect(noConsent.error?.message).toBe("You must accept both the Terms of Service and Privacy Policy to continue");
    const unknown = await mutate(t.app, "registration.createCheckoutSession", {
      pendingSchoolId: "nope",
      termsAccepted: true,
      privacyAccepted: true,
    });
    expect(unknown.error?.message).toBe("No pending school registration found.");
  });

  it("opens a subscription Checkout for the plan's price; a double click gets the same session", async () => {
    const { pendingSchoolId, url } = await startCheckout(t);
    expect(url).toMatch(/^http:\/\/localhost:8787\/dev\/stripe\/checkout\/cs_test_/);
    const again = await mutate(t.app, "registration.createCheckoutSession", {
      pendingSchoolId,
      termsAccepted: true,
      privacyAccepted: true,
    });
    expect((again.data as { checkout_url: string }).checkout_url).toBe(url);
    const page = await t.app.request(url);
    expect(await page.text()).toContain("$399.00");
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row!.termsAcceptedAt).toEqual(t.clock.now());
  });

  it("Pay sends signed events through the webhook: the registration is paid and awaits review", async () => {
    const { pendingSchoolId, sessionId } = await startCheckout(t);
    expect((await query(t.app, "registration.checkoutStatus", { sessionId })).data).toEqual({
      found: true,
      paid: false,
      schoolName: "Birch Hill Academy",
    });
    const location = await pay(t, sessionId);
    expect(location).toBe(`http://localhost:8787/payment/success?session_id=${sessionId}`);
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row).toMatchObject({
      paymentStatus: "paid",
      verificationStatus: "payment_successful",
      subscriptionStatus: "active",
      stripeCheckoutSessionId: sessionId,
    });
    expect(row!.stripeCustomerId).toMatch(/^cus_/);
    expect(row!.stripeSubscriptionId).toMatch(/^sub_/);
    expect((await query(t.app, "registration.checkoutStatus", { sessionId })).data).toEqual({
      found: true,
      paid: true,
      schoolName: "Birch Hill Academy",
    });
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "registration_paid"))).toBe(1);
  });
});

describe("approval and rejection", () => {
  async function paidRegistration() {
    const { pendingSchoolId, sessionId } = await startCheckout(t);
    await pay(t, sessionId);
    return pendingSchoolId;
  }

  async function superAdminCookie() {
    const { createUser, sessionCookieFor } = await import("../support/fixtures.ts");
    const admin = await createUser(t.db, "super_admin");
    return { admin, ...(await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())) };
  }

  it("approval creates the school, its first admin invitation, the credentials e-mail and the audit row", async () => {
    const pendingSchoolId = await paidRegistration();
    const { admin, cookie } = await superAdminCookie();
    const response = await mutate(t.app, "superAdmin.registrations.approve", { pendingSchoolId }, { cookie });
    expect(response.data).toMatchObject({ school: { name: "Birch Hill Academy" } });
    const [pending] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(pending).toMatchObject({ verificationStatus: "approved", reviewedBy: admin.id, reviewedAt: t.clock.now() });
    const [school] = await t.db.select().from(schools).where(eq(schools.id, pending!.schoolId!));
    expect(school).toMatchObject({
      name: "Birch Hill Academy",
      // Step 1's zone carries over to the school.
      timeZone: "America/Los_Angeles",
      subscriptionStatus: "active",
      plan: "professional",
      stripeCustomerId: pending!.stripeCustomerId,
      stripeSubscriptionId: pending!.stripeSubscriptionId,
      platformFeeBps: 500,
    });
    expect(school!.code).toMatch(/^[A-Z2-9]{6}$/);
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.schoolId, school!.id));
    expect(invitation).toMatchObject({
      role: "school_admin",
      email: "avery@birchhill.example",
      status: "pending",
      invitedBy: admin.id,
    });
    const mail = await lastEmailTo(t.db, "avery@birchhill.example", "registration_approved");
    const temporaryPassword = /Temporary password: (\S+)/.exec(mail.textBody)![1]!;
    // The credentials sign the new admin in (and ask for a new password).
    const login = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: "avery@birchhill.example", password: temporaryPassword },
      { ip: "203.0.113.60" },
    );
    expect(login.data).toMatchObject({ user: { schoolId: school!.id, mustChangePassword: true } });
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "school_approved"))).toBe(1);
  });

  it("two concurrent approvals (a double click, two tabs) have one effect", async () => {
    const pendingSchoolId = await paidRegistration();
    const { cookie } = await superAdminCookie();
    const results = await Promise.all([
      mutate(t.app, "superAdmin.registrations.approve", { pendingSchoolId }, { cookie }),
      mutate(t.app, "superAdmin.registrations.approve", { pendingSchoolId }, { cookie }),
      mutate(t.app, "superAdmin.registrations.reject", { pendingSchoolId, reason: "tab three" }, { cookie }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const approved = results[0]!.status === 200 || results[1]!.status === 200;
    expect(await t.db.$count(schools)).toBe(approved ? 1 : 0);
    expect(await t.db.$count(invitations)).toBe(approved ? 1 : 0);
    expect(
      await t.db.$count(
        emailLogs,
        eq(emailLogs.emailType, approved ? "registration_approved" : "registration_rejected"),
      ),
    ).toBe(1);
  });

  it("a failing statement leaves no partial rows (the whole batch rolls back)", async () => {
    const pendingSchoolId = await paidRegistration();
    const [pending] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    // Another school already holds this Stripe subscription: the school insert violates a unique index.
    await t.db.insert(schools).values({
      name: "Squatter",
      email: "s@example.com",
      code: "SQUAT1",
      stripeSubscriptionId: pending!.stripeSubscriptionId,
    });
    const { cookie } = await superAdminCookie();
    const response = await mutate(t.app, "superAdmin.registrations.approve", { pendingSchoolId }, { cookie });
    expect(response.status).toBe(500);
    const [after] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(after).toMatchObject({ verificationStatus: "payment_successful", schoolId: null, reviewId: null });
    expect(await t.db.$count(schools)).toBe(1);
    expect(await t.db.$count(invitations)).toBe(0);
    expect(await t.db.$count(emailLogs, eq(emailLogs.emailType, "registration_approved"))).toBe(0);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "school_approved"))).toBe(0);
  });

  it("rejection stores the optional reason, e-mails the applicant and audits; the verdict is final", async () => {
    const pendingSchoolId = await paidRegistration();
    const { cookie } = await superAdminCookie();
    expect(
      (
        await mutate(
          t.app,
          "superAdmin.registrations.reject",
          { pendingSchoolId, reason: "  Outside our service area " },
          { cookie },
        )
      ).status,
    ).toBe(200);
    const [row] = await t.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
    expect(row).toMatchObject({ verificationStatus: "rejected", rejectionReason: "Outside our service area" });
    expect((await lastEmailTo(t.db, "avery@birchhill.example", "registration_rejected")).textBody).toContain(
      "Reason: Outside our service area",
    );
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "school_rejected"))).toBe(1);
    expect((await mutate(t.app, "superAdmin.registrations.approve", { pendingSchoolId }, { cookie })).status).toBe(409);
  });

  it("an unpaid registration cannot be reviewed", async () => {
    const { pendingSchoolId } = await register();
    const { cookie } = await superAdminCookie();
    const response = await mutate(t.app, "superAdmin.registrations.approve", { pendingSchoolId }, { cookie });
    expect(response.status).toBe(400);
    expect(await t.db.$count(schools)).toBe(0);
  });
});
