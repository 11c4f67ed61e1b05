/** Invoices' texts and constants without zod, for screens that show lists (the schemas are in invoices.ts). */

/** The spec's texts for invoices and payment settings, and the form rules' messages. */
export const INVOICE_MESSAGES = {
  createdTitle: "Invoice Created",
  created: "Invoice created successfully!",
  createFailedTitle: "Creation Failed",
  createFailed: "Failed to create invoice. Please try again.",
  settingsSaved: "Payment settings saved.",
  settingsFailed: "Failed to save payment settings. Please try again.",
  notFound: "Invoice not found",
  recipientNotFound: "Parent not found",
  recipientInactive: "This parent's account is deactivated: reactivate it before invoicing them.",
  recipient: "Choose a parent",
  description: "Enter a description",
  amount: "Enter an amount of at least 0 with at most 2 decimals",
  amountTooLarge: "The amount can be at most $1,000,000.00",
  issueDate: "Choose a valid issue date",
  dueDate: "Choose a valid due date",
  dueBeforeIssue: "The due date cannot be before the issue date",
  feePercentage: "Enter a percentage from 0 to 100 in steps of 0.1",
  empty: "No invoices found",
} as const;

/** A school admin's corrections of an invoice (issue 25, ADR 0041): void, edit, resend, mark paid offline. */
export const INVOICE_CORRECTION_MESSAGES = {
  notCorrectable: "Only a pending or overdue invoice can be changed.",
  onlyPendingEditable: "Only a pending invoice can be edited.",
  changedMeanwhile: "This invoice was changed meanwhile. Close the form and try again.",
  alreadyPaid: "This invoice is already paid.",
  alreadyVoid: "This invoice is void.",
  voidReason: "Enter the reason for voiding this invoice",
  voidReasonTooLong: "Use at most 500 characters",
  reference: "Enter the cheque number or transfer reference",
  referenceTooLong: "Use at most 120 characters",
  paymentMethod: "Choose how the invoice was paid",
  voidedTitle: "Invoice Voided",
  voided: (number: string) => `${number} is void. The parent has been told.`,
  updatedTitle: "Invoice Updated",
  updated: (number: string) => `${number} has been updated.`,
  resentTitle: "Invoice Sent",
  resent: (email: string) => `The invoice e-mail was sent again to ${email}.`,
  markedPaidTitle: "Payment Recorded",
  markedPaid: (number: string, method: string) => `${number} is marked as paid by ${method}.`,
  correctionFailedTitle: "Update Failed",
  correctionFailed: "Failed to update the invoice. Please try again.",
} as const;

/**
 * Invoice statuses: the spec's three, `refunded` (a payment refunded from the Stripe dashboard) and
 * `void` (cancelled by the school: nothing is owed, nothing can be paid, any payment goes back).
 */
export const INVOICE_STATUSES = ["pending", "paid", "overdue", "refunded", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { pending: "Pending", paid: "Paid", overdue: "Overdue", refunded: "Refunded", void: "Void" };

/** An invoice still owed: the only ones a parent can pay, and a school admin void, resend or mark paid. */
export const OPEN_INVOICE_STATUSES = ["pending", "overdue"] as const satisfies readonly InvoiceStatus[];
export function invoiceOpen(status: InvoiceStatus): status is (typeof OPEN_INVOICE_STATUSES)[number] {
  return (OPEN_INVOICE_STATUSES as readonly string[]).includes(status);
}

/**
 * How a paid invoice was paid: online (Stripe Checkout, written by the webhook) or recorded by the
 * school (cash, cheque, bank transfer). An invoice paid offline keeps no online payment (ADR 0041).
 */
export const PAYMENT_METHODS = ["online", "cash", "cheque", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const OFFLINE_PAYMENT_METHODS = ["cash", "cheque", "bank_transfer"] as const satisfies readonly PaymentMethod[];
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { online: "card (online)", cash: "cash", cheque: "cheque", bank_transfer: "bank transfer" };
export function paidOffline(method: PaymentMethod | null | undefined): method is OfflinePaymentMethod {
  return (OFFLINE_PAYMENT_METHODS as readonly (string | null | undefined)[]).includes(method);
}
/** "Paid by cheque", "Paid online": what the lists, the PDF and the e-mails say of a paid invoice. */
export function paidByText(method: PaymentMethod | null | undefined): string {
  return paidOffline(method) ? `Paid by ${PAYMENT_METHOD_LABELS[method]}` : "Paid online";
}

/** The longest void reason and payment reference a school admin can write. */
export const MAX_VOID_REASON_LENGTH = 500;
export const MAX_PAYMENT_REFERENCE_LENGTH = 120;
export const MAX_INVOICE_DESCRIPTION_LENGTH = 200;

/** Spec: the due date defaults to 15 days after the issue date. */
export const DEFAULT_DUE_DAYS = 15;
/** A sane ceiling for one invoice ($1,000,000.00): far above a transport fee, far below 2^53 cents. */
export const MAX_INVOICE_CENTS = 100_000_000;
export const INVOICES_PAGE_SIZE = 20;
/** Overdue and Void show only while the school (or the family) has such invoices. */
export const INVOICE_TABS = ["all", "pending", "paid", "overdue", "void"] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

export const FEE_APPLICATION_LABELS = { term_based: "term-based", year_round: "year-round" } as const;
