import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SCHOOL_TYPES } from "#shared/enums.ts";
import { LOCALES } from "#shared/locales.ts";
import { bool, createdAt, id, instant, isoDate, json, updatedAt } from "./columns.ts";

export { SCHOOL_TYPES };
export const SUBSCRIPTION_STATUSES = ["pending", "active", "trialing", "past_due", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const PLANS = ["starter", "professional", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

/**
 * An approved, tenant school. Setup status and parent counts are derived; the admin count is a
 * trigger-kept denormalisation so "missing admins" is an index lookup (ADR 0018).
 */
export const schools = sqliteTable(
  "schools",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    country: text("country"),
    schoolType: text("school_type", { enum: SCHOOL_TYPES }),
    pupilCount: integer("pupil_count"),
    busCount: integer("bus_count"),
    /** Short public code parents may type on the login page (the old app compared the raw id). */
    code: text("code").notNull(),
    isActive: bool("is_active").notNull().default(true),
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("pending"),
    plan: text("plan", { enum: PLANS }),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** `created` of the Stripe event that last set the subscription status (older events are ignored). */
    stripeStatusAt: instant("stripe_status_at"),
    /** Stripe Connect account that receives parent payments. */
    stripeConnectAccountId: text("stripe_connect_account_id"),
    connectChargesEnabled: bool("connect_charges_enabled").notNull().default(false),
    connectPayoutsEnabled: bool("connect_payouts_enabled").notNull().default(false),
    /** The account finished Stripe's onboarding form (`details_submitted`): the Connect gate opens. */
    connectDetailsSubmitted: bool("connect_details_submitted").notNull().default(false),
    /** Stripe's `requirements.currently_due` of the account; while any is due, parents cannot pay. */
    connectRequirementsDue: json<string[]>("connect_requirements_due").notNull().default([]),
    /** `created` of the Stripe event (or time of the fetch) that last set the Connect fields; older ones are ignored. */
    connectStatusAt: instant("connect_status_at"),
    /**
     * ISO 4217 code of every amount of the school (invoices, fees, field trips, Checkout), stored in
     * its minor units (ADR 0077). Set from the country at registration; editable in the payment
     * settings until the first invoice or paid field trip. Schools from before it got USD.
     */
    currency: text("currency").notNull().default("USD"),
    /** The `default_currency` the school's Stripe account last reported (null: none yet): the school's currency follows it (ADR 0077). */
    connectCurrency: text("connect_currency"),
    /** Platform fee on parent payments for this school, in basis points (500 = 5%). */
    platformFeeBps: integer("platform_fee_bps").notNull().default(500),
    /** IANA zone: trip times, "today" and weeks are in it. Schools from before zones existed got UTC. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The language of the school's people who have not chosen their own (one of LOCALES; set by its admin). */
    defaultLocale: text("default_locale", { enum: LOCALES }).notNull().default("en"),
    pendingSchoolId: text("pending_school_id"),
    /** How many school admins it has: kept by triggers on school_admins (ADR 0018), never written by the app. */
    adminCount: integer("admin_count").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("schools_code_unique").on(t.code),
    uniqueIndex("schools_stripe_subscription_unique").on(t.stripeSubscriptionId),
    uniqueIndex("schools_stripe_connect_unique").on(t.stripeConnectAccountId),
    // One index per filter of Schools Management, each ending in the list's order (ADR 0018).
    index("schools_created_at_idx").on(t.createdAt, t.id),
    index("schools_status_idx").on(t.subscriptionStatus, t.isActive, t.createdAt, t.id),
    index("schools_active_created_idx").on(t.isActive, t.createdAt, t.id),
    index("schools_admin_count_idx").on(t.adminCount, t.createdAt, t.id),
    index("schools_name_idx").on(t.name),
    /** Searches of 1–2 characters match the start of the name (too short for the trigram index), listed by name. */
    index("schools_name_lower_idx").on(sql`lower(${t.name})`, t.id),
    check("schools_fee_range", sql`${t.platformFeeBps} between 0 and 10000`),
  ],
);

export const VERIFICATION_STATUSES = [
  "pending_verification",
  "email_verified",
  "payment_successful",
  "approved",
  "rejected",
] as const;
export const PAYMENT_STATUSES = ["unpaid", "paid"] as const;

/** A self-registration waiting for e-mail verification, payment and the super admin's review. */
export const pendingSchools = sqliteTable(
  "pending_schools",
  {
    id: id(),
    schoolName: text("school_name").notNull(),
    schoolType: text("school_type", { enum: SCHOOL_TYPES }).notNull(),
    schoolAddress: text("school_address").notNull(),
    schoolCity: text("school_city").notNull(),
    schoolState: text("school_state").notNull(),
    schoolZipCode: text("school_zip_code").notNull(),
    schoolCountry: text("school_country").notNull(),
    adminFullName: text("admin_full_name").notNull(),
    adminRole: text("admin_role").notNull(),
    adminEmail: text("admin_email").notNull(),
    adminPhone: text("admin_phone"),
    pupilCount: integer("pupil_count").notNull(),
    busCount: integer("bus_count").notNull(),
    intendedStartDate: isoDate("intended_start_date").notNull(),
    plan: text("plan", { enum: PLANS }).notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The language the registration form was filled in: its e-mails (code, approval, rejection) are in it. */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    verificationStatus: text("verification_status", { enum: VERIFICATION_STATUSES })
      .notNull()
      .default("pending_verification"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    emailVerifiedAt: instant("email_verified_at"),
    termsAcceptedAt: instant("terms_accepted_at"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** Subscription status reported by Stripe before the school exists, and when Stripe reported it. */
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES }),
    stripeStatusAt: instant("stripe_status_at"),
    /** Marker written by the review (approval or rejection) that won; one review per registration. */
    reviewId: text("review_id"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: instant("reviewed_at"),
    rejectionReason: text("rejection_reason"),
    schoolId: text("school_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("pending_schools_review_idx").on(t.verificationStatus, t.paymentStatus, t.createdAt),
    index("pending_schools_email_idx").on(t.adminEmail),
    uniqueIndex("pending_schools_checkout_unique").on(t.stripeCheckoutSessionId),
  ],
);
