// No zod here: list screens read these labels without loading the forms' schemas.
import type { I18n } from "@lingui/core";
import { type Currency, formatMoney, moneyIn } from "./money.ts";
import { said, saidWith } from "./said.ts";
import { shiftDate, zonedInstant } from "./school-time.ts";

/** "Not Enrolled" is no enrolment row at all, so it is only a label. */
export const FLIGHT_TRIP_STATUSES = ["scheduled", "in-progress", "completed", "cancelled"] as const;
export const ENROLLMENT_STATUSES = ["confirmed", "pending", "opted-out"] as const;
export const ENROLLMENT_PAYMENT_STATUSES = ["paid", "partial", "pending"] as const;
export type FlightTripStatus = (typeof FLIGHT_TRIP_STATUSES)[number];
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export type EnrollmentPaymentStatus = (typeof ENROLLMENT_PAYMENT_STATUSES)[number];

export const FLIGHT_TRIP_STATUS_LABELS: Record<FlightTripStatus, string> = {
  scheduled: said(/*i18n*/ { id: "Scheduled" }),
  "in-progress": said(/*i18n*/ { id: "In Progress" }),
  completed: said(/*i18n*/ { id: "Completed" }),
  cancelled: said(/*i18n*/ { id: "Cancelled" }),
};
export const NOT_ENROLLED_LABEL = "Not Enrolled";
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  confirmed: said(/*i18n*/ { id: "Confirmed" }),
  pending: said(/*i18n*/ { id: "Pending" }),
  "opted-out": said(/*i18n*/ { id: "Opted Out" }),
};
export const ENROLLMENT_PAYMENT_LABELS: Record<EnrollmentPaymentStatus, string> = {
  paid: said(/*i18n*/ { id: "Paid" }),
  partial: said(/*i18n*/ { id: "Partial" }),
  pending: said(/*i18n*/ { id: "Pending" }),
};

/** Enrolments that hold a seat (capacity counts these). */
export const SEAT_HOLDING_STATUSES = ["confirmed", "pending"] as const satisfies readonly EnrollmentStatus[];

/** Limits of the form. */
export const FLIGHT_TRIP_LIMITS = { maxCostCents: 100_000_00, maxCapacity: 1000 } as const;

/** The hourly sweep reminds parents of unpaid (pending) or partly paid enrolments this long before the deadline. */
export const ENROLLMENT_REMINDER_HOURS = 48;

/**
 * The enrolment deadline is a calendar day in the school's zone and is inclusive: enrolment (and
 * opting out) closes when that day ends there.
 */
export function enrollmentClosesAt(deadline: string, zone: string): Date {
  return zonedInstant(shiftDate(deadline, 1), "00:00", zone);
}

/**
 * A new or changed enrolment deadline is today or later in the school's zone. An edit that keeps
 * the deadline it had (a trip whose enrolment has closed) still saves.
 */
export function deadlineInPast(deadline: string, today: string, saved: string | null = null): boolean {
  return deadline < today && deadline !== saved;
}

export function enrollmentOpen(deadline: string, zone: string, now: Date): boolean {
  return now.getTime() < enrollmentClosesAt(deadline, zone).getTime();
}

/** Enroll Now's medical information: the child's allergies and special needs, labelled, or 2,000 characters of typing. */
export const ENROLLMENT_MEDICAL_MAX = 2100;

/**
 * What Enroll Now's medical information starts with for a child: its allergies and special needs as
 * the children page holds them (as the parent typed them), labelled in `i18n`'s language.
 */
export function medicalNotesOf(child: { allergyInfo: string | null; specialNeeds: string | null }, i18n: I18n): string {
  return [
    child.allergyInfo
      ? i18n._({
          .../*i18n*/ { id: "enrol.allergies", message: "Allergies: {text}" },
          values: { text: child.allergyInfo },
        })
      : null,
    child.specialNeeds
      ? i18n._({
          .../*i18n*/ { id: "enrol.specialNeeds", message: "Special needs: {text}" },
          values: { text: child.specialNeeds },
        })
      : null,
  ]
    .filter((line): line is string => line !== null)
    .join("\n");
}

/** What a parent owes next: the deposit first (when the trip has one), then the balance; or the full cost. */
export function nextPaymentCents(
  trip: { costPerStudentCents: number; depositCents: number | null },
  amountPaidCents: number,
): number {
  if (amountPaidCents === 0 && trip.depositCents !== null) return trip.depositCents;
  return Math.max(0, trip.costPerStudentCents - amountPaidCents);
}

