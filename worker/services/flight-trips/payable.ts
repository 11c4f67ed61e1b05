import type { Payable } from "../payments/payable.ts";
import { enrollmentPaymentEffects, enrollmentRefundEffects } from "./payment-events.ts";
import { enrollmentsHoldingTooMuch, markEnrollmentRefundsDue } from "./refunds.ts";

/**
 * A field-trip enrolment as payments see it (ADR 0042): its deposit, balance or full cost paid
 * through Checkout, its money derived from its payments (`enrollmentPaymentRecompute`), its
 * refunds by the trip's rule (refunds.ts).
 */
export const enrollmentPayable: Payable = {
  kind: "enrollment",
  link: "enrollmentId",
  returnPath: "/parent/flight-trips",
  paymentEffects: enrollmentPaymentEffects,
  refundEffects: enrollmentRefundEffects,
  markRefundsDue: markEnrollmentRefundsDue,
  holdingTooMuch: enrollmentsHoldingTooMuch,
};
