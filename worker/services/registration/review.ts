import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { insertWhere, rowHolds } from "#db/conditional.ts";
import { invitations, pendingSchools, schools } from "#db/schema/index.ts";
import { currencyForCountry } from "#shared/currency-settings.ts";
import { formatPhone, phoneRegion } from "#shared/phone.ts";
import type { approveRegistrationInput, rejectRegistrationInput } from "#shared/registration.ts";
import { registrationApprovedEmail, registrationRejectedEmail } from "#worker/email/templates.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import { cappedCount, cappedPageOf } from "../_shared/paging.ts";
import type { Scope } from "../_shared/scope.ts";
import { DAY_MS } from "../_shared/time.ts";
import { AppError } from "../errors.ts";
import { acceptLink, invitationMetadata, issueSecrets } from "../invitations/shared.ts";
import { readPlatformSettings } from "../platform/settings.ts";
import { generateSchoolCode } from "../schools/code.ts";

export const REVIEW_MESSAGES = {
  notFound: "No pending school registration found.",
  notReviewable: "Only paid registrations awaiting review can be approved or rejected.",
  alreadyReviewed: "This registration has already been reviewed.",
} as const;

async function reviewable(db: Db, pendingSchoolId: string) {
  const [pending] = await db.select().from(pendingSchools).where(eq(pendingSchools.id, pendingSchoolId));
  if (!pending) throw new AppError("NOT_FOUND", REVIEW_MESSAGES.notFound);
  if (pending.verificationStatus === "approved" || pending.verificationStatus === "rejected")
    throw new AppError("CONFLICT", REVIEW_MESSAGES.alreadyReviewed);
  if (pending.verificationStatus !== "payment_successful" || pending.paymentStatus !== "paid")
    throw new AppError("BAD_REQUEST", REVIEW_MESSAGES.notReviewable);
  return pending;
}

/**
 * approve-school-registration, atomically: one batch claims the registration (a review id unique
 * to this request) and, only if the claim is ours, creates the school (subscription and Stripe
 * links carried over; the registration's language its default language), its first school-admin invitation with a temporary password, the credentials
 * e-mail and the audit row. A double click or a second tab finds the registration reviewed.
 */
export async function approveRegistration(scope: Scope, input: z.infer<typeof approveRegistrationInput>) {
  const { deps, actor, now } = scope;
  const { db, config } = deps;
  const pending = await reviewable(db, input.pendingSchoolId);
  const settings = await readPlatformSettings(db);
  const reviewId = crypto.randomUUID();
  const schoolId = crypto.randomUUID();
  const won = rowHolds(pendingSchools, pending.id, pendingSchools.reviewId, reviewId);

  const secrets = await issueSecrets("school_admin");
  const invitation = {
    id: crypto.randomUUID(),
    email: pending.adminEmail,
    role: "school_admin" as const,
    schoolId,
    tokenHash: secrets.tokenHash,
    temporaryPasswordHash: secrets.temporaryPasswordHash,
    status: "pending" as const,
    expiresAt: new Date(now.getTime() + settings.invitationValidityDays * DAY_MS),
    invitedBy: actor.id,
    invitedByRole: actor.role,
    // The registrant's language becomes the first admin's own (and, below, the school's default).
    metadata: { ...invitationMetadata("school_admin", pending.adminFullName, config.appUrl), locale: pending.locale },
    createdAt: now,
    updatedAt: now,
  };
  const email = {
    ...registrationApprovedEmail({
      locale: pending.locale,
      timeZone: pending.timeZone,
      name: pending.adminFullName,
      schoolName: pending.schoolName,
      email: pending.adminEmail,
      temporaryPassword: secrets.temporaryPassword ?? "",
      acceptLink: acceptLink(config.appUrl, secrets.token),
      loginLink: `${config.appUrl}/login/school`,
      expiresAt: invitation.expiresAt,
    }),
    type: "registration_approved" as const,
    to: pending.adminEmail,
    schoolId,
    relatedId: pending.id,
  };

  await commitWithOutbox(
    scope,
    [
      db
        .update(pendingSchools)
        .set({
          verificationStatus: "approved",
          reviewId,
          reviewedBy: actor.id,
          reviewedAt: now,
          schoolId,
          updatedAt: now,
        })
        .where(
          and(
            eq(pendingSchools.id, pending.id),
            eq(pendingSchools.verificationStatus, "payment_successful"),
            eq(pendingSchools.paymentStatus, "paid"),
          ),
        ),
      insertWhere(
        db,
        schools,
        {
          id: schoolId,
          name: pending.schoolName,
          email: pending.adminEmail,
          phone: pending.adminPhone,
          address: pending.schoolAddress,
          city: pending.schoolCity,
          state: pending.schoolState,
          zipCode: pending.schoolZipCode,
          country: pending.schoolCountry,
          // The country's currency; the school admin may change it until the first invoice (ADR 0077).
          currency: currencyForCountry(pending.schoolCountry),
          timeZone: pending.timeZone,
          defaultLocale: pending.locale,
          schoolType: pending.schoolType,
          pupilCount: pending.pupilCount,
          busCount: pending.busCount,
          code: generateSchoolCode(),
          isActive: true,
          subscriptionStatus: pending.subscriptionStatus ?? "active",
          stripeStatusAt: pending.stripeStatusAt,
          plan: pending.plan,
          stripeCustomerId: pending.stripeCustomerId,
          stripeSubscriptionId: pending.stripeSubscriptionId,
          platformFeeBps: settings.defaultPlatformFeeBps,
          pendingSchoolId: pending.id,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        },
        won,
      ),
      insertWhere(db, invitations, invitation, won),
    ],
    {
      emails: [email],
      audit: {
        eventType: "school_approved",
        description: `Approved the registration of ${pending.schoolName}`,
        schoolId,
        metadata: { pending_school_id: pending.id, invite_id: invitation.id, email: pending.adminEmail },
      },
      claim: { won, lost: new AppError("CONFLICT", REVIEW_MESSAGES.alreadyReviewed) },
    },
  );
  return { school: { id: schoolId, name: pending.schoolName } };
}

