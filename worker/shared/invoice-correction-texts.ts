import type { InvoiceStatus } from "./invoice-texts.ts";
import { said } from "./said.ts";

// No zod here, and apart from invoice-texts.ts: only the correction dialogs (loaded when one opens),
// the schema and the server read these, so the Invoices page does not carry them (its bundle
// budget); the lists get how an invoice was paid as text (`statusDetail`).

/** A school admin's corrections of an invoice (issue 25, ADR 0041): void, edit, resend, mark paid offline. */
export const INVOICE_CORRECTION_MESSAGES = {
  notCorrectable: said(/*i18n*/ { id: "Only a pending or overdue invoice can be changed." }),
  onlyPendingEditable: said(/*i18n*/ { id: "Only a pending invoice can be edited." }),
  changedMeanwhile: said(/*i18n*/ { id: "This invoice was changed meanwhile. Close the form and try again." }),
  alreadyPaid: said(/*i18n*/ { id: "This invoice is already paid." }),
  alreadyVoid: said(/*i18n*/ { id: "This invoice is void." }),
  voidReason: said(/*i18n*/ { id: "Enter the reason for voiding this invoice" }),
  voidReasonTooLong: said(/*i18n*/ { id: "Use at most 500 characters" }),
  reference: said(/*i18n*/ { id: "Enter the cheque number or transfer reference" }),
  referenceTooLong: said(/*i18n*/ { id: "Use at most 120 characters" }),
  paymentMethod: said(/*i18n*/ { id: "Choose how the invoice was paid" }),
  voidedTitle: said(/*i18n*/ { id: "Invoice Voided" }),
  updatedTitle: said(/*i18n*/ { id: "Invoice Updated" }),
  resentTitle: said(/*i18n*/ { id: "Invoice Sent" }),
  markedPaidTitle: said(/*i18n*/ { id: "Payment Recorded" }),
  correctionFailedTitle: said(/*i18n*/ { id: "Update Failed" }),
  correctionFailed: said(/*i18n*/ { id: "Failed to update the invoice. Please try again." }),
} as const;

/**
 * How a paid invoice was paid: online (Stripe Checkout, written by the webhook) or recorded by the
 * school (cash, cheque, bank transfer). An invoice paid offline keeps no online payment (ADR 0041).
 */
export const PAYMENT_METHODS = ["online", "cash", "cheque", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const OFFLINE_PAYMENT_METHODS = ["cash", "cheque", "bank_transfer"] as const satisfies readonly PaymentMethod[];
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: said(/*i18n*/ { id: "card (online)" }),
  cash: said(/*i18n*/ { id: "cash" }),
  cheque: said(/*i18n*/ { id: "cheque" }),
  bank_transfer: said(/*i18n*/ { id: "bank transfer" }),
};
export function paidOffline(method: PaymentMethod | null | undefined): method is OfflinePaymentMethod {
  return (OFFLINE_PAYMENT_METHODS as readonly (string | null | undefined)[]).includes(method);
}

/** The longest void reason and payment reference a school admin can write. */
export const MAX_VOID_REASON_LENGTH = 500;
export const MAX_PAYMENT_REFERENCE_LENGTH = 120;
export const MAX_INVOICE_DESCRIPTION_LENGTH = 200;

/** An invoice still owed: the only ones a parent can pay, and a school admin void, resend or mark paid. */
export const OPEN_INVOICE_STATUSES = ["pending", "overdue"] as const satisfies readonly InvoiceStatus[];
export function invoiceOpen(status: InvoiceStatus): status is (typeof OPEN_INVOICE_STATUSES)[number] {
  return (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);
}
