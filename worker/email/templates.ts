/**
 * E-mail templates: each returns a subject, an HTML body and a plain-text body, in the recipient's
 * language (`locale`, issue 30: `personLocale`, the school's default for someone without an account,
 * the registration form's language before the school exists). Texts are descriptors with explicit
 * ids (worker/locales/server), English in `message`; a school's own words (a notification, a
 * reason, a description) stay as written. Links are absolute, built from APP_URL by the caller.
 * Every interpolated value is escaped in the HTML.
 */
import type { MessageDescriptor } from "@lingui/core";
import { escapeHtml } from "#shared/html.ts";
import { direction, LOCALE_TAGS, type Locale } from "#shared/locales.ts";
import { text } from "../i18n/texts.ts";
import { emailInstant } from "./format.ts";

export type RenderedEmail = { subject: string; html: string; text: string };

type Block =
  | { kind: "p"; text: string }
  | { kind: "button"; label: string; href: string }
  | { kind: "code"; text: string }
  | { kind: "facts"; rows: [string, string][] }
  | { kind: "item"; title: string; text: string; href: string };

const p = (text: string): Block => ({ kind: "p", text });
const button = (label: string, href: string): Block => ({ kind: "button", label, href });
const code = (text: string): Block => ({ kind: "code", text });
const facts = (rows: [string, string][]): Block => ({ kind: "facts", rows });
const item = (title: string, text: string, href: string): Block => ({ kind: "item", title, text, href });

/** The frame every e-mail shares. */
const FRAME = {
  openLink: /*i18n*/ { id: "email.frame.openLink", message: "Or open this link:" },
  footer: /*i18n*/ {
    id: "email.frame.footer",
    message:
      "You received this e-mail because of your SchoolRide account or registration. If it was not you, you can ignore it.",
  },
  signature: /*i18n*/ { id: "email.frame.signature", message: "— SchoolRide" },
} satisfies Record<string, MessageDescriptor>;

