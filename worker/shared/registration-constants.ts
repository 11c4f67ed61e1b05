// No zod here: the registration wizard renders its first step with these alone, and loads the
// schemas (registration.ts, which re-exports all of this) when the form is used.
import { SCHOOL_TYPES } from "./enums.ts";
import { said } from "./said.ts";

/** The registration form's option lists and default. */
export const SCHOOL_TYPE_OPTIONS = SCHOOL_TYPES;
export const ADMIN_ROLE_OPTIONS = [
  "Head Teacher",
  "Principal",
  "IT Coordinator",
  "Transportation Manager",
  "Administrator",
  "Other",
] as const;
/** The countries of the form; each sets the school's currency (worker/shared/money.ts) and phone region. */
export const COUNTRY_OPTIONS = [
  "United States",
  "Canada",
  "United Kingdom",
  "Australia",
  "New Zealand",
  "Ireland",
  "Germany",
  "France",
  "Netherlands",
  "Spain",
  "Italy",
  "Sweden",
  "Norway",
  "Denmark",
  "Switzerland",
  "Japan",
  "Other",
] as const;
export const DEFAULT_COUNTRY = "United States";

/** The most characters each step-1 text field takes (the schema's rule and the inputs' maxLength). */
export const REGISTRATION_MAX_LENGTHS = {
  schoolName: 200,
  intendedStartDate: 10,
  adminFullName: 120,
  adminEmail: 254,
  adminPhone: 40,
  schoolAddress: 300,
  schoolCity: 120,
  schoolState: 120,
  schoolZipCode: 20,
} as const;

export const REGISTRATION_MESSAGES = {
  missingPrefix: said(/*i18n*/ { id: "Please fill in all required fields. Missing: " }),
  invalidEmail: said(/*i18n*/ { id: "Please enter a valid email address" }),
  pupilCount: said(/*i18n*/ { id: "Pupil count must be a positive number" }),
  busCount: said(/*i18n*/ { id: "Bus count must be a non-negative number" }),
  startDate: said(/*i18n*/ { id: "The intended start date cannot be before today" }),
  codeLength: said(/*i18n*/ { id: "Please enter the 6-digit verification code" }),
  invalidCode: said(/*i18n*/ { id: "Invalid verification code. Please try again." }),
  consent: said(/*i18n*/ { id: "You must accept both the Terms of Service and Privacy Policy to continue" }),
  registerFailed: said(/*i18n*/ { id: "Failed to register school. Please try again." }),
  unexpectedResponse: said(/*i18n*/ { id: "Unexpected response from server. Please try again." }),
  noPendingRegistration: said(/*i18n*/ { id: "No pending school registration found." }),
  checkoutFailed: said(/*i18n*/ { id: "Failed to create payment session." }),
  checkoutFailedRetry: said(/*i18n*/ { id: "Failed to create payment session. Please try again." }),
  generic: said(/*i18n*/ { id: "An unexpected error occurred. Please try again." }),
  codeExpired: said(/*i18n*/ { id: "This verification code has expired. Please request a new one." }),
  tooManyCodeAttempts: said(/*i18n*/ { id: "Too many wrong codes. Please request a new code." }),
  codeResent: said(/*i18n*/ { id: "A new verification code has been sent to your email." }),
  notVerified: said(/*i18n*/ { id: "Please verify your email address first." }),
  alreadyPaid: said(/*i18n*/ { id: "This registration has already been paid." }),
} as const;