/** The payment status that an amount paid gives. */
export function paymentStatusFor(
  trip: { costPerStudentCents: number },
  amountPaidCents: number,
): EnrollmentPaymentStatus {
  if (amountPaidCents >= trip.costPerStudentCents) return "paid";
  return amountPaidCents > 0 ? "partial" : "pending";
}

/**
 * How an enrolment's money stands, as every screen and the roster say it: the stored payment status
 * while the trip is on, and what came (or is coming) back once it is over for the child (opted out,
 * or the trip cancelled). A refund decided and not yet confirmed by Stripe shows as pending.
 */
export const ENROLLMENT_MONEY_LABELS = {
  paid: said(/*i18n*/ { id: "Paid" }),
  partial: said(/*i18n*/ { id: "Partial" }),
  pending: said(/*i18n*/ { id: "Pending" }),
  "refund-pending": said(/*i18n*/ { id: "Refund pending" }),
  refunded: said(/*i18n*/ { id: "Refunded" }),
  "not-paid": said(/*i18n*/ { id: "Nothing paid" }),
} as const;
export type EnrollmentMoney = keyof typeof ENROLLMENT_MONEY_LABELS;
/** An enrolment of a cancelled trip (one that was not opted out before). */
export const CANCELLED_ENROLLMENT_LABEL = "Cancelled";

export type EnrollmentMoneyFacts = {
  status: EnrollmentStatus;
  amountPaidCents: number;
  amountRefundedCents: number;
  refundPendingCents: number;
};

export function enrollmentStanding(
  trip: { status: FlightTripStatus; costPerStudentCents: number },
  enrollment: EnrollmentMoneyFacts,
) {
  const over = trip.status === "cancelled" || enrollment.status === "opted-out";
  const label =
    trip.status === "cancelled" && enrollment.status !== "opted-out"
      ? CANCELLED_ENROLLMENT_LABEL
      : ENROLLMENT_STATUS_LABELS[enrollment.status];
  const money: EnrollmentMoney =
    enrollment.refundPendingCents > 0
      ? "refund-pending"
      : over
        ? enrollment.amountRefundedCents > 0
          ? "refunded"
          : "not-paid"
        : paymentStatusFor(trip, enrollment.amountPaidCents);
  return { label, money, moneyLabel: ENROLLMENT_MONEY_LABELS[money], over };
}

