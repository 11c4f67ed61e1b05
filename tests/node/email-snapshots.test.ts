/**
 * Issue 30: a snapshot of every e-mail template (subject and text body) and of every notice and push
 * the system words (title and message), in each of the six languages, one file per language under
 * tests/node/__snapshots__/. A lost or changed translation shows as a diff in review; a new text
 * needs its snapshot written (`vitest -u`) and read.
 */
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { emailDay, emailMoney } from "#worker/email/format.ts";
import * as templates from "#worker/email/templates.ts";
import * as words from "#worker/services/notifications/words.ts";

const EXPIRES = new Date("2026-03-04T23:30:00Z");
const ZONE = "America/Chicago";
const LINK = "https://app.example/link";

/** Every template, with the values a real send gives it (the school's words in English, as typed). */
function emails(locale: Locale): [string, templates.RenderedEmail][] {
  const money = (minor: number) => emailMoney(locale, minor, "USD");
  const day = emailDay(locale, "2026-03-16");
  const school = { locale, schoolName: "Maple School" };
  const invitation = { ...school, name: "Kim Lee", acceptLink: LINK, expiresAt: EXPIRES, timeZone: ZONE };
  const credentials = { ...invitation, email: "kim@example.com", temporaryPassword: "Tmp-Pass-1234", loginLink: LINK };
  const parent = { ...school, parentName: "Pat Rivera" };
  return [
    [
      "verificationCode",
      templates.verificationCodeEmail({
        ...school,
        code: "123456",
        expiresInMinutes: 15,
        resumeLink: LINK,
        resumeDays: 7,
      }),
    ],
    ["schoolAdminInvitation", templates.schoolAdminInvitationEmail(credentials)],
    ["parentInvitation", templates.parentInvitationEmail(invitation)],
    ["driverInvitation", templates.driverInvitationEmail(invitation)],
    [
      "guardianInvitation",
      templates.guardianInvitationEmail({
        ...invitation,
        inviterName: "Pat Rivera",
        childName: "Ada",
        hasAccount: false,
      }),
    ],
    [
      "guardianInvitation (has an account, reminder)",
      templates.guardianInvitationEmail({
        ...invitation,
        inviterName: "Pat Rivera",
        childName: "Ada",
        hasAccount: true,
        reminder: true,
      }),
    ],
    ["invitationReminder", templates.invitationReminderEmail(invitation)],
    ["revokedInvitation", templates.revokedInvitationEmail({ ...school, name: "Kim Lee" })],
    ["existingAccountNotice", templates.existingAccountNoticeEmail({ ...school, role: "parent", loginLink: LINK })],
    ["registrationApproved", templates.registrationApprovedEmail(credentials)],
    [
      "registrationRejected",
      templates.registrationRejectedEmail({
        ...school,
        name: "Kim Lee",
        reason: "The school could not be verified.",
        supportEmail: "support@schoolride.example",
      }),
    ],
    ["passwordReset", templates.passwordResetEmail({ locale, name: "Kim Lee", resetLink: LINK, expiresInMinutes: 60 })],
    [
      "notification",
      templates.notificationEmail({ ...school, title: "Picture day", message: "Friday at 9.", link: LINK }),
    ],
    [
      "invoiceOverdue",
      templates.invoiceOverdueEmail({
        ...parent,
        invoiceNumber: "INV-2026-007",
        description: "Spring term bus",
        amount: money(10_500),
        dueDate: day,
        link: LINK,
      }),
    ],
    [
      "paymentReceipt",
      templates.paymentReceiptEmail({
        ...parent,
        reference: "INV-2026-007",
        description: "Spring term bus",
        amount: money(10_500),
      }),
    ],
    [
      "paymentRefunded",
      templates.paymentRefundedEmail({ ...parent, reference: "INV-2026-007", amount: money(10_500) }),
    ],
    [
      "invoiceCreated",
      templates.invoiceCreatedEmail({
        ...parent,
        description: "Spring term bus",
        amount: money(10_500),
        dueDate: day,
        link: LINK,
      }),
    ],
    [
      "invoiceCreated (resent)",
      templates.invoiceCreatedEmail({
        ...parent,
        description: "Spring term bus",
        amount: money(10_500),
        dueDate: day,
        link: LINK,
        resentNumber: "INV-2026-007",
      }),
    ],
    [
      "enrollmentReceipt",
      templates.enrollmentReceiptEmail({
        ...parent,
        tripTitle: "Science museum",
        childName: "Ada",
        amount: money(5_000),
        remaining: money(2_500),
      }),
    ],
    [
      "enrollmentRefunded",
      templates.enrollmentRefundedEmail({
        ...parent,
        tripTitle: "Science museum",
        childName: "Ada",
        amount: money(5_000),
      }),
    ],
    [
      "invoiceVoided",
      templates.invoiceVoidedEmail({
        ...parent,
        invoiceNumber: "INV-2026-007",
        description: "Spring term bus",
        amount: money(10_500),
        reason: "Charged twice",
        link: LINK,
      }),
    ],
    [
      "invoicePaymentRecorded",
      templates.invoicePaymentRecordedEmail({
        ...parent,
        invoiceNumber: "INV-2026-007",
        description: "Spring term bus",
        amount: money(10_500),
        paidBy: "cheque",
        reference: "CHQ 1042",
      }),
    ],
    [
      "digest",
      templates.digestEmail({
        ...school,
        name: "Pat Rivera",
        items: [
          { title: "Picture day", text: "Friday at 9.", link: LINK },
          { title: "Library books due", text: "Monday.", link: LINK },
        ],
        link: LINK,
        settingsLink: LINK,
      }),
    ],
  ];
}

