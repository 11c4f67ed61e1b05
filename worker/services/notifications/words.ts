import type { MessageDescriptor } from "@lingui/core";
import type { NotificationCategory, NotificationType } from "#shared/enums.ts";
import type { FlightTripStatus } from "#shared/flight-trips.ts";
import type { Locale } from "#shared/locales.ts";
import { type Currency, currencyOf } from "#shared/money.ts";
import { translated } from "#shared/said.ts";
import type { IsoDate } from "#shared/school-time.ts";
import { emailDay, emailMoney } from "#worker/email/format.ts";
import { i18nFor, text } from "#worker/i18n/texts.ts";

/**
 * The notices and pushes the system composes about money and trips (issue 30, ADR 0080), each in
 * the language of the person who reads it: a function of the locale, written once per recipient.
 * In English they say exactly what they always said. A school's own words (a description, a void
 * reason, a trip's title, a name) go in as typed.
 */

export type Words = { title: string; message: string };
/** A notice said in any of the languages. */
export type Wording = (locale: Locale) => Words;
/** A notice with its wording: `title` and `message` are its English (the school's Sent tab, the audit). */
export type WordedNotice = Words & { type: NotificationType; category: NotificationCategory; words: Wording };

export function worded(type: NotificationType, category: NotificationCategory, words: Wording): WordedNotice {
  return { ...words("en"), type, category, words };
}

/** An amount in the reader's way of writing it (English: as it always was). */
export const money = (locale: Locale, minor: number, currency: string | Currency) =>
  emailMoney(locale, minor, currencyOf(currency));
/** A due date in the reader's way ("Sunday, March 8, 2026" in English). */
export const day = (locale: Locale, date: string) => emailDay(locale, date as IsoDate);
/** A date the English has always shown as typed (ISO, "2026-03-08"): the reader's way in another language. */
export const isoDay = (locale: Locale, date: string) =>
  locale === "en" || !/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : emailDay(locale, date as IsoDate);

/** Between two sentences: a space, none in Chinese (its full stop is full width). */
const sentenceGap = (locale: Locale) => (locale === "zh" ? "" : " ");

const say = (locale: Locale, descriptor: MessageDescriptor, values?: Record<string, unknown>) =>
  text(locale, descriptor, values);

/** What a payment was for: an invoice by its number, or a child's place on a flight trip. */
export type PaidFor = { invoiceNumber: string } | { childName: string; tripTitle: string };

// ——— To a parent ———

export function invoiceIssuedWords(input: {
  schoolName: string;
  description: string;
  amountCents: number;
  currency: string;
  dueDate: string;
}): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.invoiceIssued.title", message: "A new invoice" }),
    message: say(
      locale,
      /*i18n*/ { id: "notice.invoiceIssued.message", message: "{school}: {description} — {amount}, due {due}." },
      {
        school: input.schoolName,
        description: input.description,
        amount: money(locale, input.amountCents, input.currency),
        due: day(locale, input.dueDate),
      },
    ),
  });
}

export function invoiceVoidedWords(input: {
  schoolName: string;
  invoiceNumber: string;
  description: string;
  amountCents: number;
  currency: string;
  reason: string;
}): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.invoiceVoided.title", message: "Invoice voided" }),
    message: say(
      locale,
      /*i18n*/ {
        id: "notice.invoiceVoided.message",
        message:
          "Invoice {number} ({description}, {amount}) was voided by {school}. You do not need to pay it.\nReason: {reason}",
      },
      {
        number: input.invoiceNumber,
        description: input.description,
        amount: money(locale, input.amountCents, input.currency),
        school: input.schoolName,
        reason: input.reason,
      },
    ),
  });
}

const PAID_BY = {
  online: /*i18n*/ { id: "notice.paidBy.online", message: "card (online)" },
  cash: /*i18n*/ { id: "notice.paidBy.cash", message: "cash" },
  cheque: /*i18n*/ { id: "notice.paidBy.cheque", message: "cheque" },
  bank_transfer: /*i18n*/ { id: "notice.paidBy.bankTransfer", message: "bank transfer" },
} satisfies Record<string, MessageDescriptor>;

