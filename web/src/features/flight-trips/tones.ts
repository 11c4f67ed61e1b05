import type { EnrollmentMoney } from "#shared/flight-trip-texts.ts";
import type { Tone } from "../../components/ui/badge.tsx";

/** The badge colour of an enrolment's money, the same in the school's and the parent's area. */
export const ENROLLMENT_MONEY_TONES: Record<EnrollmentMoney, Tone> = {
  paid: "green",
  partial: "blue",
  pending: "amber",
  "refund-pending": "violet",
  refunded: "slate",
  "not-paid": "slate",
};
