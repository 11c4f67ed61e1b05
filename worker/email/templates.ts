/**
 * E-mail templates: each returns a subject, an HTML body and a plain-text body. Links are absolute,
 * built from APP_URL by the caller. Every interpolated value is escaped in the HTML.
 */

export type RenderedEmail = { subject: string; html: string; text: string };

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

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

function renderHtml(heading: string, blocks: Block[]): string {
  const body = blocks
    // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch returns for every Block kind
    .map((block) => {
      switch (block.kind) {
        case "p":
          // pre-line: a notification's message keeps the line breaks it was written with.
          return `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line">${escapeHtml(block.text)}</p>`;
        case "button":
          return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="background:#d97706;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this link: <a href="${escapeHtml(block.href)}" style="color:#b45309">${escapeHtml(block.href)}</a></p>`;
        case "code":
          return `<p style="margin:16px 0;font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(block.text)}</p>`;
        case "facts":
          return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
            .map(
              ([label, value]) =>
                `<tr><td style="padding:4px 16px 4px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600;font-family:monospace">${escapeHtml(value)}</td></tr>`,
            )
            .join("")}</table>`;
        case "item":
          return `<div style="margin:0 0 16px;padding:0 0 16px;border-bottom:1px solid #e2e8f0"><p style="margin:0 0 4px;font-weight:600"><a href="${escapeHtml(block.href)}" style="color:#0f172a">${escapeHtml(block.title)}</a></p><p style="margin:0;line-height:1.5;white-space:pre-line">${escapeHtml(block.text)}</p></div>`;
      }
    })
    .join("\n");
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:700;font-size:18px;margin:0 0 24px">SchoolRide</p>
<div style="background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
</div>
<p style="font-size:12px;color:#64748b;margin:24px 0 0">You received this e-mail because of your SchoolRide account or registration. If it was not you, you can ignore it.</p>
</div></body></html>`;
}

function renderText(heading: string, blocks: Block[]): string {
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
  return `${heading}\n\n${lines.join("\n\n")}\n\n— SchoolRide`;
}

function email(subject: string, heading: string, blocks: Block[]): RenderedEmail {
  return { subject, html: renderHtml(heading, blocks), text: renderText(heading, blocks) };
}

const formatDate = (date: Date) => date.toUTCString().replace(/:\d\d GMT$/, " UTC");

export function verificationCodeEmail(input: {
  schoolName: string;
  code: string;
  expiresInMinutes: number;
  resumeLink: string;
  resumeDays: number;
}): RenderedEmail {
  return email(`Your SchoolRide verification code: ${input.code}`, "Verify your e-mail address", [
    p(`Use this code to verify the e-mail address for the registration of ${input.schoolName}:`),
    code(input.code),
    p(`The code expires in ${input.expiresInMinutes} minutes. Never share it with anyone.`),
    p(
      `To come back to this registration later, for example after leaving the payment page, use this link for the next ${input.resumeDays} days:`,
    ),
    button("Resume your registration", input.resumeLink),
  ]);
}

/** A new school admin's credentials e-mail (an invitation, or an approved registration). */
type SchoolAdminCredentials = {
  name: string;
  schoolName: string;
  email: string;
  temporaryPassword: string;
  acceptLink: string;
  loginLink: string;
  expiresAt: Date;
};

export function schoolAdminInvitationEmail(input: SchoolAdminCredentials): RenderedEmail {
  return email(`You're invited to manage ${input.schoolName} on SchoolRide`, `Welcome, ${input.name}`, [
    p(
      `You have been invited as a school administrator of ${input.schoolName}. Set up your account with the link below.`,
    ),
    button("Accept invitation", input.acceptLink),
    p(`Or sign in at ${input.loginLink} with these temporary credentials; you will be asked to choose a new password:`),
    facts([
      ["E-mail", input.email],
      ["Temporary password", input.temporaryPassword],
    ]),
    p(`The invitation expires on ${formatDate(input.expiresAt)}.`),
  ]);
}

export function parentInvitationEmail(input: {
  name: string;
  schoolName: string;
  acceptLink: string;
  expiresAt: Date;
}): RenderedEmail {
  return email(`${input.schoolName} invites you to SchoolRide`, `Hello ${input.name}`, [
    p(
      `${input.schoolName} uses SchoolRide for school transport. Create your parent account to follow your children's buses, read notifications and pay invoices.`,
    ),
    button("Create your account", input.acceptLink),
    p(`The invitation expires on ${formatDate(input.expiresAt)}.`),
  ]);
}

export function driverInvitationEmail(input: {
  name: string;
  schoolName: string;
  acceptLink: string;
  expiresAt: Date;
}): RenderedEmail {
  return email(`${input.schoolName} invites you to drive with SchoolRide`, `Hello ${input.name}`, [
    p(
      `${input.schoolName} uses SchoolRide for school transport. Create your driver account to see the runs assigned to you, their stops and their riders, on your phone.`,
    ),
    button("Create your account", input.acceptLink),
    p(`The invitation expires on ${formatDate(input.expiresAt)}.`),
  ]);
}

/**
 * A guardian invitation (ADR 0053): a parent shares a child with a second household. An address
 * with a parent account at the school signs in and accepts; a new one creates its account first.
 */
export function guardianInvitationEmail(input: {
  name: string;
  inviterName: string;
  childName: string;
  schoolName: string;
  acceptLink: string;
  expiresAt: Date;
  hasAccount: boolean;
  /** The hourly sweep's reminder, about two days before it expires. */
  reminder?: boolean;
}): RenderedEmail {
  const subject = `${input.inviterName} shares ${input.childName}'s school transport with you`;
  return email(input.reminder ? `Reminder: ${subject}` : subject, `Hello ${input.name}`, [
    p(
      `${input.inviterName} invited you to be a guardian of ${input.childName} at ${input.schoolName} on SchoolRide: you will see ${input.childName}'s bus stops, today's rides and field trips, and can mark days not riding.`,
    ),
    button(input.hasAccount ? "Sign in and accept" : "Create your account", input.acceptLink),
    p(
      input.reminder
        ? `The invitation is still waiting for you and expires on ${formatDate(input.expiresAt)}.`
        : `The invitation expires on ${formatDate(input.expiresAt)}.`,
    ),
  ]);
}

export function invitationReminderEmail(input: {
  name: string;
  schoolName: string;
  acceptLink: string;
  expiresAt: Date;
}): RenderedEmail {
  return email(`Reminder: your SchoolRide invitation from ${input.schoolName} expires soon`, `Hello ${input.name}`, [
    p(
      `Your invitation to ${input.schoolName} on SchoolRide is still waiting for you and expires on ${formatDate(input.expiresAt)}.`,
    ),
    button("Accept invitation", input.acceptLink),
  ]);
}

export function revokedInvitationEmail(input: { name: string; schoolName: string }): RenderedEmail {
  return email(`Your SchoolRide invitation from ${input.schoolName} was withdrawn`, `Hello ${input.name}`, [
    p(`${input.schoolName} has withdrawn your invitation to SchoolRide, so its link no longer works.`),
    p(`If you think this is a mistake, please contact the school.`),
  ]);
}

/** To the owner of an address someone tried to invite: it already has an account, so no invitation link is sent. */
export function existingAccountNoticeEmail(input: {
  schoolName: string;
  roleLabel: string;
  loginLink: string;
}): RenderedEmail {
  return email("Someone tried to invite this address to SchoolRide", "You already have a SchoolRide account", [
    p(
      `Someone tried to invite this address to SchoolRide as a ${input.roleLabel} of ${input.schoolName}. This address already has a SchoolRide account, so no second account can be created with it, and nothing about your account was shared.`,
    ),
    p(`If you expected this invitation, please contact ${input.schoolName}. Otherwise you can ignore this e-mail.`),
    button("Sign in to your account", input.loginLink),
  ]);
}

export function registrationApprovedEmail(input: SchoolAdminCredentials): RenderedEmail {
  return email(`${input.schoolName} is approved — your SchoolRide login`, "Your registration is approved", [
    p(`Good news, ${input.name}: ${input.schoolName} is approved and ready to use SchoolRide.`),
    p(`Sign in at ${input.loginLink} with these credentials; you will be asked to choose a new password:`),
    facts([
      ["E-mail", input.email],
      ["Temporary password", input.temporaryPassword],
    ]),
    button("Or set up your account here", input.acceptLink),
    p(`These credentials expire on ${formatDate(input.expiresAt)}.`),
  ]);
}

export function registrationRejectedEmail(input: {
  name: string;
  schoolName: string;
  reason: string | null;
  supportEmail: string;
}): RenderedEmail {
  return email(`Your SchoolRide registration for ${input.schoolName}`, "Your registration was not approved", [
    p(`Hello ${input.name}, we are sorry: the registration of ${input.schoolName} was not approved.`),
    p(input.reason ? `Reason: ${input.reason}` : "No reason was given."),
    p(`If you have questions, contact us at ${input.supportEmail}.`),
  ]);
}

export function passwordResetEmail(input: {
  name: string;
  resetLink: string;
  expiresInMinutes: number;
}): RenderedEmail {
  return email("Reset your SchoolRide password", "Reset your password", [
    p(`Hello ${input.name}, someone (hopefully you) asked to reset the password of your SchoolRide account.`),
    button("Choose a new password", input.resetLink),
    p(
      `The link works once and expires in ${input.expiresInMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.`,
    ),
  ]);
}

export function notificationEmail(input: {
  schoolName: string;
  title: string;
  message: string;
  link: string;
}): RenderedEmail {
  return email(`${input.schoolName}: ${input.title}`, input.title, [
    p(input.message),
    button("Open SchoolRide", input.link),
  ]);
}

/** To the parent of an invoice past its due date; sent once, by the hourly overdue sweep. */
export function invoiceOverdueEmail(input: {
  parentName: string;
  schoolName: string;
  invoiceNumber: string;
  description: string;
  amount: string;
  dueDate: string;
  link: string;
}): RenderedEmail {
  return email(`${input.schoolName}: invoice ${input.invoiceNumber} is overdue`, `Hello ${input.parentName}`, [
    p(`Invoice ${input.invoiceNumber} from ${input.schoolName} was due on ${input.dueDate} and is now overdue.`),
    facts([
      ["Invoice", input.invoiceNumber],
      ["Description", input.description],
      ["Amount due", input.amount],
      ["Due date", input.dueDate],
    ]),
    p("You can pay it in SchoolRide. If you have paid it in the meantime, please ignore this e-mail."),
    button("View my invoices", input.link),
  ]);
}

/** To the parent once their payment went through (one per payment: the outbox row's id is the payment's). */
export function paymentReceiptEmail(input: {
  parentName: string;
  schoolName: string;
  reference: string;
  description: string;
  amount: string;
}): RenderedEmail {
  return email(`Payment received: ${input.reference}`, "Thank you for your payment", [
    p(`Hello ${input.parentName}, ${input.schoolName} received your payment.`),
    facts([
      ["Reference", input.reference],
      ["For", input.description],
      ["Amount paid", input.amount],
    ]),
    p(
      "Card payments are processed by Stripe for the school. Keep this e-mail as your receipt; the invoice shows as Paid under My Invoices in SchoolRide.",
    ),
  ]);
}

/** To the parent when the school refunded their payment in full. */
export function paymentRefundedEmail(input: {
  parentName: string;
  schoolName: string;
  reference: string;
  amount: string;
}): RenderedEmail {
  return email(`Payment refunded: ${input.reference}`, "Your payment was refunded", [
    p(
      `Hello ${input.parentName}, ${input.schoolName} refunded your payment of ${input.amount} for ${input.reference}.`,
    ),
    p(
      "The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it. The invoice shows as Refunded under My Invoices in SchoolRide.",
    ),
  ]);
}

/**
 * The invoice e-mail: to a parent when their school creates an invoice for them (what, how much, by
 * when, and where to pay), and again, with its number, when the school resends it.
 */
export function invoiceCreatedEmail(input: {
  schoolName: string;
  parentName: string;
  description: string;
  amount: string;
  dueDate: string;
  link: string;
  /** Resent: the invoice's number (made when it was created, so the first e-mail does not have it). */
  resentNumber?: string;
}): RenderedEmail {
  const number = input.resentNumber;
  return email(
    number
      ? `${input.schoolName}: invoice ${number} of ${input.amount}, due ${input.dueDate}`
      : `${input.schoolName}: new invoice of ${input.amount}, due ${input.dueDate}`,
    number ? "Your invoice" : "You have a new invoice",
    [
      p(
        number
          ? `Hello ${input.parentName}, ${input.schoolName} sent you this invoice again.`
          : `Hello ${input.parentName}, ${input.schoolName} has sent you an invoice.`,
      ),
      facts([
        ...(number ? ([["Invoice", number]] as [string, string][]) : []),
        ["Description", input.description],
        ["Amount", input.amount],
        ["Due date", input.dueDate],
      ]),
      button("View and pay your invoice", input.link),
    ],
  );
}

/** To the parent when a payment for a field-trip enrolment succeeded (the deposit, the balance or the full cost). */
export function enrollmentReceiptEmail(input: {
  parentName: string;
  schoolName: string;
  tripTitle: string;
  childName: string;
  amount: string;
  remaining: string;
}): RenderedEmail {
  return email(`Payment received: ${input.tripTitle}`, "Thank you for your payment", [
    p(
      `Hello ${input.parentName}, ${input.schoolName} received your payment for ${input.childName}'s place on ${input.tripTitle}.`,
    ),
    facts([
      ["Trip", input.tripTitle],
      ["Child", input.childName],
      ["Amount paid", input.amount],
      ["Still to pay", input.remaining],
    ]),
    p(
      "Card payments are processed by Stripe for the school. Keep this e-mail as your receipt; the enrolment is shown under Flight Trips in SchoolRide.",
    ),
  ]);
}

/** To the parent when a payment for a field-trip enrolment was refunded in full. */
export function enrollmentRefundedEmail(input: {
  parentName: string;
  schoolName: string;
  tripTitle: string;
  childName: string;
  amount: string;
}): RenderedEmail {
  return email(`Payment refunded: ${input.tripTitle}`, "Your payment was refunded", [
    p(
      `Hello ${input.parentName}, ${input.schoolName} refunded your payment of ${input.amount} for ${input.childName}'s place on ${input.tripTitle}.`,
    ),
    p("The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it."),
  ]);
}

/** To a parent when the school voids their invoice: nothing is owed, and why. */
export function invoiceVoidedEmail(input: {
  schoolName: string;
  parentName: string;
  invoiceNumber: string;
  description: string;
  amount: string;
  reason: string;
  link: string;
}): RenderedEmail {
  return email(`${input.schoolName}: invoice ${input.invoiceNumber} is void`, "Your invoice was voided", [
    p(
      `Hello ${input.parentName}, ${input.schoolName} voided invoice ${input.invoiceNumber}. You do not need to pay it.`,
    ),
    facts([
      ["Invoice", input.invoiceNumber],
      ["Description", input.description],
      ["Amount", input.amount],
      ["Reason", input.reason],
    ]),
    p("If a card payment for it was already on its way, it is refunded to the card it came from."),
    button("View my invoices", input.link),
  ]);
}

/** To a parent when the school records that an invoice was paid by cash, cheque or bank transfer: their receipt. */
export function invoicePaymentRecordedEmail(input: {
  schoolName: string;
  parentName: string;
  invoiceNumber: string;
  description: string;
  amount: string;
  paidBy: string;
  reference: string | null;
}): RenderedEmail {
  return email(`Payment recorded: ${input.invoiceNumber}`, "Thank you for your payment", [
    p(`Hello ${input.parentName}, ${input.schoolName} recorded your payment of invoice ${input.invoiceNumber}.`),
    facts([
      ["Invoice", input.invoiceNumber],
      ["For", input.description],
      ["Amount", input.amount],
      ["Paid by", input.paidBy],
      ...(input.reference ? ([["Reference", input.reference]] as [string, string][]) : []),
    ]),
    p(
      "Keep this e-mail as your receipt; the invoice shows as Paid under My Invoices in SchoolRide. It can no longer be paid online.",
    ),
  ]);
}

/**
 * The daily digest (ADR 0075): what the reader's preferences kept back since the last one, one
 * entry a notice (its title links to it), oldest first; `quiet`: only what quiet hours held.
 */
export function digestEmail(input: {
  name: string;
  schoolName: string;
  items: readonly { title: string; text: string; link: string }[];
  link: string;
  settingsLink: string;
}): RenderedEmail {
  const count = `${input.items.length} update${input.items.length === 1 ? "" : "s"}`;
  return email(`${input.schoolName}: your daily digest (${count})`, "Your daily digest", [
    p(`Hello ${input.name}, here is what ${input.schoolName} told you since your last digest.`),
    ...input.items.map((entry) => item(entry.title, entry.text, entry.link)),
    button("Open your notifications", input.link),
    p(`You get this digest because you turned it on in My Account → Notifications: ${input.settingsLink}`),
  ]);
}