export function paymentRecordedWords(input: {
  schoolName: string;
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  method: keyof typeof PAID_BY;
  reference: string | null;
}): Wording {
  return (locale) => {
    const values = {
      school: input.schoolName,
      number: input.invoiceNumber,
      amount: money(locale, input.amountCents, input.currency),
      method: say(locale, PAID_BY[input.method]),
      reference: input.reference,
    };
    return {
      title: say(locale, /*i18n*/ { id: "notice.paymentRecorded.title", message: "Payment recorded" }),
      message: input.reference
        ? say(
            locale,
            /*i18n*/ {
              id: "notice.paymentRecorded.messageWithReference",
              message:
                "{school} recorded your payment of invoice {number} ({amount}) by {method}, reference {reference}.",
            },
            values,
          )
        : say(
            locale,
            /*i18n*/ {
              id: "notice.paymentRecorded.message",
              message: "{school} recorded your payment of invoice {number} ({amount}) by {method}.",
            },
            values,
          ),
    };
  };
}

type InvoiceNow = {
  schoolName: string;
  invoiceNumber: string;
  description: string;
  amountCents: number;
  currency: string;
  dueDate: string;
};
const invoiceValues = (locale: Locale, input: InvoiceNow) => ({
  school: input.schoolName,
  number: input.invoiceNumber,
  description: input.description,
  amount: money(locale, input.amountCents, input.currency),
  due: day(locale, input.dueDate),
});

export function invoiceUpdatedWords(input: InvoiceNow): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.invoiceUpdated.title", message: "Invoice updated" }),
    message: say(
      locale,
      /*i18n*/ {
        id: "notice.invoiceUpdated.message",
        message: "{school} updated invoice {number}: {description}, {amount}, due {due}.",
      },
      invoiceValues(locale, input),
    ),
  });
}

export function invoiceReminderWords(input: InvoiceNow): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.invoiceReminder.title", message: "Invoice reminder" }),
    message: say(
      locale,
      /*i18n*/ {
        id: "notice.invoiceReminder.message",
        message: "{school} sent you invoice {number} again: {description}, {amount}, due {due}.",
      },
      invoiceValues(locale, input),
    ),
  });
}

export function invoiceOverdueWords(input: {
  invoiceNumber: string;
  amountCents: number;
  currency: string;
  dueDate: string;
}): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.invoiceOverdue.title", message: "Invoice overdue" }),
    message: say(
      locale,
      /*i18n*/ {
        id: "notice.invoiceOverdue.message",
        message: "Invoice {number} for {amount} was due on {due} and is now overdue.",
      },
      {
        number: input.invoiceNumber,
        amount: money(locale, input.amountCents, input.currency),
        due: day(locale, input.dueDate),
      },
    ),
  });
}

/** The parent's own receipt of a card payment. */
export function receiptWords(input: { amountCents: number; currency: string; paid: PaidFor }): Wording {
  return (locale) => {
    const amount = money(locale, input.amountCents, input.currency);
    return {
      title: say(locale, /*i18n*/ { id: "notice.receipt.title", message: "Payment received" }),
      message:
        "invoiceNumber" in input.paid
          ? say(
              locale,
              /*i18n*/ {
                id: "notice.receipt.invoice",
                message: "Thank you: your payment of {amount} for invoice {number} was received.",
              },
              { amount, number: input.paid.invoiceNumber },
            )
          : say(
              locale,
              /*i18n*/ {
                id: "notice.receipt.trip",
                message: "Thank you: your payment of {amount} for {child} on {trip} was received.",
              },
              { amount, child: input.paid.childName, trip: input.paid.tripTitle },
            ),
    };
  };
}

export function flightTripReminderWords(input: {
  title: string;
  childName: string;
  deadline: string;
  dueCents: number;
  currency: string;
}): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.flightTripReminder.title", message: "Flight trip payment due" }),
    message: say(
      locale,
      /*i18n*/ {
        id: "notice.flightTripReminder.message",
        message: "Enrolment for {trip} closes at the end of {deadline}. {amount} is still to pay for {child}.",
      },
      {
        trip: input.title,
        deadline: isoDay(locale, input.deadline),
        amount: money(locale, input.dueCents, input.currency),
        child: input.childName,
      },
    ),
  });
}

