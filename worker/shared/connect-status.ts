// No zod here: the session guard and the connect page read these without loading any schema.
import { acceptsPayments, type ConnectState, paymentAccountConnected } from "./connect.ts";
import { said } from "./said.ts";

export { CONNECT_PAGE_PATH } from "./connect.ts";

/** Texts of `/school-admin/connect-stripe` and of the Connect gate (one place for browser and server). */
export const CONNECT_MESSAGES = {
  required: said(
    /*i18n*/ {
      id: "Connect your school's Stripe account to continue. Parents pay invoices and field trips through it.",
    },
  ),
  startFailed: said(/*i18n*/ { id: "Failed to start Stripe onboarding. Please try again." }),
  syncFailed: said(/*i18n*/ { id: "Could not read your Stripe account. Please try again." }),
  noAccount: said(/*i18n*/ { id: "Your school has no Stripe account yet. Connect with Stripe first." }),
  replaced: said(/*i18n*/ { id: "A new payout account was created. Finish its onboarding to receive payments." }),
  replaceStale: said(/*i18n*/ { id: "The payout account changed in the meantime. Reload the page and try again." }),
} as const;

/** The four states the page shows, in the order a school goes through them. */
export const CONNECT_STATUSES = [
  "not_started",
  "onboarding_incomplete",
  "requirements_due",
  "charges_enabled",
] as const;
export type ConnectStatus = (typeof CONNECT_STATUSES)[number];

export const CONNECT_STATUS_LABELS: Record<ConnectStatus, string> = {
  not_started: said(/*i18n*/ { id: "Not started" }),
  onboarding_incomplete: said(/*i18n*/ { id: "Onboarding incomplete" }),
  requirements_due: said(/*i18n*/ { id: "Requirements due" }),
  charges_enabled: said(/*i18n*/ { id: "Charges enabled" }),
};

/** The page's status of a school's account, from the stored Stripe state. */
export function connectStatusOf(state: ConnectState): ConnectStatus {
  if (state.stripeConnectAccountId === null) return "not_started";
  if (!paymentAccountConnected(state)) return "onboarding_incomplete";
  if (!acceptsPayments(state)) return "requirements_due";
  return "charges_enabled";
}

const REQUIREMENT_WORDS: Record<string, string> = {
  tos_acceptance: "Terms of service acceptance",
  external_account: "Bank account for payouts",
  business_profile: "Business profile",
  business_type: "Business type",
  individual: "Representative",
  representative: "Representative",
  company: "Organisation",
  verification: "verification",
  document: "document",
  additional_document: "additional document",
  dob: "date of birth",
  ssn_last_4: "last 4 digits of SSN",
  id_number: "ID number",
  tax_id: "tax ID",
  mcc: "industry",
  url: "website",
  product_description: "product description",
  first_name: "first name",
  last_name: "last name",
  email: "e-mail",
  phone: "phone",
  address: "address",
  line1: "street",
  postal_code: "postal code",
  city: "city",
  state: "state",
  date: "date",
  ip: "IP address",
  owners_provided: "owners",
  directors_provided: "directors",
  executives_provided: "executives",
  relationship: "role",
  title: "title",
};

/**
 * Stripe's requirement path (`individual.verification.document`, `person_abc.dob.day`) as words a
 * school admin can act on: "Representative: verification document".
 */
export function requirementLabel(requirement: string): string {
  const parts = requirement.split(".").filter((part) => part !== "" && !/^(day|month|year)$/.test(part));
  const words = parts.map(
    (part) => REQUIREMENT_WORDS[part] ?? (part.startsWith("person_") ? "Person" : part.replaceAll("_", " ")),
  );
  const [head, ...rest] = words;
  if (!head) return requirement;
  const title = head.charAt(0).toUpperCase() + head.slice(1);
  return rest.length ? `${title}: ${rest.join(" ")}` : title;
}

/** The readable list of what Stripe asks for, each once (a date's day, month and year are one entry). */
export function requirementLabels(requirements: readonly string[]): string[] {
  return [...new Set(requirements.map(requirementLabel))];
}
