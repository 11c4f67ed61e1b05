import { t } from "@lingui/core/macro";
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
import { clockTime } from "../../../features/rides/hooks.ts";
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
  const pending = money(enrollment.refundPendingCents);
  const refunded = money(enrollment.amountRefundedCents);
  const coming = enrollment.refundPendingCents > 0;
  if (over) {
    if (coming)
      return enrollment.amountRefundedCents > 0
        ? t`Refund of ${pending} on its way to your card · ${refunded} refunded`
        : t`Refund of ${pending} on its way to your card`;
    return enrollment.amountRefundedCents > 0 ? t`${refunded} refunded to your card` : null;
  }
  const paid = money(enrollment.amountPaidCents);
  const cost = money(trip.costPerStudentCents);
  const next = money(enrollment.nextPaymentCents);
  return [
    t`Paid ${paid} of ${cost}`,
    enrollment.nextPaymentCents > 0 ? t`next payment ${next}` : null,
    coming ? t`refund of ${pending} on its way to your card` : null,
  ]
    .filter((part) => part !== null)
    .join(" · ");
}

/** "Apr 10, 2026 at 8:30 AM" (a calendar day and a wall-clock time of the school's zone, in the reader's language). */
export function tripMoment(date: string, time: string): string {
  const day = formatIsoDay(date);
  const clock = clockTime(time);
  return t`${day} at ${clock}`;
}
