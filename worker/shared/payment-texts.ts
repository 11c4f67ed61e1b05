import { said } from "./said.ts";
/**
 * Parents paying through Stripe Checkout on their school's connected account. A "payable" is what
 * a payment settles; invoices and field-trip enrolments, and the
 * kind travels in the Checkout Session's and PaymentIntent's metadata so the webhook can dispatch on it.
 * These are the kinds' names (`payments.kind`); what each kind does is its `Payable`
 * (services/payments/payable.ts, ADR 0042).
 */
export const PAYABLE_KINDS = ["invoice", "enrollment"] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];

/** `?payment=…` on the page Checkout sends the parent back to. */
export const PAYMENT_RETURN_PARAM = "payment";
/** My Invoices' link to one invoice (a receipt's push): `?search=<its number>&invoice=<its id>` highlights it. */
export const LINKED_INVOICE_PARAM = "invoice";
export const PAYMENT_RETURN_VALUES = ["success", "cancelled"] as const;
export type PaymentReturn = (typeof PAYMENT_RETURN_VALUES)[number];

export const PAYMENT_MESSAGES = {
  invoiceNotFound: said(/*i18n*/ { id: "Invoice not found" }),
  alreadyPaid: said(/*i18n*/ { id: "This invoice is already paid." }),
  alreadyProcessing: said(
    /*i18n*/ { id: "A payment for this invoice is already being processed. It shows as Paid once Stripe confirms it." },
  ),
  refunded: said(/*i18n*/ { id: "This invoice was refunded and cannot be paid again. Please contact the school." }),
  voided: said(/*i18n*/ { id: "This invoice was voided by the school and cannot be paid." }),
  checkoutFailed: said(/*i18n*/ { id: "Failed to create payment session. Please try again." }),
  returnSuccess: {
    title: said(/*i18n*/ { id: "Payment received" }),
    description: said(
      /*i18n*/ { id: "Thank you! Your payment was received. The invoice shows as Paid once Stripe confirms it." },
    ),
  },
  returnCancelled: {
    title: said(/*i18n*/ { id: "Payment cancelled" }),
    description: said(/*i18n*/ { id: "You were not charged. You can pay the invoice whenever you are ready." }),
  },
} as const;
