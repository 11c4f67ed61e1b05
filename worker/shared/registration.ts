import { z } from "zod";
import { SCHOOL_TYPES } from "./enums.ts";
import { timeZoneField } from "./time-zone-field.ts";

/** Spec §3: the registration form's option lists and default. */
export const SCHOOL_TYPE_OPTIONS = SCHOOL_TYPES;
export const ADMIN_ROLE_OPTIONS = ["Head Teacher", "Principal", "IT Coordinator", "Transportation Manager", "Administrator", "Other"] as const;
export const COUNTRY_OPTIONS = ["United States", "Canada", "United Kingdom", "Australia", "Other"] as const;
export const DEFAULT_COUNTRY = "United States";

export const REGISTRATION_MESSAGES = {
  missingPrefix: "Please fill in all required fields. Missing: ",
  invalidEmail: "Please enter a valid email address",
  pupilCount: "Pupil count must be a positive number",
  busCount: "Bus count must be a non-negative number",
  startDate: "The intended start date cannot be before today",
  codeLength: "Please enter the 6-digit verification code",
  invalidCode: "Invalid verification code. Please try again.",
  consent: "You must accept both the Terms of Service and Privacy Policy to continue",
  registerFailed: "Failed to register school. Please try again.",
  unexpectedResponse: "Unexpected response from server. Please try again.",
  noPendingRegistration: "No pending school registration found.",
  checkoutFailed: "Failed to create payment session.",
  checkoutFailedRetry: "Failed to create payment session. Please try again.",
  generic: "An unexpected error occurred. Please try again.",
  codeExpired: "This verification code has expired. Please request a new one.",
  tooManyCodeAttempts: "Too many wrong codes. Please request a new code.",
  codeResent: "A new verification code has been sent to your email.",
  notVerified: "Please verify your email address first.",
  alreadyPaid: "This registration has already been paid.",
} as const;

/** Required fields of step 1, in the order the message lists them, with their names in words. */
export const REQUIRED_FIELD_LABELS = {
  schoolName: "School Name",
  adminFullName: "Admin Full Name",
  adminRole: "Admin Role",
  adminEmail: "Admin Email",
  schoolAddress: "Street Address",
  schoolCity: "City",
  schoolState: "State/Province",
  schoolZipCode: "ZIP/Postal Code",
  schoolCountry: "Country",
  schoolType: "School Type",
  pupilCount: "Number of Pupils",
  busCount: "Number of Buses",
  intendedStartDate: "Intended Start Date",
} as const;
type RequiredField = keyof typeof REQUIRED_FIELD_LABELS;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (typeof value === "number" && Number.isNaN(value));

/** "Please fill in all required fields. Missing: School Name, City", or null when nothing is missing. */
export function missingFieldsMessage(values: Partial<Record<RequiredField, unknown>>): string | null {
  const missing = (Object.keys(REQUIRED_FIELD_LABELS) as RequiredField[]).filter((field) => isBlank(values[field]));
  return missing.length ? `${REGISTRATION_MESSAGES.missingPrefix}${missing.map((field) => REQUIRED_FIELD_LABELS[field]).join(", ")}` : null;
}

const text = (max: number) => z.string().trim().max(max);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const registrationFields = z.object({
  schoolName: text(200),
  schoolType: z.union([z.enum(SCHOOL_TYPE_OPTIONS), z.literal("")]),
  schoolCountry: z.union([z.enum(COUNTRY_OPTIONS), z.literal("")]),
  pupilCount: z.number().or(z.nan()).optional(),
  busCount: z.number().or(z.nan()).optional(),
  intendedStartDate: text(10),
  adminFullName: text(120),
  adminRole: z.union([z.enum(ADMIN_ROLE_OPTIONS), z.literal("")]),
  adminEmail: text(254),
  adminPhone: text(40).optional(),
  schoolAddress: text(300),
  schoolCity: text(120),
  schoolState: text(120),
  schoolZipCode: text(20),
  /** Not in the old form: trips and "today" are in it (the browser's zone by default). */
  timeZone: timeZoneField,
});

function checkRegistration(today: string) {
  return (value: z.output<typeof registrationFields>, ctx: z.RefinementCtx) => {
    const missing = missingFieldsMessage(value);
    if (missing) return void ctx.addIssue({ code: "custom", message: missing, path: [] });
    if (!z.email().safeParse(value.adminEmail).success) {
      return void ctx.addIssue({ code: "custom", message: REGISTRATION_MESSAGES.invalidEmail, path: ["adminEmail"] });
    }
    if (!Number.isInteger(value.pupilCount) || (value.pupilCount ?? 0) < 1 || (value.pupilCount ?? 0) > 1_000_000) {
      return void ctx.addIssue({ code: "custom", message: REGISTRATION_MESSAGES.pupilCount, path: ["pupilCount"] });
    }
    if (!Number.isInteger(value.busCount) || (value.busCount ?? -1) < 0 || (value.busCount ?? 0) > 100_000) {
      return void ctx.addIssue({ code: "custom", message: REGISTRATION_MESSAGES.busCount, path: ["busCount"] });
    }
    if (!ISO_DATE.test(value.intendedStartDate) || Number.isNaN(Date.parse(value.intendedStartDate)) || value.intendedStartDate < today) {
      return void ctx.addIssue({ code: "custom", message: REGISTRATION_MESSAGES.startDate, path: ["intendedStartDate"] });
    }
  };
}

