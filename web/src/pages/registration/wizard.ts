import { DEFAULT_COUNTRY, REGISTRATION_MESSAGES, REQUIRED_FIELD_LABELS, type RegistrationInput } from "#shared/registration.ts";
import { errorMessage, fieldErrorsOf } from "../../lib/errors.ts";
import { browserTimeZone } from "../../lib/time-zone.ts";
import type { RegistrationOutput } from "./SchoolDetailsStep.tsx";

/** Today in the browser's time zone, as `YYYY-MM-DD` (the earliest start date the form offers). */
export function localToday(date = new Date()): string {
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 10);
}

/** The four steps of the wizard (spec §2), in order. */
export const STEPS = [
  { number: 1, title: "School Identity & Admin Info" },
  { number: 2, title: "Email Verification" },
  { number: 3, title: "Terms & Consent" },
  { number: 4, title: "Complete Your Registration" },
] as const;
export type StepNumber = (typeof STEPS)[number]["number"];

export type FieldName = keyof RegistrationInput;

export const DEFAULT_VALUES: RegistrationInput = {
  schoolName: "",
  schoolType: "",
  schoolCountry: DEFAULT_COUNTRY,
  intendedStartDate: "",
  adminFullName: "",
  adminRole: "",
  adminEmail: "",
  adminPhone: "",
  schoolAddress: "",
  schoolCity: "",
  schoolState: "",
  schoolZipCode: "",
  timeZone: browserTimeZone(),
};

/** What step 1 sends: the checked values, without an empty phone. */
export function stepOneInput(values: RegistrationOutput) {
  const { adminPhone, ...rest } = values;
  return { ...rest, ...(adminPhone ? { adminPhone } : {}) };
}

export const submittedNotice = (email: string): WizardMessage => ({
  kind: "success",
  title: "Registration Submitted",
  text: `Please check your e-mail (${email}) for the 6-digit verification code.`,
});

/** A message shown under the step heading: errors are alerts, the rest are status notices. */
export type WizardMessage = { kind: "error" | "success" | "info"; title?: string; text: string };

export const errorNotice = (text: string): WizardMessage => ({ kind: "error", text });

/** Id of the element that shows the current message, so invalid fields can point at it. */
export const MESSAGE_ID = "registration-message";

/**
 * The fields named in "Please fill in all required fields. Missing: School Name, City": the schema
 * reports them in words, this maps the words back to the fields so they can be marked invalid.
 */
export function fieldsOfMissingMessage(message: string): FieldName[] {
  if (!message.startsWith(REGISTRATION_MESSAGES.missingPrefix)) return [];
  const words = message.slice(REGISTRATION_MESSAGES.missingPrefix.length).split(", ");
  return (Object.keys(REQUIRED_FIELD_LABELS) as (keyof typeof REQUIRED_FIELD_LABELS)[]).filter((field) => words.includes(REQUIRED_FIELD_LABELS[field]));
}

/** Step 1 fields the server rejected (its input schema reports them as `fieldErrors`). */
export function serverFieldErrors(error: unknown): FieldName[] {
  return Object.keys(fieldErrorsOf(error) ?? {}) as FieldName[];
}

/** The server's message, or the step's fallback when there is none (network failure, crash). */
export function failure(error: unknown, fallback: string): WizardMessage {
  return errorNotice(errorMessage(error, fallback));
}

/** "$199" from 19 900 cents. */
export function formatPrice(cents: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}
