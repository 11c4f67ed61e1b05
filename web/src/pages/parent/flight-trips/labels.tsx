import {
  ENROLLMENT_PAYMENT_LABELS,
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentPaymentStatus,
  type EnrollmentStatus,
  FLIGHT_TRIP_STATUS_LABELS,
  type FlightTripStatus,
  NOT_ENROLLED_LABEL,
} from "#shared/flight-trip-texts.ts";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { formatIsoDay } from "../../../components/ui/format.ts";

const TRIP_TONES: Record<FlightTripStatus, Tone> = { scheduled: "blue", "in-progress": "violet", completed: "green", cancelled: "red" };
const ENROLLMENT_TONES: Record<EnrollmentStatus, Tone> = { confirmed: "green", pending: "amber", "opted-out": "slate" };
const PAYMENT_TONES: Record<EnrollmentPaymentStatus, Tone> = { paid: "green", partial: "blue", pending: "amber" };

export function TripStatusBadge({ status }: { status: FlightTripStatus }) {
  return <Badge tone={TRIP_TONES[status]}>{FLIGHT_TRIP_STATUS_LABELS[status]}</Badge>;
}

/** Confirmed / Pending / Opted Out, or Not Enrolled when there is no enrolment. */
export function EnrollmentBadge({ status }: { status: EnrollmentStatus | null }) {
  return status ? <Badge tone={ENROLLMENT_TONES[status]}>{ENROLLMENT_STATUS_LABELS[status]}</Badge> : <Badge tone="slate">{NOT_ENROLLED_LABEL}</Badge>;
}

export function PaymentBadge({ status }: { status: EnrollmentPaymentStatus }) {
  return <Badge tone={PAYMENT_TONES[status]}>{ENROLLMENT_PAYMENT_LABELS[status]}</Badge>;
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
