import { and, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { pendingSchools, registrationResumeTokens } from "#db/schema/index.ts";
import { formatPhone, phoneRegion } from "#shared/phone.ts";
import type { RegistrationInput, resumeRegistrationInput } from "#shared/registration.ts";
import { randomBytes, sha256Hex, toBase64Url } from "#worker/auth/crypto.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { PublicScope } from "../_shared/scope.ts";
import { AppError, tooManyAttempts } from "../errors.ts";

/** A resume link works for 7 days. */
export const RESUME_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

export const RESUME_MESSAGES = {
  invalid: "This registration link is invalid or has expired. Please register again.",
  paid: "This registration has already been paid. We will e-mail you once our team has reviewed it.",
  approved:
    "This registration has already been approved. Sign in as a school admin with the credentials we e-mailed you.",
  rejected: "This registration was not approved. Please contact us if you have questions.",
} as const;

/** A new resume token for a registration (the caller batches the query with its other writes). */
export async function resumeTokenInsert(db: Db, input: { pendingSchoolId: string; email: string; now: Date }) {
  const token = toBase64Url(randomBytes(32));
  return {
    token,
    query: db.insert(registrationResumeTokens).values({
      id: crypto.randomUUID(),
      tokenHash: await sha256Hex(token),
      pendingSchoolId: input.pendingSchoolId,
      email: input.email,
      expiresAt: new Date(input.now.getTime() + RESUME_TOKEN_TTL_MS),
      createdAt: input.now,
    }),
  };
}

/** The links sent to an address the registration no longer uses stop working. */
export function revokeResumeTokens(db: Db, pendingSchoolId: string) {
  return db.delete(registrationResumeTokens).where(eq(registrationResumeTokens.pendingSchoolId, pendingSchoolId));
}

export type ResumeResult =
  | { status: "resumable"; pendingSchoolId: string; step: 2 | 3 | 4; details: Required<RegistrationInput> }
  | { status: "paid" | "approved" | "rejected"; message: string };

/**
 * Opens a registration from its resume link: the details and the step to continue at (2 before
 * the e-mail is verified, 3 before the consents, otherwise 4), or why it cannot be continued.
 */
export async function resumeRegistration(
  scope: PublicScope,
  input: z.infer<typeof resumeRegistrationInput>,
): Promise<ResumeResult> {
  const { deps, meta, now } = scope;
  const { token } = input;
  const decision = await hitWindow(deps.db, `resume:ip:${meta.ipAddress ?? "unknown"}`, now, 10 * 60_000, 20);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
  const [row] = await deps.db
    .select({ pending: pendingSchools })
    .from(registrationResumeTokens)
    .innerJoin(pendingSchools, eq(pendingSchools.id, registrationResumeTokens.pendingSchoolId))
    .where(
      and(
        eq(registrationResumeTokens.tokenHash, await sha256Hex(token.trim())),
        gt(registrationResumeTokens.expiresAt, now),
      ),
    );
  if (!row) throw new AppError("BAD_REQUEST", RESUME_MESSAGES.invalid);
  const pending = row.pending;
  if (pending.verificationStatus === "approved") return { status: "approved", message: RESUME_MESSAGES.approved };
  if (pending.verificationStatus === "rejected") return { status: "rejected", message: RESUME_MESSAGES.rejected };
  if (pending.paymentStatus === "paid" || pending.verificationStatus === "payment_successful")
    return { status: "paid", message: RESUME_MESSAGES.paid };
  const step = pending.verificationStatus === "pending_verification" ? 2 : pending.termsAcceptedAt ? 4 : 3;
  return {
    status: "resumable",
    pendingSchoolId: pending.id,
    step,
    details: {
      locale: pending.locale,
      schoolName: pending.schoolName,
      schoolType: pending.schoolType,
      schoolCountry: pending.schoolCountry as Required<RegistrationInput>["schoolCountry"],
      pupilCount: pending.pupilCount,
      busCount: pending.busCount,
      intendedStartDate: pending.intendedStartDate,
      adminFullName: pending.adminFullName,
      adminRole: pending.adminRole as Required<RegistrationInput>["adminRole"],
      adminEmail: pending.adminEmail,
      adminPhone:
        formatPhone(pending.adminPhone, phoneRegion({ country: pending.schoolCountry, timeZone: pending.timeZone })) ??
        "",
      schoolAddress: pending.schoolAddress,
      schoolCity: pending.schoolCity,
      schoolState: pending.schoolState,
      schoolZipCode: pending.schoolZipCode,
      timeZone: pending.timeZone,
    },
  };
}
