import type { Payable } from "../payments/payable.ts";
import { invoicePaymentEffects, invoiceRefundEffects } from "./payment-events.ts";
import { invoicesHoldingTooMuch, markInvoiceRefundsDue } from "./refunds.ts";

/**
 * An invoice as payments see it (ADR 0042): paid once through Checkout (payment-events.ts), its
 * refunds by the invoices' rule (refunds.ts).
 */
export const invoicePayable: Payable = {
  kind: "invoice",
  link: "invoiceId",
  returnPath: "/parent/invoices",
  paymentEffects: invoicePaymentEffects,
  refundEffects: invoiceRefundEffects,
  markRefundsDue: markInvoiceRefundsDue,
  holdingTooMuch: invoicesHoldingTooMuch,
};
