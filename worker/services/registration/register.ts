import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { pendingSchools } from "#db/schema/index.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import { phoneRegion } from "#shared/phone-region.ts";
import {
  type createCheckoutSessionInput,
  earliestStartDate,
  planFor,
  REGISTRATION_MESSAGES,
  type RegistrationValues,
  type resendCodeInput,
  type verifyEmailInput,
} from "#shared/registration.ts";
import { said } from "#shared/said.ts";
import { sha256Hex } from "#worker/auth/crypto.ts";
import { normalizeEmail } from "#worker/auth/users.ts";
import type { AppDeps } from "#worker/deps.ts";
import { verificationCodeEmail } from "#worker/email/templates.ts";
import { checkedPhone } from "../_shared/phone.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { PublicScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { limitEmailSend } from "../email/limits.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { AppError, tooManyAttempts } from "../errors.ts";
import { CODE_TTL_MS, checkCode, codeInserts } from "./codes.ts";
import { RESUME_TOKEN_TTL_MS, resumeTokenInsert, revokeResumeTokens } from "./resume.ts";

type RegistrationDeps = Pick<AppDeps, "db" | "queue" | "logger" | "config" | "now" | "stripe">;

const MINUTE = 60_000;

async function limit(scope: PublicScope, key: string, windowMs: number, max: number) {
  const decision = await hitWindow(scope.deps.db, key, scope.now, windowMs, max);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
}

async function findPending(deps: RegistrationDeps, pendingSchoolId: string) {
  const [pending] = await deps.db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
  if (!pending) throw new AppError("NOT_FOUND", REGISTRATION_MESSAGES.noPendingRegistration);
  return pending;
}

/** A fresh code and a fresh resume link, e-mailed to the registration's admin address (within the e-mail limits). */
async function codeEmail(
  scope: PublicScope,
  pending: { id: string; schoolName: string; adminEmail: string; locale: Locale },
) {
  const { deps, meta, now } = scope;
  await limitEmailSend(deps.db, { recipient: pending.adminEmail, actorId: null, ipAddress: meta.ipAddress }, now);
  const { code, queries } = await codeInserts(deps.db, { subjectId: pending.id, email: pending.adminEmail, now });
  const resume = await resumeTokenInsert(deps.db, { pendingSchoolId: pending.id, email: pending.adminEmail, now });
  const mail = outboxInsert(
    deps.db,
    {
      ...verificationCodeEmail({
        locale: pending.locale,
        schoolName: pending.schoolName,
        code,
        expiresInMinutes: CODE_TTL_MS / MINUTE,
        resumeLink: `${deps.config.appUrl}/get-started?resume=${resume.token}`,
        resumeDays: RESUME_TOKEN_TTL_MS / (24 * 60 * MINUTE),
      }),
      type: "verification_code",
      to: pending.adminEmail,
      relatedId: pending.id,
    },
    now,
  );
  return { queries: [...queries, resume.query, mail.query] as const, emailId: mail.id, resumeToken: resume.token };
}

/** Step-1 values as stored: trimmed, the e-mail normalized, the plan derived. */
function detailsOf(input: RegistrationValues, now: Date) {
  // The schema has refused blanks, so the option fields hold real options and the counts are integers.
  if (
    input.schoolType === "" ||
    input.schoolCountry === "" ||
    input.adminRole === "" ||
    input.pupilCount === undefined ||
    input.busCount === undefined
  ) {
    throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.generic);
  }
  if (input.intendedStartDate < earliestStartDate(now))
    throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.startDate);
  return {
    schoolName: input.schoolName.trim(),
    schoolType: input.schoolType,
    schoolAddress: input.schoolAddress.trim(),
    schoolCity: input.schoolCity.trim(),
    schoolState: input.schoolState.trim(),
    schoolZipCode: input.schoolZipCode.trim(),
    schoolCountry: input.schoolCountry,
    adminFullName: input.adminFullName.trim(),
    adminRole: input.adminRole,
    adminEmail: normalizeEmail(input.adminEmail),
    adminPhone:
      checkedPhone(phoneRegion({ country: input.schoolCountry, timeZone: input.timeZone }), input.adminPhone) || null,
    pupilCount: input.pupilCount,
    busCount: input.busCount,
    intendedStartDate: input.intendedStartDate,
    timeZone: input.timeZone,
    locale: input.locale ?? SOURCE_LOCALE,
    plan: planFor({ pupilCount: input.pupilCount, busCount: input.busCount }),
  };
}