/**
 * Step 1 (register-school). `today` is the earliest acceptable start date as `YYYY-MM-DD`: the
 * browser passes its local date; the server allows for every time zone (see `earliestStartDate`).
 * The first problem is reported, in the spec's order: missing fields, e-mail, pupils, buses, date.
 */
export function registrationSchema(today: string) {
  return registrationFields.strict().superRefine(checkRegistration(today));
}

/** Step 1 edited after Previous: the same rules, for the registration the wizard already holds. */
export function updateRegistrationSchema(today: string) {
  return registrationFields
    .extend({ pendingSchoolId: z.string().min(1, REGISTRATION_MESSAGES.noPendingRegistration).max(64) })
    .strict()
    .superRefine(checkRegistration(today));
}
export type RegistrationInput = z.input<ReturnType<typeof registrationSchema>>;
/** Step-1 values once the schema accepted them (no blanks left). */
export type RegistrationValues = z.output<ReturnType<typeof registrationSchema>>;

/** Somewhere on Earth it is still this date (UTC−12), so a browser's "today" is never refused. */
export function earliestStartDate(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

export const verifyEmailInput = z
  .object({
    pendingSchoolId: z.string().min(1, REGISTRATION_MESSAGES.noPendingRegistration).max(64),
    verificationCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, REGISTRATION_MESSAGES.codeLength),
  })
  .strict();

export const resumeRegistrationInput = z.object({ token: z.string().trim().min(1).max(128) }).strict();

export const resendCodeInput = z.object({ pendingSchoolId: z.string().min(1).max(64) }).strict();

export const createCheckoutSessionInput = z
  .object({
    pendingSchoolId: z.string().min(1, REGISTRATION_MESSAGES.noPendingRegistration).max(64),
    termsAccepted: z.boolean(),
    privacyAccepted: z.boolean(),
  })
  .strict()
  .refine((value) => value.termsAccepted && value.privacyAccepted, { message: REGISTRATION_MESSAGES.consent });

/** Plans by pupil count (spec §9): Starter up to 200, Professional 201–600, Enterprise above 600. */
export const PLANS = {
  starter: {
    name: "Starter",
    priceCents: 19_900,
    maxBuses: 5,
    limits: "Up to 5 buses and 200 students",
    features: ["Route planning and trip scheduling", "Parent notifications", "Online invoices and payments", "E-mail support"],
  },
  professional: {
    name: "Professional",
    priceCents: 39_900,
    maxBuses: 15,
    limits: "Up to 15 buses and 600 students",
    features: ["Everything in Starter", "Advanced reporting", "Field trips with online enrolment", "Priority support"],
  },
  enterprise: {
    name: "Enterprise",
    priceCents: 79_900,
    maxBuses: Number.POSITIVE_INFINITY,
    limits: "Unlimited buses and students",
    features: ["Everything in Professional", "Custom integrations", "API access", "Dedicated account manager"],
  },
} as const;
export type PlanId = keyof typeof PLANS;

export function planForPupils(pupilCount: number): PlanId {
  if (pupilCount <= 200) return "starter";
  if (pupilCount <= 600) return "professional";
  return "enterprise";
}

const PLAN_ORDER: readonly PlanId[] = ["starter", "professional", "enterprise"];

/**
 * The plan a registration subscribes to: the pupil count's plan (spec §9), or the smallest larger
 * one whose bus limit fits the buses entered (Starter has up to 5 buses, Professional up to 15).
 */
export function planFor(input: { pupilCount: number; busCount: number }): PlanId {
  const byPupils = planForPupils(input.pupilCount);
  return PLAN_ORDER.slice(PLAN_ORDER.indexOf(byPupils)).find((plan) => input.busCount <= PLANS[plan].maxBuses) ?? "enterprise";
}

/** Step 4's note when the buses, not the pupils, decided the plan; null otherwise. */
export function busLimitNote(input: { pupilCount: number; busCount: number }): string | null {
  const byPupils = planForPupils(input.pupilCount);
  const plan = planFor(input);
  if (plan === byPupils) return null;
  const limit = PLANS[byPupils];
  return `${input.busCount} buses exceed the ${limit.name} plan's limit of ${limit.maxBuses} buses, so your registration uses the ${PLANS[plan].name} plan, which fits them.`;
}

export const approveRegistrationInput = z.object({ pendingSchoolId: z.string().min(1).max(64) }).strict();
export const rejectRegistrationInput = z.object({ pendingSchoolId: z.string().min(1).max(64), reason: z.string().trim().max(1000).optional() }).strict();
