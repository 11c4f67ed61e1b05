import { DEFAULT_COUNTRY } from "#shared/registration-constants.ts";
import type { DetailsForm } from "../../features/registrations/wizard-calls.ts";
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
  { number: 1, title: "School Identity & Admin Info" },
  { number: 2, title: "Email Verification" },
  { number: 3, title: "Terms & Consent" },
  { number: 4, title: "Complete Your Registration" },
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
  title: "Registration Submitted",
  text: `Please check your e-mail (${email}) for the 6-digit verification code.`,
});

/** A message shown under the step heading: errors are alerts, the rest are status notices. */
export type WizardMessage = { kind: "error" | "success" | "info"; title?: string; text: string };

export const errorNotice = (text: string): WizardMessage => ({ kind: "error", text });

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

/** "$199" from 19 900 cents. */
export function formatPrice(cents: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}
