import { msg, t } from "@lingui/core/macro";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { DEFAULT_COUNTRY, REGISTRATION_MESSAGES } from "#shared/registration-constants.ts";
import type { DetailsForm } from "../../features/registrations/wizard-calls.ts";
import { activeLocale } from "../../i18n/i18n.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { browserTimeZone } from "../../lib/time-zone.ts";

/**
 * The wizard's calls (schemas, tRPC client), loaded when the form is first used, a step is
 * submitted or a registration is resumed: not in the page's initial JS.
 */
export const loadWizardCalls = () => import("../../features/registrations/wizard-calls.ts");

/** Today in the browser's time zone, as `YYYY-MM-DD` (the earliest start date the form offers). */
export function localToday(date = new Date()): string {
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 10);
}

/** The four steps of the wizard, in order. */
export const STEPS = [
  { number: 1, title: msg`School Identity & Admin Info` },
  { number: 2, title: msg`Email Verification` },
  { number: 3, title: msg`Terms & Consent` },
  { number: 4, title: msg`Complete Your Registration` },
] as const;
export type StepNumber = (typeof STEPS)[number]["number"];

export type { DetailsForm, FieldName } from "../../features/registrations/wizard-calls.ts";

export const DEFAULT_VALUES: DetailsForm = {
  schoolName: "",
  schoolType: "",
  schoolCountry: DEFAULT_COUNTRY,
  pupilCount: "",
  busCount: "",
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

export const submittedNotice = (email: string): WizardMessage => ({
  kind: "success",
  title: t`Registration Submitted`,
  text: t`Please check your e-mail (${email}) for the 6-digit verification code.`,
});

/** A message shown under the step heading: errors are alerts, the rest are status notices. */
export type WizardMessage = { kind: "error" | "success" | "info"; title?: string; text: string };

export const errorNotice = (text: string): WizardMessage => ({ kind: "error", text });

/**
 * A wizard message in the reader's language: a fixed text of worker/shared by its English, and the
 * schema's "Please fill in all required fields. Missing: School Name, City" with each field's name
 * in the reader's language, listed the language's way (English keeps its commas).
 */
export function wizardText(text: string): string {
  const prefix = REGISTRATION_MESSAGES.missingPrefix;
  if (!text.startsWith(prefix)) return sharedText(text);
  const names = text
    .slice(prefix.length)
    .split(", ")
    .map((name) => sharedText(name));
  const locale = activeLocale();
  const list =
    locale === "en"
      ? names.join(", ")
      : new Intl.ListFormat(LOCALE_TAGS[locale], { type: "unit", style: "short" }).format(names);
  return `${sharedText(prefix)}${list}`;
}

/** Id of the element that shows the current message, so invalid fields can point at it. */
export const MESSAGE_ID = "registration-message";

export type WizardCalls = Awaited<ReturnType<typeof loadWizardCalls>>;
/** The call in flight: one at a time (a double click sends nothing twice). */
export type Pending = "details" | "verify" | "resend" | "checkout";

/** What the wizard gives each step after the first (the steps hold their own code, loaded when shown). */
export type WizardControls = {
  pending: Pending | null;
  /** Runs a step's call with the wizard's calls loaded, unless one is in flight; the fallback says it failed to load. */
  run: (kind: Pending, fallback: string, task: (calls: WizardCalls) => Promise<void>) => Promise<void>;
  goTo: (next: StepNumber, notice: WizardMessage | null) => void;
  setMessage: (message: WizardMessage | null) => void;
  /** The pending registration a call is about; without one the wizard says so (null: send nothing). */
  pendingRegistration: () => string | null;
  /** The form was first used: the next step's code starts loading. */
  preloadNext: () => void;
  onPrevious: () => void;
};

/** "$199" from 19 900 cents (in the reader's language: "199 US$" in Spanish). */
export function formatPrice(cents: number): string {
  return new Intl.NumberFormat(LOCALE_TAGS[activeLocale()], {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}
