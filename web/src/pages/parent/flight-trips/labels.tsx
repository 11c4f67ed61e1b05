import {
  CANCELLED_ENROLLMENT_LABEL,
  ENROLLMENT_MONEY_LABELS,
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentMoney,
  FLIGHT_TRIP_STATUS_LABELS,
  type FlightTripStatus,
  NOT_ENROLLED_LABEL,
} from "#shared/flight-trip-texts.ts";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { formatIsoDay } from "../../../components/ui/format.ts";
import { ENROLLMENT_MONEY_TONES } from "../../../features/flight-trips/tones.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";

const TRIP_TONES: Record<FlightTripStatus, Tone> = {
  scheduled: "blue",
  "in-progress": "violet",
  completed: "green",
  cancelled: "red",
};
const ENROLLMENT_TONES: Record<string, Tone> = {
  [ENROLLMENT_STATUS_LABELS.confirmed]: "green",
  [ENROLLMENT_STATUS_LABELS.pending]: "amber",
  [ENROLLMENT_STATUS_LABELS["opted-out"]]: "slate",
  [CANCELLED_ENROLLMENT_LABEL]: "red",
  [NOT_ENROLLED_LABEL]: "slate",
};

export function TripStatusBadge({ status }: { status: FlightTripStatus }) {
  return <Badge tone={TRIP_TONES[status]}>{sharedText(FLIGHT_TRIP_STATUS_LABELS[status])}</Badge>;
}

/** Confirmed / Pending / Opted Out / Cancelled (the trip was), or Not Enrolled: the label the server gives. */
export function EnrollmentBadge({ label }: { label: string }) {
  return <Badge tone={ENROLLMENT_TONES[label] ?? "slate"}>{label}</Badge>;
}

export function MoneyBadge({ money }: { money: EnrollmentMoney }) {
  return <Badge tone={ENROLLMENT_MONEY_TONES[money]}>{sharedText(ENROLLMENT_MONEY_LABELS[money])}</Badge>;
}

/** Whether the money badge says more than the enrolment's: a pending enrolment is unpaid by definition. */
export const showsMoney = (status: string, money: EnrollmentMoney) =>
  status === "confirmed" || money === "refund-pending" || money === "refunded";

/**
 * The enrolment's money in a line: what is paid of the cost and what comes next while the trip is on
 * for the child; what came (or is coming) back once it is over.
 */
export function moneyLine(
  trip: { costPerStudentCents: number },
  enrollment: {
    money: EnrollmentMoney;
    amountPaidCents: number;
    amountRefundedCents: number;
    refundPendingCents: number;
    nextPaymentCents: number;
  },
  over: boolean,
  money: (minor: number) => string,
): string | null {
  const coming =
    enrollment.refundPendingCents > 0
      ? `refund of ${money(enrollment.refundPendingCents)} on its way to your card`
      : null;
  if (over) {
    if (coming)
      return `${coming[0]!.toUpperCase()}${coming.slice(1)}${enrollment.amountRefundedCents > 0 ? ` · ${money(enrollment.amountRefundedCents)} refunded` : ""}`;
    return enrollment.amountRefundedCents > 0 ? `${money(enrollment.amountRefundedCents)} refunded to your card` : null;
  }
  const next = enrollment.nextPaymentCents > 0 ? ` · next payment ${money(enrollment.nextPaymentCents)}` : "";
  return `Paid ${money(enrollment.amountPaidCents)} of ${money(trip.costPerStudentCents)}${next}${coming ? ` · ${coming}` : ""}`;
}

/** A wall-clock time of the school's zone, `14:05` → `2:05 PM`. */
export function wallTimeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** "Apr 10, 2026 at 8:30 AM" (a calendar day and a wall-clock time of the school's zone). */
export function tripMoment(date: string, time: string): string {
  return `${formatIsoDay(date)} at ${wallTimeLabel(time)}`;
}