/** reject-school-registration: the optional reason is stored and e-mailed; one review wins. */
export async function rejectRegistration(scope: Scope, input: z.infer<typeof rejectRegistrationInput>) {
  const { deps, actor, now } = scope;
  const { db } = deps;
  const pending = await reviewable(db, input.pendingSchoolId);
  const reason = input.reason?.trim() || null;
  const reviewId = crypto.randomUUID();
  const won = rowHolds(pendingSchools, pending.id, pendingSchools.reviewId, reviewId);
  const settings = await readPlatformSettings(db);
  await commitWithOutbox(
    scope,
    [
      db
        .update(pendingSchools)
        .set({
          verificationStatus: "rejected",
          reviewId,
          reviewedBy: actor.id,
          reviewedAt: now,
          rejectionReason: reason,
          updatedAt: now,
        })
        .where(and(eq(pendingSchools.id, pending.id), eq(pendingSchools.verificationStatus, "payment_successful"))),
    ],
    {
      emails: [
        {
          ...registrationRejectedEmail({
            locale: pending.locale,
            name: pending.adminFullName,
            schoolName: pending.schoolName,
            reason,
            supportEmail: settings.supportEmail,
          }),
          type: "registration_rejected",
          to: pending.adminEmail,
          relatedId: pending.id,
        },
      ],
      audit: {
        eventType: "school_rejected",
        description: `Rejected the registration of ${pending.schoolName}`,
        metadata: { pending_school_id: pending.id, email: pending.adminEmail, reason },
      },
      claim: { won, lost: new AppError("CONFLICT", REVIEW_MESSAGES.alreadyReviewed) },
    },
  );
  return { rejected: true as const };
}

/** Registrations awaiting review: paid, payment successful, newest first. */
export async function pendingRegistrations(scope: Scope, input: { limit: number }) {
  const { db } = scope.deps;
  const { limit } = input;
  const where = and(
    eq(pendingSchools.verificationStatus, "payment_successful"),
    eq(pendingSchools.paymentStatus, "paid"),
  );
  const [rows, totals] = await db.batch([
    db
      .select({
        id: pendingSchools.id,
        schoolName: pendingSchools.schoolName,
        schoolType: pendingSchools.schoolType,
        schoolAddress: pendingSchools.schoolAddress,
        schoolCity: pendingSchools.schoolCity,
        schoolState: pendingSchools.schoolState,
        schoolZipCode: pendingSchools.schoolZipCode,
        schoolCountry: pendingSchools.schoolCountry,
        adminFullName: pendingSchools.adminFullName,
        adminRole: pendingSchools.adminRole,
        adminEmail: pendingSchools.adminEmail,
        adminPhone: pendingSchools.adminPhone,
        timeZone: pendingSchools.timeZone,
        pupilCount: pendingSchools.pupilCount,
        busCount: pendingSchools.busCount,
        intendedStartDate: pendingSchools.intendedStartDate,
        plan: pendingSchools.plan,
        verificationStatus: pendingSchools.verificationStatus,
        paymentStatus: pendingSchools.paymentStatus,
        createdAt: pendingSchools.createdAt,
      })
      .from(pendingSchools)
      .where(where)
      .orderBy(desc(pendingSchools.createdAt), desc(pendingSchools.id))
      .limit(limit),
    cappedCount(db, pendingSchools, where, 1, limit),
  ]);
  const { total, totalCapped } = cappedPageOf(rows, totals[0]?.total ?? 0, 1, limit);
  // The admin's phone as people read it, in the school's region.
  const shown = rows.map(({ timeZone, ...row }) => ({
    ...row,
    adminPhone: formatPhone(row.adminPhone, phoneRegion({ country: row.schoolCountry, timeZone })),
  }));
  return { rows: shown, total, totalCapped };
}
