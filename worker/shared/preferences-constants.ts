// No zod here: My Account and the senders read these without loading the schemas.

import { APPROACH_MINUTES_DEFAULT } from "./live-constants.ts";
import { said } from "./said.ts";

/**
 * The kinds of event a user is told about (ADR 0066), in the order My Account lists them.
 * `safetyCritical`: the school's word that a child's ride is off or late: it comes through quiet
 * hours and is never gathered into the digest. `digestible`: not urgent; with the digest on, it is
 * gathered into one message a day. The defaults are quiet: push only for what concerns a child
 * today; e-mail only where SchoolRide e-mailed before the preferences existed (the billing record,
 * the field-trip reminder, and the e-mail copy a school may ask for when it sends a message).
 */
export const EVENT_KINDS = [
  {
    kind: "busApproaching",
    label: said(/*i18n*/ { id: "The bus is a few minutes away" }),
    safetyCritical: false,
    digestible: false,
    defaults: { push: true, email: false },
  },
  {
    kind: "attendance",
    label: said(/*i18n*/ { id: "Boarded, dropped off or absent" }),
    safetyCritical: false,
    digestible: false,
    defaults: { push: true, email: false },
  },
  {
    kind: "runLate",
    label: said(/*i18n*/ { id: "The bus is running late" }),
    safetyCritical: true,
    digestible: false,
    defaults: { push: true, email: false },
  },
  {
    kind: "runCancelled",
    label: said(/*i18n*/ { id: "A run is cancelled" }),
    safetyCritical: true,
    digestible: false,
    defaults: { push: true, email: false },
  },
  {
    kind: "tripChanged",
    label: said(/*i18n*/ { id: "Changes to a trip" }),
    safetyCritical: false,
    digestible: true,
    defaults: { push: false, email: false },
  },
  {
    kind: "schoolMessage",
    label: said(/*i18n*/ { id: "Messages from the school" }),
    safetyCritical: false,
    digestible: true,
    defaults: { push: false, email: true },
  },
  {
    kind: "invoiceIssued",
    label: said(/*i18n*/ { id: "A new invoice" }),
    safetyCritical: false,
    digestible: true,
    defaults: { push: false, email: true },
  },
  {
    kind: "invoiceOverdue",
    label: said(/*i18n*/ { id: "An invoice is overdue" }),
    safetyCritical: false,
    digestible: true,
    defaults: { push: false, email: true },
  },
  {
    kind: "paymentReceipt",
    label: said(/*i18n*/ { id: "Payment receipts" }),
    safetyCritical: false,
    digestible: true,
    defaults: { push: false, email: true },
  },
  {
    kind: "fieldTripReminder",
    label: said(/*i18n*/ { id: "Field-trip payment reminders" }),
    safetyCritical: false,
    digestible: true,
    defaults: { push: false, email: true },
  },
] as const;

export type EventKind = (typeof EVENT_KINDS)[number]["kind"];
export const EVENT_KIND_IDS = EVENT_KINDS.map((entry) => entry.kind) as [EventKind, ...EventKind[]];
export const eventKind = (kind: EventKind) => EVENT_KINDS.find((entry) => entry.kind === kind)!;

/** In-app (the bell) is always on; these are the channels a user chooses per kind. */
export const OPTIONAL_CHANNELS = ["push", "email"] as const;
export type OptionalChannel = (typeof OPTIONAL_CHANNELS)[number];
export type Channel = "inApp" | OptionalChannel;
export type KindChannels = Record<OptionalChannel, boolean>;

/** One user's preferences, as the services and My Account read them (quiet hours: local "HH:MM" in the school's zone). */
export type Preferences = {
  channels: Record<EventKind, KindChannels>;
  approachMinutes: number;
  quietHours: { start: string; end: string } | null;
  digest: boolean;
};

/** The quiet defaults: nothing a user did not ask for beyond what concerns their child today. */
export function defaultPreferences(): Preferences {
  return {
    channels: Object.fromEntries(EVENT_KINDS.map((entry) => [entry.kind, { ...entry.defaults }])) as Record<
      EventKind,
      KindChannels
    >,
    approachMinutes: APPROACH_MINUTES_DEFAULT,
    quietHours: null,
    digest: false,
  };
}

export const PREFERENCES_MESSAGES = {
  time: said(/*i18n*/ { id: "Enter a time as HH:MM (24-hour), e.g. 21:30" }),
  // APPROACH_MINUTES_CHOICES written out.
  approachMinutes: said(/*i18n*/ { id: "Choose one of: 2, 3, 5, 10, 15 minutes" }),
  quietSame: said(/*i18n*/ { id: "Quiet hours must start and end at different times" }),
} as const;

/**
 * The daily digest (ADR 0075): what the preferences keep back for it goes out once a day at this
 * local time in the school's zone (later when the user's quiet hours cover it: when they end).
 */
export const DIGEST_TIME = "17:00";

/** My Account's words for the digest and for what quiet hours hold back (the kinds named from the list). */
export const DIGEST_TEXTS = {
  label: said(/*i18n*/ { id: "Gather non-urgent notices into a daily digest" }),
  explain: `Sent together once a day at ${DIGEST_TIME}, school time, by the channels you chose for each: ${EVENT_KINDS.filter(
    (entry) => entry.digestible,
  )
    .map((entry) => entry.label.toLowerCase())
    .join("; ")}. Everything else comes at once, and everything still appears in the app's notifications at once.`,
  quiet: said(
    /*i18n*/ { id: "Pushes held by quiet hours are sent together as one push when they end. E-mails are not held." },
  ),
} as const;