function renderHtml(locale: Locale, heading: string, blocks: Block[]): string {
  const body = blocks
    // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch returns for every Block kind
    .map((block) => {
      switch (block.kind) {
        case "p":
          // pre-line: a notification's message keeps the line breaks it was written with.
          return `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line">${escapeHtml(block.text)}</p>`;
        case "button":
          return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="background:#d97706;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">${escapeHtml(text(locale, FRAME.openLink))} <a href="${escapeHtml(block.href)}" dir="ltr" style="color:#b45309">${escapeHtml(block.href)}</a></p>`;
        case "code":
          return `<p dir="ltr" style="margin:16px 0;font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(block.text)}</p>`;
        case "facts":
          return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
            .map(
              ([label, value]) =>
                `<tr><td style="padding-block:4px;padding-inline:0 16px;color:#475569">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600;font-family:monospace">${escapeHtml(value)}</td></tr>`,
            )
            .join("")}</table>`;
        case "item":
          return `<div style="margin:0 0 16px;padding:0 0 16px;border-bottom:1px solid #e2e8f0"><p style="margin:0 0 4px;font-weight:600"><a href="${escapeHtml(block.href)}" style="color:#0f172a">${escapeHtml(block.title)}</a></p><p style="margin:0;line-height:1.5;white-space:pre-line">${escapeHtml(block.text)}</p></div>`;
      }
    })
    .join("\n");
  return `<!doctype html><html lang="${LOCALE_TAGS[locale]}" dir="${direction(locale)}"><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:700;font-size:18px;margin:0 0 24px">SchoolRide</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
</div>
<p style="font-size:12px;color:#64748b;margin:24px 0 0">${escapeHtml(text(locale, FRAME.footer))}</p>
</div></body></html>`;
}

function renderText(locale: Locale, heading: string, blocks: Block[]): string {
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch returns for every Block kind
  const lines = blocks.map((block) => {
    switch (block.kind) {
      case "p":
        return block.text;
      case "button":
        return `${block.label}: ${block.href}`;
      case "code":
        return block.text;
      case "facts":
        return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
      case "item":
        return `${block.title}\n${block.text}\n${block.href}`;
    }
  });
  return `${heading}\n\n${lines.join("\n\n")}\n\n${text(locale, FRAME.signature)}`;
}

function email(locale: Locale, subject: string, heading: string, blocks: Block[]): RenderedEmail {
  return { subject, html: renderHtml(locale, heading, blocks), text: renderText(locale, heading, blocks) };
}

/** What every template is given: the recipient's language (and, for dates, the school's zone). */
type InLocale = { locale: Locale };

/** The template's texts in the reader's language: `m(descriptor, values)`. */
const translator = (locale: Locale) => (descriptor: MessageDescriptor, values?: Record<string, unknown>) =>
  text(locale, descriptor, values);

/** Who reads an e-mail composed before they have an account (an invitation): the school's default language and zone. */
export type EmailReader = { locale: Locale; timeZone?: string | null };

/** Labels of the facts tables, shared by the e-mails that show them. */
const LABEL = {
  email: /*i18n*/ { id: "email.label.email", message: "E-mail" },
  temporaryPassword: /*i18n*/ { id: "email.label.temporaryPassword", message: "Temporary password" },
  invoice: /*i18n*/ { id: "email.label.invoice", message: "Invoice" },
  description: /*i18n*/ { id: "email.label.description", message: "Description" },
  amount: /*i18n*/ { id: "email.label.amount", message: "Amount" },
  amountDue: /*i18n*/ { id: "email.label.amountDue", message: "Amount due" },
  amountPaid: /*i18n*/ { id: "email.label.amountPaid", message: "Amount paid" },
  dueDate: /*i18n*/ { id: "email.label.dueDate", message: "Due date" },
  reference: /*i18n*/ { id: "email.label.reference", message: "Reference" },
  for: /*i18n*/ { id: "email.label.for", message: "For" },
  reason: /*i18n*/ { id: "email.label.reason", message: "Reason" },
  paidBy: /*i18n*/ { id: "email.label.paidBy", message: "Paid by" },
  trip: /*i18n*/ { id: "email.label.trip", message: "Trip" },
  child: /*i18n*/ { id: "email.label.child", message: "Child" },
  stillToPay: /*i18n*/ { id: "email.label.stillToPay", message: "Still to pay" },
} satisfies Record<string, MessageDescriptor>;

const COMMON = {
  hello: /*i18n*/ { id: "email.common.hello", message: "Hello {name}" },
  welcome: /*i18n*/ { id: "email.common.welcome", message: "Welcome, {name}" },
  expiresOn: /*i18n*/ { id: "email.common.expiresOn", message: "The invitation expires on {date}." },
  acceptInvitation: /*i18n*/ { id: "email.common.acceptInvitation", message: "Accept invitation" },
  createAccount: /*i18n*/ { id: "email.common.createAccount", message: "Create your account" },
  thankYou: /*i18n*/ { id: "email.common.thankYou", message: "Thank you for your payment" },
  refunded: /*i18n*/ { id: "email.common.refunded", message: "Your payment was refunded" },
  viewInvoices: /*i18n*/ { id: "email.common.viewInvoices", message: "View my invoices" },
  stripeReceipt: /*i18n*/ {
    id: "email.common.stripeReceipt",
    message:
      "Card payments are processed by Stripe for the school. Keep this e-mail as your receipt; the invoice shows as Paid under My Invoices in SchoolRide.",
  },
  refundBank: /*i18n*/ {
    id: "email.common.refundBank",
    message: "The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it.",
  },
} satisfies Record<string, MessageDescriptor>;

const VERIFICATION = {
  subject: /*i18n*/ { id: "email.verification.subject", message: "Your SchoolRide verification code: {code}" },
  heading: /*i18n*/ { id: "email.verification.heading", message: "Verify your e-mail address" },
  intro: /*i18n*/ {
    id: "email.verification.intro",
    message: "Use this code to verify the e-mail address for the registration of {schoolName}:",
  },
  expires: /*i18n*/ {
    id: "email.verification.expires",
    message: "The code expires in {minutes} minutes. Never share it with anyone.",
  },
  resume: /*i18n*/ {
    id: "email.verification.resume",
    message:
      "To come back to this registration later, for example after leaving the payment page, use this link for the next {days} days:",
  },
  resumeButton: /*i18n*/ { id: "email.verification.resumeButton", message: "Resume your registration" },
} satisfies Record<string, MessageDescriptor>;

export function verificationCodeEmail(
  input: InLocale & {
    schoolName: string;
    code: string;
    expiresInMinutes: number;
    resumeLink: string;
    resumeDays: number;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(VERIFICATION.subject, { code: input.code }), m(VERIFICATION.heading), [
    p(m(VERIFICATION.intro, { schoolName: input.schoolName })),
    code(input.code),
    p(m(VERIFICATION.expires, { minutes: input.expiresInMinutes })),
    p(m(VERIFICATION.resume, { days: input.resumeDays })),
    button(m(VERIFICATION.resumeButton), input.resumeLink),
  ]);
}

/** A new school admin's credentials e-mail (an invitation, or an approved registration). */
type SchoolAdminCredentials = InLocale & {
  name: string;
  schoolName: string;
  email: string;
  temporaryPassword: string;
  acceptLink: string;
  loginLink: string;
  expiresAt: Date;
  /** The school's zone, for the expiry (UTC without one). */
  timeZone?: string | null;
};

const ADMIN_INVITATION = {
  subject: /*i18n*/ {
    id: "email.adminInvitation.subject",
    message: "You're invited to manage {schoolName} on SchoolRide",
  },
  intro: /*i18n*/ {
    id: "email.adminInvitation.intro",
    message:
      "You have been invited as a school administrator of {schoolName}. Set up your account with the link below.",
  },
  signIn: /*i18n*/ {
    id: "email.adminInvitation.signIn",
    message: "Or sign in at {loginLink} with these temporary credentials; you will be asked to choose a new password:",
  },
} satisfies Record<string, MessageDescriptor>;

export function schoolAdminInvitationEmail(input: SchoolAdminCredentials): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(
    locale,
    m(ADMIN_INVITATION.subject, { schoolName: input.schoolName }),
    m(COMMON.welcome, { name: input.name }),
    [
      p(m(ADMIN_INVITATION.intro, { schoolName: input.schoolName })),
      button(m(COMMON.acceptInvitation), input.acceptLink),
      p(m(ADMIN_INVITATION.signIn, { loginLink: input.loginLink })),
      facts([
        [m(LABEL.email), input.email],
        [m(LABEL.temporaryPassword), input.temporaryPassword],
      ]),
      p(m(COMMON.expiresOn, { date: emailInstant(locale, input.expiresAt, input.timeZone) })),
    ],
  );
}

type Invitation = InLocale & {
  name: string;
  schoolName: string;
  acceptLink: string;
  expiresAt: Date;
  timeZone?: string | null;
};

const PARENT_INVITATION = {
  subject: /*i18n*/ { id: "email.parentInvitation.subject", message: "{schoolName} invites you to SchoolRide" },
  intro: /*i18n*/ {
    id: "email.parentInvitation.intro",
    message:
      "{schoolName} uses SchoolRide for school transport. Create your parent account to follow your children's buses, read notifications and pay invoices.",
  },
} satisfies Record<string, MessageDescriptor>;

/** A parent's or a driver's invitation: the same e-mail, each role's words. */
function roleInvitationEmail(input: Invitation, texts: typeof PARENT_INVITATION): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(texts.subject, { schoolName: input.schoolName }), m(COMMON.hello, { name: input.name }), [
    p(m(texts.intro, { schoolName: input.schoolName })),
    button(m(COMMON.createAccount), input.acceptLink),
    p(m(COMMON.expiresOn, { date: emailInstant(locale, input.expiresAt, input.timeZone) })),
  ]);
}

export function parentInvitationEmail(input: Invitation): RenderedEmail {
  return roleInvitationEmail(input, PARENT_INVITATION);
}

const DRIVER_INVITATION = {
  subject: /*i18n*/ {
    id: "email.driverInvitation.subject",
    message: "{schoolName} invites you to drive with SchoolRide",
  },
  intro: /*i18n*/ {
    id: "email.driverInvitation.intro",
    message:
      "{schoolName} uses SchoolRide for school transport. Create your driver account to see the runs assigned to you, their stops and their riders, on your phone.",
  },
} satisfies Record<string, MessageDescriptor>;

export function driverInvitationEmail(input: Invitation): RenderedEmail {
  return roleInvitationEmail(input, DRIVER_INVITATION);
}

const GUARDIAN_INVITATION = {
  subject: /*i18n*/ {
    id: "email.guardianInvitation.subject",
    message: "{inviterName} shares {childName}'s school transport with you",
  },
  reminderSubject: /*i18n*/ {
    id: "email.guardianInvitation.reminderSubject",
    message: "Reminder: {inviterName} shares {childName}'s school transport with you",
  },
  intro: /*i18n*/ {
    id: "email.guardianInvitation.intro",
    message:
      "{inviterName} invited you to be a guardian of {childName} at {schoolName} on SchoolRide: you will see {childName}'s bus stops, today's rides and field trips, and can mark days not riding.",
  },
  signInAndAccept: /*i18n*/ { id: "email.guardianInvitation.signInAndAccept", message: "Sign in and accept" },
  stillWaiting: /*i18n*/ {
    id: "email.guardianInvitation.stillWaiting",
    message: "The invitation is still waiting for you and expires on {date}.",
  },
} satisfies Record<string, MessageDescriptor>;

/**
 * A guardian invitation (ADR 0053): a parent shares a child with a second household. An address
 * with a parent account at the school signs in and accepts; a new one creates its account first.
 */
export function guardianInvitationEmail(
  input: Invitation & {
    inviterName: string;
    childName: string;
    hasAccount: boolean;
    /** The hourly sweep's reminder, about two days before it expires. */
    reminder?: boolean;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  const names = { inviterName: input.inviterName, childName: input.childName };
  const date = emailInstant(locale, input.expiresAt, input.timeZone);
  return email(
    locale,
    m(input.reminder ? GUARDIAN_INVITATION.reminderSubject : GUARDIAN_INVITATION.subject, names),
    m(COMMON.hello, { name: input.name }),
    [
      p(m(GUARDIAN_INVITATION.intro, { ...names, schoolName: input.schoolName })),
      button(m(input.hasAccount ? GUARDIAN_INVITATION.signInAndAccept : COMMON.createAccount), input.acceptLink),
      p(input.reminder ? m(GUARDIAN_INVITATION.stillWaiting, { date }) : m(COMMON.expiresOn, { date })),
    ],
  );
}

const INVITATION_REMINDER = {
  subject: /*i18n*/ {
    id: "email.invitationReminder.subject",
    message: "Reminder: your SchoolRide invitation from {schoolName} expires soon",
  },
  body: /*i18n*/ {
    id: "email.invitationReminder.body",
    message: "Your invitation to {schoolName} on SchoolRide is still waiting for you and expires on {date}.",
  },
} satisfies Record<string, MessageDescriptor>;

export function invitationReminderEmail(input: Invitation): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(
    locale,
    m(INVITATION_REMINDER.subject, { schoolName: input.schoolName }),
    m(COMMON.hello, { name: input.name }),
    [
      p(
        m(INVITATION_REMINDER.body, {
          schoolName: input.schoolName,
          date: emailInstant(locale, input.expiresAt, input.timeZone),
        }),
      ),
      button(m(COMMON.acceptInvitation), input.acceptLink),
    ],
  );
}

const REVOKED = {
  subject: /*i18n*/ {
    id: "email.invitationRevoked.subject",
    message: "Your SchoolRide invitation from {schoolName} was withdrawn",
  },
  body: /*i18n*/ {
    id: "email.invitationRevoked.body",
    message: "{schoolName} has withdrawn your invitation to SchoolRide, so its link no longer works.",
  },
  contact: /*i18n*/ {
    id: "email.invitationRevoked.contact",
    message: "If you think this is a mistake, please contact the school.",
  },
} satisfies Record<string, MessageDescriptor>;

export function revokedInvitationEmail(input: InLocale & { name: string; schoolName: string }): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(REVOKED.subject, { schoolName: input.schoolName }), m(COMMON.hello, { name: input.name }), [
    p(m(REVOKED.body, { schoolName: input.schoolName })),
    p(m(REVOKED.contact)),
  ]);
}

const EXISTING_ACCOUNT = {
  subject: /*i18n*/ {
    id: "email.existingAccount.subject",
    message: "Someone tried to invite this address to SchoolRide",
  },
  heading: /*i18n*/ { id: "email.existingAccount.heading", message: "You already have a SchoolRide account" },
  body: /*i18n*/ {
    id: "email.existingAccount.body",
    message:
      "Someone tried to invite this address to SchoolRide as a {role} of {schoolName}. This address already has a SchoolRide account, so no second account can be created with it, and nothing about your account was shared.",
  },
  contact: /*i18n*/ {
    id: "email.existingAccount.contact",
    message: "If you expected this invitation, please contact {schoolName}. Otherwise you can ignore this e-mail.",
  },
  signIn: /*i18n*/ { id: "email.existingAccount.signIn", message: "Sign in to your account" },
} satisfies Record<string, MessageDescriptor>;

/** The invited role as the sentence names it ("a parent of …"). */
const ROLE_NAMES = {
  school_admin: /*i18n*/ { id: "email.role.schoolAdmin", message: "school admin" },
  parent: /*i18n*/ { id: "email.role.parent", message: "parent" },
  driver: /*i18n*/ { id: "email.role.driver", message: "driver" },
} satisfies Record<string, MessageDescriptor>;
export type InvitedRole = keyof typeof ROLE_NAMES;

/** To the owner of an address someone tried to invite: it already has an account, so no invitation link is sent. */
export function existingAccountNoticeEmail(
  input: InLocale & { schoolName: string; role: InvitedRole; loginLink: string },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(EXISTING_ACCOUNT.subject), m(EXISTING_ACCOUNT.heading), [
    p(m(EXISTING_ACCOUNT.body, { role: m(ROLE_NAMES[input.role]), schoolName: input.schoolName })),
    p(m(EXISTING_ACCOUNT.contact, { schoolName: input.schoolName })),
    button(m(EXISTING_ACCOUNT.signIn), input.loginLink),
  ]);
}

const APPROVED = {
  subject: /*i18n*/ {
    id: "email.registrationApproved.subject",
    message: "{schoolName} is approved — your SchoolRide login",
  },
  heading: /*i18n*/ { id: "email.registrationApproved.heading", message: "Your registration is approved" },
  intro: /*i18n*/ {
    id: "email.registrationApproved.intro",
    message: "Good news, {name}: {schoolName} is approved and ready to use SchoolRide.",
  },
  signIn: /*i18n*/ {
    id: "email.registrationApproved.signIn",
    message: "Sign in at {loginLink} with these credentials; you will be asked to choose a new password:",
  },
  setUp: /*i18n*/ { id: "email.registrationApproved.setUp", message: "Or set up your account here" },
  expires: /*i18n*/ { id: "email.registrationApproved.expires", message: "These credentials expire on {date}." },
} satisfies Record<string, MessageDescriptor>;

export function registrationApprovedEmail(input: SchoolAdminCredentials): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(APPROVED.subject, { schoolName: input.schoolName }), m(APPROVED.heading), [
    p(m(APPROVED.intro, { name: input.name, schoolName: input.schoolName })),
    p(m(APPROVED.signIn, { loginLink: input.loginLink })),
    facts([
      [m(LABEL.email), input.email],
      [m(LABEL.temporaryPassword), input.temporaryPassword],
    ]),
    button(m(APPROVED.setUp), input.acceptLink),
    p(m(APPROVED.expires, { date: emailInstant(locale, input.expiresAt, input.timeZone) })),
  ]);
}

const REJECTED = {
  subject: /*i18n*/ {
    id: "email.registrationRejected.subject",
    message: "Your SchoolRide registration for {schoolName}",
  },
  heading: /*i18n*/ { id: "email.registrationRejected.heading", message: "Your registration was not approved" },
  intro: /*i18n*/ {
    id: "email.registrationRejected.intro",
    message: "Hello {name}, we are sorry: the registration of {schoolName} was not approved.",
  },
  reason: /*i18n*/ { id: "email.registrationRejected.reason", message: "Reason: {reason}" },
  noReason: /*i18n*/ { id: "email.registrationRejected.noReason", message: "No reason was given." },
  questions: /*i18n*/ {
    id: "email.registrationRejected.questions",
    message: "If you have questions, contact us at {supportEmail}.",
  },
} satisfies Record<string, MessageDescriptor>;

export function registrationRejectedEmail(
  input: InLocale & { name: string; schoolName: string; reason: string | null; supportEmail: string },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(REJECTED.subject, { schoolName: input.schoolName }), m(REJECTED.heading), [
    p(m(REJECTED.intro, { name: input.name, schoolName: input.schoolName })),
    p(input.reason ? m(REJECTED.reason, { reason: input.reason }) : m(REJECTED.noReason)),
    p(m(REJECTED.questions, { supportEmail: input.supportEmail })),
  ]);
}

const RESET = {
  subject: /*i18n*/ { id: "email.passwordReset.subject", message: "Reset your SchoolRide password" },
  heading: /*i18n*/ { id: "email.passwordReset.heading", message: "Reset your password" },
  intro: /*i18n*/ {
    id: "email.passwordReset.intro",
    message: "Hello {name}, someone (hopefully you) asked to reset the password of your SchoolRide account.",
  },
  button: /*i18n*/ { id: "email.passwordReset.button", message: "Choose a new password" },
  expires: /*i18n*/ {
    id: "email.passwordReset.expires",
    message:
      "The link works once and expires in {minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.",
  },
} satisfies Record<string, MessageDescriptor>;

export function passwordResetEmail(
  input: InLocale & { name: string; resetLink: string; expiresInMinutes: number },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(RESET.subject), m(RESET.heading), [
    p(m(RESET.intro, { name: input.name })),
    button(m(RESET.button), input.resetLink),
    p(m(RESET.expires, { minutes: input.expiresInMinutes })),
  ]);
}

const NOTIFICATION = {
  subject: /*i18n*/ { id: "email.notification.subject", message: "{schoolName}: {title}" },
  open: /*i18n*/ { id: "email.notification.open", message: "Open SchoolRide" },
} satisfies Record<string, MessageDescriptor>;

/** A school's notification: its title and message stay as the school wrote them. */
export function notificationEmail(
  input: InLocale & { schoolName: string; title: string; message: string; link: string },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(NOTIFICATION.subject, { schoolName: input.schoolName, title: input.title }), input.title, [
    p(input.message),
    button(m(NOTIFICATION.open), input.link),
  ]);
}

const OVERDUE = {
  subject: /*i18n*/ { id: "email.invoiceOverdue.subject", message: "{schoolName}: invoice {number} is overdue" },
  body: /*i18n*/ {
    id: "email.invoiceOverdue.body",
    message: "Invoice {number} from {schoolName} was due on {dueDate} and is now overdue.",
  },
  pay: /*i18n*/ {
    id: "email.invoiceOverdue.pay",
    message: "You can pay it in SchoolRide. If you have paid it in the meantime, please ignore this e-mail.",
  },
} satisfies Record<string, MessageDescriptor>;

/** To the parent of an invoice past its due date; sent once, by the hourly overdue sweep. */
export function invoiceOverdueEmail(
  input: InLocale & {
    parentName: string;
    schoolName: string;
    invoiceNumber: string;
    description: string;
    amount: string;
    dueDate: string;
    link: string;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  const values = { schoolName: input.schoolName, number: input.invoiceNumber, dueDate: input.dueDate };
  return email(locale, m(OVERDUE.subject, values), m(COMMON.hello, { name: input.parentName }), [
    p(m(OVERDUE.body, values)),
    facts([
      [m(LABEL.invoice), input.invoiceNumber],
      [m(LABEL.description), input.description],
      [m(LABEL.amountDue), input.amount],
      [m(LABEL.dueDate), input.dueDate],
    ]),
    p(m(OVERDUE.pay)),
    button(m(COMMON.viewInvoices), input.link),
  ]);
}

const RECEIPT = {
  subject: /*i18n*/ { id: "email.paymentReceipt.subject", message: "Payment received: {reference}" },
  body: /*i18n*/ { id: "email.paymentReceipt.body", message: "Hello {name}, {schoolName} received your payment." },
} satisfies Record<string, MessageDescriptor>;

/** To the parent once their payment went through (one per payment: the outbox row's id is the payment's). */
export function paymentReceiptEmail(
  input: InLocale & { parentName: string; schoolName: string; reference: string; description: string; amount: string },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(RECEIPT.subject, { reference: input.reference }), m(COMMON.thankYou), [
    p(m(RECEIPT.body, { name: input.parentName, schoolName: input.schoolName })),
    facts([
      [m(LABEL.reference), input.reference],
      [m(LABEL.for), input.description],
      [m(LABEL.amountPaid), input.amount],
    ]),
    p(m(COMMON.stripeReceipt)),
  ]);
}

const REFUNDED = {
  subject: /*i18n*/ { id: "email.paymentRefunded.subject", message: "Payment refunded: {reference}" },
  body: /*i18n*/ {
    id: "email.paymentRefunded.body",
    message: "Hello {name}, {schoolName} refunded your payment of {amount} for {reference}.",
  },
  bank: /*i18n*/ {
    id: "email.paymentRefunded.bank",
    message:
      "The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it. The invoice shows as Refunded under My Invoices in SchoolRide.",
  },
} satisfies Record<string, MessageDescriptor>;

/** To the parent when the school refunded their payment in full. */
export function paymentRefundedEmail(
  input: InLocale & { parentName: string; schoolName: string; reference: string; amount: string },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(REFUNDED.subject, { reference: input.reference }), m(COMMON.refunded), [
    p(
      m(REFUNDED.body, {
        name: input.parentName,
        schoolName: input.schoolName,
        amount: input.amount,
        reference: input.reference,
      }),
    ),
    p(m(REFUNDED.bank)),
  ]);
}

const INVOICE = {
  subjectNew: /*i18n*/ {
    id: "email.invoice.subjectNew",
    message: "{schoolName}: new invoice of {amount}, due {dueDate}",
  },
  subjectResent: /*i18n*/ {
    id: "email.invoice.subjectResent",
    message: "{schoolName}: invoice {number} of {amount}, due {dueDate}",
  },
  headingNew: /*i18n*/ { id: "email.invoice.headingNew", message: "You have a new invoice" },
  headingResent: /*i18n*/ { id: "email.invoice.headingResent", message: "Your invoice" },
  bodyNew: /*i18n*/ { id: "email.invoice.bodyNew", message: "Hello {name}, {schoolName} has sent you an invoice." },
  bodyResent: /*i18n*/ {
    id: "email.invoice.bodyResent",
    message: "Hello {name}, {schoolName} sent you this invoice again.",
  },
  pay: /*i18n*/ { id: "email.invoice.pay", message: "View and pay your invoice" },
} satisfies Record<string, MessageDescriptor>;

/**
 * The invoice e-mail: to a parent when their school creates an invoice for them (what, how much, by
 * when, and where to pay), and again, with its number, when the school resends it.
 */
export function invoiceCreatedEmail(
  input: InLocale & {
    schoolName: string;
    parentName: string;
    description: string;
    amount: string;
    dueDate: string;
    link: string;
    /** Resent: the invoice's number (made when it was created, so the first e-mail does not have it). */
    resentNumber?: string;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  const number = input.resentNumber;
  const values = { schoolName: input.schoolName, amount: input.amount, dueDate: input.dueDate, number };
  return email(
    locale,
    m(number ? INVOICE.subjectResent : INVOICE.subjectNew, values),
    m(number ? INVOICE.headingResent : INVOICE.headingNew),
    [
      p(m(number ? INVOICE.bodyResent : INVOICE.bodyNew, { name: input.parentName, schoolName: input.schoolName })),
      facts([
        ...(number ? ([[m(LABEL.invoice), number]] as [string, string][]) : []),
        [m(LABEL.description), input.description],
        [m(LABEL.amount), input.amount],
        [m(LABEL.dueDate), input.dueDate],
      ]),
      button(m(INVOICE.pay), input.link),
    ],
  );
}

const ENROLLMENT_RECEIPT = {
  subject: /*i18n*/ { id: "email.enrollmentReceipt.subject", message: "Payment received: {tripTitle}" },
  body: /*i18n*/ {
    id: "email.enrollmentReceipt.body",
    message: "Hello {name}, {schoolName} received your payment for {childName}'s place on {tripTitle}.",
  },
  stripe: /*i18n*/ {
    id: "email.enrollmentReceipt.stripe",
    message:
      "Card payments are processed by Stripe for the school. Keep this e-mail as your receipt; the enrolment is shown under Flight Trips in SchoolRide.",
  },
} satisfies Record<string, MessageDescriptor>;

/** To the parent when a payment for a field-trip enrolment succeeded (the deposit, the balance or the full cost). */
export function enrollmentReceiptEmail(
  input: InLocale & {
    parentName: string;
    schoolName: string;
    tripTitle: string;
    childName: string;
    amount: string;
    remaining: string;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(ENROLLMENT_RECEIPT.subject, { tripTitle: input.tripTitle }), m(COMMON.thankYou), [
    p(
      m(ENROLLMENT_RECEIPT.body, {
        name: input.parentName,
        schoolName: input.schoolName,
        childName: input.childName,
        tripTitle: input.tripTitle,
      }),
    ),
    facts([
      [m(LABEL.trip), input.tripTitle],
      [m(LABEL.child), input.childName],
      [m(LABEL.amountPaid), input.amount],
      [m(LABEL.stillToPay), input.remaining],
    ]),
    p(m(ENROLLMENT_RECEIPT.stripe)),
  ]);
}

const ENROLLMENT_REFUNDED = {
  subject: /*i18n*/ { id: "email.enrollmentRefunded.subject", message: "Payment refunded: {tripTitle}" },
  body: /*i18n*/ {
    id: "email.enrollmentRefunded.body",
    message: "Hello {name}, {schoolName} refunded your payment of {amount} for {childName}'s place on {tripTitle}.",
  },
} satisfies Record<string, MessageDescriptor>;

/** To the parent when a payment for a field-trip enrolment was refunded in full. */
export function enrollmentRefundedEmail(
  input: InLocale & { parentName: string; schoolName: string; tripTitle: string; childName: string; amount: string },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(ENROLLMENT_REFUNDED.subject, { tripTitle: input.tripTitle }), m(COMMON.refunded), [
    p(
      m(ENROLLMENT_REFUNDED.body, {
        name: input.parentName,
        schoolName: input.schoolName,
        amount: input.amount,
        childName: input.childName,
        tripTitle: input.tripTitle,
      }),
    ),
    p(m(COMMON.refundBank)),
  ]);
}

const VOIDED = {
  subject: /*i18n*/ { id: "email.invoiceVoided.subject", message: "{schoolName}: invoice {number} is void" },
  heading: /*i18n*/ { id: "email.invoiceVoided.heading", message: "Your invoice was voided" },
  body: /*i18n*/ {
    id: "email.invoiceVoided.body",
    message: "Hello {name}, {schoolName} voided invoice {number}. You do not need to pay it.",
  },
  refund: /*i18n*/ {
    id: "email.invoiceVoided.refund",
    message: "If a card payment for it was already on its way, it is refunded to the card it came from.",
  },
} satisfies Record<string, MessageDescriptor>;

/** To a parent when the school voids their invoice: nothing is owed, and why (the reason as the school wrote it). */
export function invoiceVoidedEmail(
  input: InLocale & {
    schoolName: string;
    parentName: string;
    invoiceNumber: string;
    description: string;
    amount: string;
    reason: string;
    link: string;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(
    locale,
    m(VOIDED.subject, { schoolName: input.schoolName, number: input.invoiceNumber }),
    m(VOIDED.heading),
    [
      p(m(VOIDED.body, { name: input.parentName, schoolName: input.schoolName, number: input.invoiceNumber })),
      facts([
        [m(LABEL.invoice), input.invoiceNumber],
        [m(LABEL.description), input.description],
        [m(LABEL.amount), input.amount],
        [m(LABEL.reason), input.reason],
      ]),
      p(m(VOIDED.refund)),
      button(m(COMMON.viewInvoices), input.link),
    ],
  );
}

const RECORDED = {
  subject: /*i18n*/ { id: "email.paymentRecorded.subject", message: "Payment recorded: {number}" },
  body: /*i18n*/ {
    id: "email.paymentRecorded.body",
    message: "Hello {name}, {schoolName} recorded your payment of invoice {number}.",
  },
  keep: /*i18n*/ {
    id: "email.paymentRecorded.keep",
    message:
      "Keep this e-mail as your receipt; the invoice shows as Paid under My Invoices in SchoolRide. It can no longer be paid online.",
  },
} satisfies Record<string, MessageDescriptor>;

/** How an invoice was paid, as a recorded payment's receipt names it. */
export const PAID_BY = {
  cash: /*i18n*/ { id: "email.paidBy.cash", message: "cash" },
  cheque: /*i18n*/ { id: "email.paidBy.cheque", message: "cheque" },
  bank_transfer: /*i18n*/ { id: "email.paidBy.bankTransfer", message: "bank transfer" },
} satisfies Record<string, MessageDescriptor>;

/** To a parent when the school records that an invoice was paid by cash, cheque or bank transfer: their receipt. */
export function invoicePaymentRecordedEmail(
  input: InLocale & {
    schoolName: string;
    parentName: string;
    invoiceNumber: string;
    description: string;
    amount: string;
    paidBy: keyof typeof PAID_BY;
    reference: string | null;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(locale, m(RECORDED.subject, { number: input.invoiceNumber }), m(COMMON.thankYou), [
    p(m(RECORDED.body, { name: input.parentName, schoolName: input.schoolName, number: input.invoiceNumber })),
    facts([
      [m(LABEL.invoice), input.invoiceNumber],
      [m(LABEL.for), input.description],
      [m(LABEL.amount), input.amount],
      [m(LABEL.paidBy), m(PAID_BY[input.paidBy])],
      ...(input.reference ? ([[m(LABEL.reference), input.reference]] as [string, string][]) : []),
    ]),
    p(m(RECORDED.keep)),
  ]);
}

const DIGEST = {
  subject: /*i18n*/ {
    id: "email.digest.subject",
    message: "{schoolName}: your daily digest ({count, plural, one {# update} other {# updates}})",
  },
  heading: /*i18n*/ { id: "email.digest.heading", message: "Your daily digest" },
  intro: /*i18n*/ {
    id: "email.digest.intro",
    message: "Hello {name}, here is what {schoolName} told you since your last digest.",
  },
  open: /*i18n*/ { id: "email.digest.open", message: "Open your notifications" },
  why: /*i18n*/ {
    id: "email.digest.why",
    message: "You get this digest because you turned it on in My Account → Notifications: {settingsLink}",
  },
} satisfies Record<string, MessageDescriptor>;

/**
 * The daily digest (ADR 0075): what the reader's preferences kept back since the last one, one
 * entry a notice (its title links to it, as the school wrote it), oldest first.
 */
export function digestEmail(
  input: InLocale & {
    name: string;
    schoolName: string;
    items: readonly { title: string; text: string; link: string }[];
    link: string;
    settingsLink: string;
  },
): RenderedEmail {
  const { locale } = input;
  const m = translator(locale);
  return email(
    locale,
    m(DIGEST.subject, { schoolName: input.schoolName, count: input.items.length }),
    m(DIGEST.heading),
    [
      p(m(DIGEST.intro, { name: input.name, schoolName: input.schoolName })),
      ...input.items.map((entry) => item(entry.title, entry.text, entry.link)),
      button(m(DIGEST.open), input.link),
      p(m(DIGEST.why, { settingsLink: input.settingsLink })),
    ],
  );
}