export const FLIGHT_TRIP_MESSAGES = {
  // Toasts (the spec gives none for flight trips; these follow its pattern).
  created: {
    title: said(/*i18n*/ { id: "Flight Trip Created" }),
    description: said(/*i18n*/ { id: "Flight trip created successfully!" }),
  },
  updated: {
    title: said(/*i18n*/ { id: "Flight Trip Updated" }),
    description: said(/*i18n*/ { id: "Flight trip updated successfully!" }),
  },
  deleted: {
    title: said(/*i18n*/ { id: "Flight Trip Deleted" }),
    description: said(/*i18n*/ { id: "Flight trip deleted successfully!" }),
  },
  cancelled: {
    title: said(/*i18n*/ { id: "Flight Trip Cancelled" }),
    description: said(
      /*i18n*/ {
        id: "The trip had paid enrolments, so it was cancelled: every payment is refunded and the parents are notified.",
      },
    ),
  },
  saveFailed: {
    title: said(/*i18n*/ { id: "Save Failed" }),
    description: said(/*i18n*/ { id: "Failed to save flight trip. Please try again." }),
  },
  deleteFailed: {
    title: said(/*i18n*/ { id: "Deletion Failed" }),
    description: said(/*i18n*/ { id: "Failed to delete flight trip. Please try again." }),
  },
  parentsNotified: {
    title: said(/*i18n*/ { id: "Parents Notified" }),
    description: said(/*i18n*/ { id: "The enrolled parents were notified." }),
  },
  enrolled: {
    title: said(/*i18n*/ { id: "Enrolment Started" }),
    description: said(/*i18n*/ { id: "Complete the payment to confirm the enrolment." }),
  },
  enrolledFree: {
    title: said(/*i18n*/ { id: "Enrolment Confirmed" }),
    description: said(/*i18n*/ { id: "Your child is enrolled in this trip." }),
  },
  optedOut: {
    title: said(/*i18n*/ { id: "Opted Out" }),
    description: said(/*i18n*/ { id: "Your child is no longer enrolled. Any payment is refunded to your card." }),
  },
  enrollFailed: {
    title: said(/*i18n*/ { id: "Enrolment Failed" }),
    description: said(/*i18n*/ { id: "Failed to enrol. Please try again." }),
  },
  optOutFailed: {
    title: said(/*i18n*/ { id: "Opt Out Failed" }),
    description: said(/*i18n*/ { id: "Failed to opt out. Please try again." }),
  },
  // Confirmations.
  confirmDelete: said(
    /*i18n*/ { id: "Are you sure you want to delete this flight trip? This action cannot be undone." },
  ),
  confirmCancel: said(
    /*i18n*/ {
      id: "This trip has paid enrolments, so it will be cancelled instead of deleted: every payment is refunded through Stripe and the parents are notified. This cannot be undone.",
    },
  ),
  refundRule: said(
    /*i18n*/ {
      id: "Opting out before the enrolment deadline refunds everything you paid for this trip, in full. After the deadline you can no longer opt out.",
    },
  ),
  // Form and rule messages.
  title: said(/*i18n*/ { id: "Title is required" }),
  departureAirport: said(/*i18n*/ { id: "Departure airport is required" }),
  arrivalAirport: said(/*i18n*/ { id: "Arrival airport is required" }),
  departureDate: said(/*i18n*/ { id: "Departure date is required" }),
  returnDate: said(/*i18n*/ { id: "Return date is required" }),
  time: said(/*i18n*/ { id: "Enter a time as HH:MM" }),
  airline: said(/*i18n*/ { id: "Airline is required" }),
  cost: said(/*i18n*/ { id: "Cost per student must be a number of at least 0, in steps of 0.01" }),
  /** The largest cost, in the school's currency's minor units. */
  costTooLarge: (maxMinor: number, currency: Currency) =>
    saidWith(`The cost can be at most ${formatMoney(maxMinor, currency)}`, {
      .../*i18n*/ { id: "flightTrip.costTooLarge", message: "The cost can be at most {max}" },
      values: { max: moneyIn(maxMinor, currency) },
    }),
  deposit: said(
    /*i18n*/ { id: "The deposit must be more than 0 and less than the cost per student, in steps of 0.01" },
  ),
  deadline: said(/*i18n*/ { id: "Enrolment deadline is required" }),
  deadlineBeforeDeparture: said(/*i18n*/ { id: "The enrolment deadline must be before the departure date" }),
  deadlinePast: said(/*i18n*/ { id: "The enrolment deadline cannot be before today" }),
  returnAfterDeparture: said(/*i18n*/ { id: "Return must be after departure" }),
  // FLIGHT_TRIP_LIMITS.maxCapacity written out.
  capacity: said(/*i18n*/ { id: "Capacity must be a whole number from 1 to 1000" }),
  child: said(/*i18n*/ { id: "Please select a child" }),
  emergencyContact: said(/*i18n*/ { id: "Emergency contact is required" }),
  emergencyPhone: said(/*i18n*/ { id: "Emergency contact phone is required" }),
  terms: said(/*i18n*/ { id: "You must accept the terms and conditions" }),
  tripNotFound: said(/*i18n*/ { id: "Flight trip not found" }),
  enrollmentNotFound: said(/*i18n*/ { id: "Enrolment not found" }),
  childNotFound: said(/*i18n*/ { id: "Child not found" }),
  notOpen: said(/*i18n*/ { id: "This trip is not open for enrolment." }),
  full: said(/*i18n*/ { id: "This trip is full." }),
  alreadyEnrolled: said(/*i18n*/ { id: "This child is already enrolled in this trip." }),
  optOutClosed: said(/*i18n*/ { id: "Opting out is possible only before the enrolment deadline." }),
  nothingToPay: said(/*i18n*/ { id: "Nothing is left to pay for this enrolment." }),
} as const;

/** The parent's side (appended): states the messages above do not cover, and the return from Checkout. */
export const ENROLLMENT_MESSAGES = {
  alreadyOptedOut: said(/*i18n*/ { id: "This child has already opted out of this trip." }),
  notEnrolled: said(/*i18n*/ { id: "This child is no longer enrolled in this trip. Enroll again to pay." }),
  returnSuccess: {
    title: said(/*i18n*/ { id: "Payment received" }),
    description: said(
      /*i18n*/ { id: "Thank you! Your payment was received. The enrolment shows as paid once Stripe confirms it." },
    ),
  },
  returnCancelled: {
    title: said(/*i18n*/ { id: "Payment cancelled" }),
    description: said(/*i18n*/ { id: "You were not charged. You can pay from Flight Trips whenever you are ready." }),
  },
} as const;

/** The school admin's rules beyond the form (appended: the shared messages above stay as they are). */
export const FLIGHT_TRIP_ADMIN_MESSAGES = {
  reopenCancelled: said(
    /*i18n*/ { id: "A cancelled trip cannot be reopened: its payments are refunded. Create a new trip instead." },
  ),
} as const;

/** The reason a trip edit waits for the admin's confirmation of its refunds (AppError details). */
export const CONFIRM_REFUNDS_REASON = "refund_confirmation_required";
