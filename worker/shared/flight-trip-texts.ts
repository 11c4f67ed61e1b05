// No zod here: list screens read these labels without loading the forms' schemas.
import { type Currency, formatMoney } from "./money.ts";
import { shiftDate, zonedInstant } from "./school-time.ts";

/** "Not Enrolled" is no enrolment row at all, so it is only a label. */
export const FLIGHT_TRIP_STATUSES = ["scheduled", "in-progress", "completed", "cancelled"] as const;
export const ENROLLMENT_STATUSES = ["confirmed", "pending", "opted-out"] as const;
export const ENROLLMENT_PAYMENT_STATUSES = ["paid", "partial", "pending"] as const;
export type FlightTripStatus = (typeof FLIGHT_TRIP_STATUSES)[number];
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export type EnrollmentPaymentStatus = (typeof ENROLLMENT_PAYMENT_STATUSES)[number];

export const FLIGHT_TRIP_STATUS_LABELS: Record<FlightTripStatus, string> = {
  scheduled: "Scheduled",
  "in-progress": "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};
export const NOT_ENROLLED_LABEL = "Not Enrolled";
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  "opted-out": "Opted Out",
};
export const ENROLLMENT_PAYMENT_LABELS: Record<EnrollmentPaymentStatus, string> = {
  paid: "Paid",
  partial: "Partial",
  pending: "Pending",
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

/** What Enroll Now's medical information starts with for a child: its allergies and special needs as the children page holds them. */
export function medicalNotesOf(child: { allergyInfo: string | null; specialNeeds: string | null }): string {
  return [
    child.allergyInfo ? `Allergies: ${child.allergyInfo}` : null,
    child.specialNeeds ? `Special needs: ${child.specialNeeds}` : null,
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
  paid: "Paid",
  partial: "Partial",
  pending: "Pending",
  "refund-pending": "Refund pending",
  refunded: "Refunded",
  "not-paid": "Nothing paid",
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
  created: { title: "Flight Trip Created", description: "Flight trip created successfully!" },
  updated: { title: "Flight Trip Updated", description: "Flight trip updated successfully!" },
  deleted: { title: "Flight Trip Deleted", description: "Flight trip deleted successfully!" },
  cancelled: {
    title: "Flight Trip Cancelled",
    description:
      "The trip had paid enrolments, so it was cancelled: every payment is refunded and the parents are notified.",
  },
  saveFailed: { title: "Save Failed", description: "Failed to save flight trip. Please try again." },
  deleteFailed: { title: "Deletion Failed", description: "Failed to delete flight trip. Please try again." },
  parentsNotified: { title: "Parents Notified", description: "The enrolled parents were notified." },
  enrolled: { title: "Enrolment Started", description: "Complete the payment to confirm the enrolment." },
  enrolledFree: { title: "Enrolment Confirmed", description: "Your child is enrolled in this trip." },
  optedOut: {
    title: "Opted Out",
    description: "Your child is no longer enrolled. Any payment is refunded to your card.",
  },
  enrollFailed: { title: "Enrolment Failed", description: "Failed to enrol. Please try again." },
  optOutFailed: { title: "Opt Out Failed", description: "Failed to opt out. Please try again." },
  // Confirmations.
  confirmDelete: "Are you sure you want to delete this flight trip? This action cannot be undone.",
  confirmCancel:
    "This trip has paid enrolments, so it will be cancelled instead of deleted: every payment is refunded through Stripe and the parents are notified. This cannot be undone.",
  refundRule:
    "Opting out before the enrolment deadline refunds everything you paid for this trip, in full. After the deadline you can no longer opt out.",
  // Form and rule messages.
  title: "Title is required",
  departureAirport: "Departure airport is required",
  arrivalAirport: "Arrival airport is required",
  departureDate: "Departure date is required",
  returnDate: "Return date is required",
  time: "Enter a time as HH:MM",
  airline: "Airline is required",
  cost: "Cost per student must be a number of at least 0, in steps of 0.01",
  /** `max`: the largest cost, written in the school's currency. */
  costTooLarge: (max: string) => `The cost can be at most ${max}`,
  deposit: "The deposit must be more than 0 and less than the cost per student, in steps of 0.01",
  deadline: "Enrolment deadline is required",
  deadlineBeforeDeparture: "The enrolment deadline must be before the departure date",
  deadlinePast: "The enrolment deadline cannot be before today",
  returnAfterDeparture: "Return must be after departure",
  capacity: `Capacity must be a whole number from 1 to ${FLIGHT_TRIP_LIMITS.maxCapacity}`,
  child: "Please select a child",
  emergencyContact: "Emergency contact is required",
  emergencyPhone: "Emergency contact phone is required",
  terms: "You must accept the terms and conditions",
  tripNotFound: "Flight trip not found",
  enrollmentNotFound: "Enrolment not found",
  childNotFound: "Child not found",
  notOpen: "This trip is not open for enrolment.",
  closed: (deadline: string) => `Enrolment for this trip closed on ${deadline}.`,
  full: "This trip is full.",
  alreadyEnrolled: "This child is already enrolled in this trip.",
  optOutClosed: "Opting out is possible only before the enrolment deadline.",
  nothingToPay: "Nothing is left to pay for this enrolment.",
  capacityBelowEnrolled: (enrolled: number) =>
    `The capacity cannot be below the ${enrolled} children already enrolled.`,
} as const;

/** The parent's side (appended): states the messages above do not cover, and the return from Checkout. */
export const ENROLLMENT_MESSAGES = {
  /** Deleting a child (or the account) follows the opt-out rule: not once the deadline of a trip it holds a seat on has passed. */
  heldAfterDeadline: (childName: string, tripTitle: string) =>
    `${childName} is enrolled in ${tripTitle}, whose enrolment deadline has passed, so ${childName} can no longer be opted out or removed. Please contact the school.`,
  alreadyOptedOut: "This child has already opted out of this trip.",
  notEnrolled: "This child is no longer enrolled in this trip. Enroll again to pay.",
  returnSuccess: {
    title: "Payment received",
    description: "Thank you! Your payment was received. The enrolment shows as paid once Stripe confirms it.",
  },
  returnCancelled: {
    title: "Payment cancelled",
    description: "You were not charged. You can pay from Flight Trips whenever you are ready.",
  },
} as const;

/** The school admin's rules beyond the form (appended: the shared messages above stay as they are). */
export const FLIGHT_TRIP_ADMIN_MESSAGES = {
  reopenCancelled: "A cancelled trip cannot be reopened: its payments are refunded. Create a new trip instead.",
  /** A lowered cost refunds what was paid above it: said with the amounts, saved only once confirmed. */
  confirmRefunds: (refunds: { childName: string; cents: number }[], currency: Currency) => {
    const total = refunds.reduce((sum, refund) => sum + refund.cents, 0);
    const shown = refunds.slice(0, 5).map((refund) => `${refund.childName} ${formatMoney(refund.cents, currency)}`);
    const more = refunds.length > 5 ? `, and ${refunds.length - 5} more` : "";
    return `The new cost is below what ${refunds.length === 1 ? "1 family has" : `${refunds.length} families have`} paid: saving refunds ${formatMoney(total, currency)} (${shown.join(", ")}${more}) to the cards it was paid with.`;
  },
} as const;

/** The reason a trip edit waits for the admin's confirmation of its refunds (AppError details). */
export const CONFIRM_REFUNDS_REASON = "refund_confirmation_required";