const TRIP = {
  title: "Science museum",
  departureAirport: "ORD",
  arrivalAirport: "JFK",
  departureDate: "2026-04-10",
  departureTime: "08:30",
  returnDate: "2026-04-12",
  returnTime: "18:00",
  costPerStudentCents: 45_000,
  depositCents: 10_000,
};
const PAID = { parentName: "Pat Rivera", amountCents: 10_500, currency: "USD" };
const INVOICE = {
  schoolName: "Maple School",
  invoiceNumber: "INV-2026-007",
  description: "Spring term bus",
  ...PAID,
  dueDate: "2026-03-16",
};

/** Every notice and push the system words (worker/services/notifications/words.ts). */
const NOTICES: [string, words.Wording][] = [
  ["invoiceIssued", words.invoiceIssuedWords(INVOICE)],
  ["invoiceVoided", words.invoiceVoidedWords({ ...INVOICE, reason: "Charged twice" })],
  ["paymentRecorded", words.paymentRecordedWords({ ...INVOICE, method: "cash", reference: null })],
  ["paymentRecorded (reference)", words.paymentRecordedWords({ ...INVOICE, method: "cheque", reference: "CHQ 1042" })],
  ["invoiceUpdated", words.invoiceUpdatedWords(INVOICE)],
  ["invoiceReminder", words.invoiceReminderWords(INVOICE)],
  ["invoiceOverdue", words.invoiceOverdueWords(INVOICE)],
  ["receipt (invoice)", words.receiptWords({ ...PAID, paid: { invoiceNumber: "INV-2026-007" } })],
  ["receipt (trip)", words.receiptWords({ ...PAID, paid: { childName: "Ada", tripTitle: "Science museum" } })],
  [
    "flightTripReminder",
    words.flightTripReminderWords({
      title: "Science museum",
      childName: "Ada",
      deadline: "2026-03-20",
      dueCents: 2_500,
      currency: "USD",
    }),
  ],
  ["flightTripCancelled (refunded)", words.flightTripCancelledWords(TRIP, "refunded")],
  ["flightTripCancelled (removed)", words.flightTripCancelledWords(TRIP, "removed")],
  [
    "flightTripChanged",
    words.flightTripChangedWords({
      trip: TRIP,
      before: { ...TRIP, costPerStudentCents: 50_000 },
      currency: "USD",
      scheduleChanged: true,
      priced: true,
      status: "Scheduled",
    }),
  ],
  [
    "flightTripChanged (cost)",
    words.flightTripChangedWords({
      trip: { ...TRIP, depositCents: null },
      before: { ...TRIP, costPerStudentCents: 40_000 },
      currency: "USD",
      scheduleChanged: false,
      priced: true,
      status: "Scheduled",
    }),
  ],
  ["digest", words.digestPushWords({ quietOnly: false, titles: ["Picture day", "Library books due"] })],
  ["digest (quiet hours)", words.digestPushWords({ quietOnly: true, titles: ["Bus approaching"] })],
  ["admin: paid (invoice)", words.paymentReceivedAdminWords({ ...PAID, paid: { invoiceNumber: "INV-2026-007" } })],
  [
    "admin: paid (trip)",
    words.paymentReceivedAdminWords({ ...PAID, paid: { childName: "Ada", tripTitle: "Science museum" } }),
  ],
  ["admin: failed (invoice)", words.paymentFailedAdminWords({ ...PAID, paid: { invoiceNumber: "INV-2026-007" } })],
  [
    "admin: failed (trip)",
    words.paymentFailedAdminWords({ ...PAID, paid: { childName: "Ada", tripTitle: "Science museum" } }),
  ],
  ["admin: refunded (invoice)", words.refundCompletedAdminWords({ ...PAID, paid: { invoiceNumber: "INV-2026-007" } })],
  [
    "admin: refunded (trip)",
    words.refundCompletedAdminWords({ ...PAID, paid: { childName: "Ada", tripTitle: "Science museum" } }),
  ],
  [
    "admin: enrolled",
    words.enrolledAdminWords({ parentName: "Pat Rivera", childName: "Ada", tripTitle: "Science museum" }),
  ],
  [
    "admin: opted out",
    words.optedOutAdminWords({ parentName: "Pat Rivera", childName: "Ada", tripTitle: "Science museum" }),
  ],
];

describe("snapshots per language", () => {
  it.each(LOCALES)("every e-mail's subject and text in %s", async (locale) => {
    const all = emails(locale);
    expect(all).toHaveLength(23);
    const document = all.map(([name, mail]) => `## ${name}\nSubject: ${mail.subject}\n\n${mail.text}\n`).join("\n");
    expect(document).not.toMatch(/\{\w+[,}]/);
    await expect(document).toMatchFileSnapshot(`./__snapshots__/emails/${locale}.txt`);
  });

  it.each(LOCALES)("every notice's title and message in %s", async (locale) => {
    const document = NOTICES.map(([name, wording]) => {
      const said = wording(locale);
      return `## ${name}\n${said.title}\n${said.message}\n`;
    }).join("\n");
    await expect(document).toMatchFileSnapshot(`./__snapshots__/notices/${locale}.txt`);
  });
});
