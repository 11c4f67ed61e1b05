import { z } from "zod";
import { FIELD_MESSAGES } from "./fields.ts";
import { LOCALES } from "./locales.ts";
import { phoneRegion, refinePhone } from "./phone.ts";
import {
  ADMIN_ROLE_OPTIONS,
  COUNTRY_OPTIONS,
  REGISTRATION_MAX_LENGTHS as MAX,
  REGISTRATION_MESSAGES,
  SCHOOL_TYPE_OPTIONS,
} from "./registration-constants.ts";
import { missingFieldsMessage } from "./registration-required.ts";
import { timeZoneField } from "./time-zone-field.ts";

// The option lists, messages and plans have no zod: the wizard shows them before it loads the schemas.
export * from "./plans.ts";
export * from "./registration-constants.ts";
export * from "./registration-required.ts";

const text = (max: number) => z.string().trim().max(max, FIELD_MESSAGES.tooLong(max));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const registrationFields = z.object({
  /** The language the form was filled in: the registration's e-mails are in it (issue 30; English when absent). */
  locale: z.enum(LOCALES).optional(),
  schoolName: text(MAX.schoolName),
  schoolType: z.union([z.enum(SCHOOL_TYPE_OPTIONS), z.literal("")]),
  schoolCountry: z.union([z.enum(COUNTRY_OPTIONS), z.literal("")]),
  pupilCount: z.number().or(z.nan()).optional(),
  busCount: z.number().or(z.nan()).optional(),
  intendedStartDate: text(MAX.intendedStartDate),
  adminFullName: text(MAX.adminFullName),
  adminRole: z.union([z.enum(ADMIN_ROLE_OPTIONS), z.literal("")]),
  adminEmail: text(MAX.adminEmail),
  adminPhone: text(MAX.adminPhone).optional(),
  schoolAddress: text(MAX.schoolAddress),
  schoolCity: text(MAX.schoolCity),
  schoolState: text(MAX.schoolState),
  schoolZipCode: text(MAX.schoolZipCode),
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
    if (
      !ISO_DATE.test(value.intendedStartDate) ||
      Number.isNaN(Date.parse(value.intendedStartDate)) ||
      value.intendedStartDate < today
    ) {
      return void ctx.addIssue({
        code: "custom",
        message: REGISTRATION_MESSAGES.startDate,
        path: ["intendedStartDate"],
      });
    }
    // Optional; when given, a valid number in the school's region (its country, else its time zone).
    refinePhone(
      ctx,
      "adminPhone",
      value.adminPhone,
      phoneRegion({ country: value.schoolCountry, timeZone: value.timeZone }),
    );
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

export const approveRegistrationInput = z.object({ pendingSchoolId: z.string().min(1).max(64) }).strict();
export const rejectRegistrationInput = z
  .object({ pendingSchoolId: z.string().min(1).max(64), reason: z.string().trim().max(1000).optional() })
  .strict();