/** A flight trip cancelled: `refunded` when payments were made (each refunded), else its enrolments are removed. */
export function flightTripCancelledWords(
  trip: { title: string; departureDate: string },
  outcome: "refunded" | "removed",
): Wording {
  return (locale) => {
    const values = { trip: trip.title, date: isoDay(locale, trip.departureDate) };
    return {
      title: say(locale, /*i18n*/ { id: "notice.flightTripCancelled.title", message: "Flight trip cancelled" }),
      message:
        outcome === "refunded"
          ? say(
              locale,
              /*i18n*/ {
                id: "notice.flightTripCancelled.refunded",
                message:
                  "{trip} on {date} is cancelled. Every payment made for it is refunded in full to the card it was paid with.",
              },
              values,
            )
          : say(
              locale,
              /*i18n*/ {
                id: "notice.flightTripCancelled.removed",
                message: "{trip} on {date} is cancelled and its enrolments are removed.",
              },
              values,
            ),
    };
  };
}

/** What parents are told about, and what they are told it with. */
export type FlightTripSchedule = {
  title: string;
  departureAirport: string;
  arrivalAirport: string;
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
  status: FlightTripStatus;
  costPerStudentCents: number;
  depositCents: number | null;
};

type TripTerms = Pick<FlightTripSchedule, "title" | "costPerStudentCents" | "depositCents">;

/**
 * A flight trip's schedule or cost changed: the new schedule (dates in the reader's way, times as
 * the school typed them) and/or the new cost. `status` is its label (worker/shared), translated here.
 */
export function flightTripChangedWords(input: {
  trip: Omit<FlightTripSchedule, "status">;
  before: TripTerms;
  currency: string;
  scheduleChanged: boolean;
  priced: boolean;
  status: string;
}): Wording {
  const { trip, before } = input;
  return (locale) => {
    const schedule = say(
      locale,
      /*i18n*/ {
        id: "notice.flightTripChanged.schedule",
        message:
          "{trip} ({from} to {to}) now departs on {departureDate} at {departureTime} and returns on {returnDate} at {returnTime}. Status: {status}.",
      },
      {
        trip: trip.title,
        from: trip.departureAirport,
        to: trip.arrivalAirport,
        departureDate: isoDay(locale, trip.departureDate),
        departureTime: trip.departureTime,
        returnDate: isoDay(locale, trip.returnDate),
        returnTime: trip.returnTime,
        status: translated(i18nFor(locale), input.status),
      },
    );
    const cost = [
      say(
        locale,
        /*i18n*/ {
          id: "notice.flightTripChanged.cost",
          message:
            "The cost per student of {trip} is now {cost}{hasWas, select, yes { (was {was})} other {}}{hasDeposit, select, yes {, with a deposit of {deposit}} other {}}.",
        },
        {
          trip: trip.title,
          cost: money(locale, trip.costPerStudentCents, input.currency),
          hasWas: before.costPerStudentCents === trip.costPerStudentCents ? "no" : "yes",
          was: money(locale, before.costPerStudentCents, input.currency),
          hasDeposit: trip.depositCents === null ? "no" : "yes",
          deposit: trip.depositCents === null ? "" : money(locale, trip.depositCents, input.currency),
        },
      ),
      trip.costPerStudentCents < before.costPerStudentCents
        ? say(
            locale,
            /*i18n*/ {
              id: "notice.flightTripChanged.refunded",
              message: "Anything paid above the new cost is refunded to the card it was paid with.",
            },
          )
        : say(
            locale,
            /*i18n*/ { id: "notice.flightTripChanged.toPay", message: "What is still to pay shows on Flight Trips." },
          ),
    ].join(sentenceGap(locale));
    return {
      title: input.scheduleChanged
        ? say(locale, /*i18n*/ { id: "notice.flightTripChanged.title", message: "Flight trip changed" })
        : say(locale, /*i18n*/ { id: "notice.flightTripChanged.costTitle", message: "Flight trip cost changed" }),
      message: [input.scheduleChanged ? schedule : null, input.priced ? cost : null]
        .filter(Boolean)
        .join(sentenceGap(locale)),
    };
  };
}