/** register-school: a pending school and its 6-digit code, e-mailed through the outbox. */
export async function registerSchool(scope: PublicScope, input: RegistrationValues) {
  const { deps, meta } = scope;
  const { now } = scope;
  const details = detailsOf(input, now);
  await limit(scope, `register:ip:${meta.ipAddress ?? "unknown"}`, 60 * MINUTE, 10);
  const id = crypto.randomUUID();
  const pending = { id, ...details, createdAt: now, updatedAt: now };
  const code = await codeEmail(scope, pending);
  await deps.db.batch([
    deps.db.insert(pendingSchools).values(pending),
    ...code.queries,
    auditInsert(
      deps.db,
      {
        eventType: "school_registered",
        description: `${pending.schoolName} registered`,
        metadata: { pending_school_id: id, email: pending.adminEmail, plan: pending.plan },
        at: now,
      },
      meta,
    ),
  ]);
  await enqueueEmails(deps, [code.emailId]);
  return { pendingSchoolId: id, resumeToken: code.resumeToken };
}

/**
 * Step 1 edited after Previous: the same registration is updated (never a second one). A changed
 * admin e-mail needs verifying again: a new code goes to it, and links sent to the old one die.
 */
export async function updateRegistration(scope: PublicScope, input: RegistrationValues & { pendingSchoolId: string }) {
  const { deps, meta } = scope;
  const pending = await findPending(deps, input.pendingSchoolId);
  if (
    pending.paymentStatus === "paid" ||
    (pending.verificationStatus !== "pending_verification" && pending.verificationStatus !== "email_verified")
  ) {
    throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.alreadyPaid);
  }
  const { now } = scope;
  const details = detailsOf(input, now);
  await limit(scope, `register-update:subject:${pending.id}`, 60 * MINUTE, 20);
  const emailChanged = details.adminEmail !== pending.adminEmail;
  const reverify = emailChanged ? { verificationStatus: "pending_verification" as const, emailVerifiedAt: null } : {};
  const update = deps.db
    .update(pendingSchools)
    .set({ ...details, ...reverify, updatedAt: now })
    .where(and(eq(pendingSchools.id, pending.id), eq(pendingSchools.paymentStatus, "unpaid")));
  const audit = auditInsert(
    deps.db,
    {
      eventType: "school_registration_updated",
      description: `${details.schoolName} registration details updated`,
      metadata: {
        pending_school_id: pending.id,
        email: details.adminEmail,
        plan: details.plan,
        email_changed: emailChanged,
      },
      at: now,
    },
    meta,
  );
  if (!emailChanged) {
    await deps.db.batch([update, audit]);
    return {
      pendingSchoolId: pending.id,
      verified: pending.verificationStatus === "email_verified",
      resumeToken: null,
    };
  }
  await limit(scope, `code-send:subject:${pending.id}`, 10 * MINUTE, 3);
  await limit(scope, `code-send:ip:${meta.ipAddress ?? "unknown"}`, 10 * MINUTE, 10);
  const code = await codeEmail(scope, {
    id: pending.id,
    schoolName: details.schoolName,
    adminEmail: details.adminEmail,
    locale: details.locale,
  });
  await deps.db.batch([update, revokeResumeTokens(deps.db, pending.id), audit, ...code.queries]);
  await enqueueEmails(deps, [code.emailId]);
  return { pendingSchoolId: pending.id, verified: false, resumeToken: code.resumeToken };
}