/** The daily digest's push (ADR 0075): the held notices' titles are already in the reader's language. */
export function digestPushWords(input: { quietOnly: boolean; titles: readonly string[] }): Wording {
  return (locale) => ({
    title: input.quietOnly
      ? say(locale, /*i18n*/ { id: "notice.digest.quietTitle", message: "While your quiet hours were on" })
      : say(locale, /*i18n*/ { id: "notice.digest.title", message: "Your daily digest" }),
    message: say(
      locale,
      /*i18n*/ {
        id: "notice.digest.message",
        message: "{count, plural, one {# update} other {# updates}}: {titles}",
      },
      { count: input.titles.length, titles: input.titles.join(" · ") },
    ),
  });
}

// ——— To a school's admins ———

type Money = { parentName: string; amountCents: number; currency: string };

export function paymentReceivedAdminWords(input: Money & { paid: PaidFor }): Wording {
  return (locale) => {
    const amount = money(locale, input.amountCents, input.currency);
    const title = say(locale, /*i18n*/ { id: "notice.admin.paid.title", message: "Payment received" });
    if ("invoiceNumber" in input.paid)
      return {
        title,
        message: say(
          locale,
          /*i18n*/ { id: "notice.admin.paid.invoice", message: "{parent} paid {amount} online for invoice {number}." },
          { parent: input.parentName, amount, number: input.paid.invoiceNumber },
        ),
      };
    return {
      title,
      message: say(
        locale,
        /*i18n*/ { id: "notice.admin.paid.trip", message: "{parent} paid {amount} online for {child} on {trip}." },
        { parent: input.parentName, amount, child: input.paid.childName, trip: input.paid.tripTitle },
      ),
    };
  };
}

export function paymentFailedAdminWords(input: Money & { paid: PaidFor }): Wording {
  return (locale) => {
    const amount = money(locale, input.amountCents, input.currency);
    const title = say(locale, /*i18n*/ { id: "notice.admin.failed.title", message: "Payment failed" });
    if ("invoiceNumber" in input.paid)
      return {
        title,
        message: say(
          locale,
          /*i18n*/ {
            id: "notice.admin.failed.invoice",
            message: "A card payment of {amount} by {parent} for invoice {number} failed.",
          },
          { parent: input.parentName, amount, number: input.paid.invoiceNumber },
        ),
      };
    return {
      title,
      message: say(
        locale,
        /*i18n*/ {
          id: "notice.admin.failed.trip",
          message: "A card payment of {amount} by {parent} for {child} on {trip} failed.",
        },
        { parent: input.parentName, amount, child: input.paid.childName, trip: input.paid.tripTitle },
      ),
    };
  };
}

export function refundCompletedAdminWords(input: Money & { paid: PaidFor }): Wording {
  return (locale) => {
    const amount = money(locale, input.amountCents, input.currency);
    const title = say(locale, /*i18n*/ { id: "notice.admin.refunded.title", message: "Refund completed" });
    if ("invoiceNumber" in input.paid)
      return {
        title,
        message: say(
          locale,
          /*i18n*/ {
            id: "notice.admin.refunded.invoice",
            message: "{amount} was refunded to {parent} for invoice {number}.",
          },
          { parent: input.parentName, amount, number: input.paid.invoiceNumber },
        ),
      };
    return {
      title,
      message: say(
        locale,
        /*i18n*/ {
          id: "notice.admin.refunded.trip",
          message: "{amount} was refunded to {parent} for {child} on {trip}.",
        },
        { parent: input.parentName, amount, child: input.paid.childName, trip: input.paid.tripTitle },
      ),
    };
  };
}

type Enrolment = { parentName: string; childName: string; tripTitle: string };

export function enrolledAdminWords(input: Enrolment): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.admin.enrolled.title", message: "New enrolment" }),
    message: say(
      locale,
      /*i18n*/ { id: "notice.admin.enrolled.message", message: "{parent} enrolled {child} in {trip}." },
      { parent: input.parentName, child: input.childName, trip: input.tripTitle },
    ),
  });
}

export function optedOutAdminWords(input: Enrolment): Wording {
  return (locale) => ({
    title: say(locale, /*i18n*/ { id: "notice.admin.optedOut.title", message: "Enrolment opted out" }),
    message: say(
      locale,
      /*i18n*/ { id: "notice.admin.optedOut.message", message: "{parent} opted {child} out of {trip}." },
      { parent: input.parentName, child: input.childName, trip: input.tripTitle },
    ),
  });
}