/** verify-email: the 6-digit code; 5 attempts per 30 minutes per registration and per address. */
export async function verifyEmail(scope: PublicScope, input: z.infer<typeof verifyEmailInput>) {
  const { deps, meta } = scope;
  const pending = await findPending(deps, input.pendingSchoolId);
  if (pending.verificationStatus !== "pending_verification") return { verified: true as const };
  await limit(scope, `verify:subject:${pending.id}`, 30 * MINUTE, 5);
  await limit(scope, `verify:ip:${meta.ipAddress ?? "unknown"}`, 30 * MINUTE, 20);
  const { now } = scope;
  const result = await checkCode(deps.db, pending.id, input.verificationCode, now);
  if (result === "expired") throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.codeExpired);
  if (result === "exhausted") throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.tooManyCodeAttempts);
  if (result !== "ok") throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.invalidCode);
  await deps.db
    .update(pendingSchools)
    .set({ verificationStatus: "email_verified", emailVerifiedAt: now, updatedAt: now })
    .where(eq(pendingSchools.id, pending.id));
  return { verified: true as const };
}

/** Resend Code (the old app's alert said it was not built): a fresh code, 3 per 10 minutes. */
export async function resendCode(scope: PublicScope, input: z.infer<typeof resendCodeInput>) {
  const { deps, meta } = scope;
  const pending = await findPending(deps, input.pendingSchoolId);
  if (pending.verificationStatus !== "pending_verification")
    throw new AppError("BAD_REQUEST", said(/*i18n*/ { id: "This e-mail address is already verified." }));
  await limit(scope, `code-send:subject:${pending.id}`, 10 * MINUTE, 3);
  await limit(scope, `code-send:ip:${meta.ipAddress ?? "unknown"}`, 10 * MINUTE, 10);
  const code = await codeEmail(scope, pending);
  await deps.db.batch([...code.queries]);
  await enqueueEmails(deps, [code.emailId]);
  return { message: REGISTRATION_MESSAGES.codeResent, resumeToken: code.resumeToken };
}

/**
 * create-checkout-session: Stripe Checkout in subscription mode with the plan's price. The
 * idempotency key makes a double click return the same session.
 */
export async function createCheckoutSession(scope: PublicScope, input: z.infer<typeof createCheckoutSessionInput>) {
  const { deps } = scope;
  const pending = await findPending(deps, input.pendingSchoolId);
  if (pending.verificationStatus === "pending_verification")
    throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.notVerified);
  if (pending.paymentStatus === "paid" || pending.verificationStatus !== "email_verified")
    throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.alreadyPaid);
  const { now } = scope;
  if (!pending.termsAcceptedAt) {
    await deps.db
      .update(pendingSchools)
      .set({ termsAcceptedAt: now, updatedAt: now })
      .where(eq(pendingSchools.id, pending.id));
  }
  const appUrl = deps.config.appUrl;
  let session;
  try {
    session = await deps.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [{ price: deps.config.stripePrices[pending.plan], quantity: 1 }],
        customer_email: pending.adminEmail,
        client_reference_id: pending.id,
        metadata: { pendingSchoolId: pending.id },
        subscription_data: { metadata: { pendingSchoolId: pending.id } },
        success_url: `${appUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/get-started?cancelled=1`,
      },
      // A double click gets the same session; edited details (plan, address) get a new one.
      {
        idempotencyKey: `registration-checkout-${pending.id}-${(await sha256Hex(`${pending.plan}:${pending.adminEmail}`)).slice(0, 16)}`,
      },
    );
  } catch (error) {
    deps.logger.error("stripe: checkout session failed", {
      pendingSchoolId: pending.id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.checkoutFailedRetry);
  }
  if (!session.url) throw new AppError("BAD_REQUEST", REGISTRATION_MESSAGES.checkoutFailed);
  await deps.db
    .update(pendingSchools)
    .set({ stripeCheckoutSessionId: session.id, updatedAt: now })
    .where(eq(pendingSchools.id, pending.id));
  return { checkout_url: session.url };
}

/** The payment success page asks whether the webhook has marked its session paid. */
export async function checkoutStatus(scope: PublicScope, input: { sessionId: string }) {
  const { deps } = scope;
  const { sessionId } = input;
  const [row] = await deps.db
    .select({ paymentStatus: pendingSchools.paymentStatus, schoolName: pendingSchools.schoolName })
    .from(pendingSchools)
    .where(eq(pendingSchools.stripeCheckoutSessionId, sessionId));
  return { found: row !== undefined, paid: row?.paymentStatus === "paid", schoolName: row?.schoolName ?? null };
}
