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
  /** `max`: the largest amount, written in the school's currency. */
  amountTooLarge: (max: string) => `The amount can be at most ${max}`,
  issueDate: "Choose a valid issue date",
  dueDate: "Choose a valid due date",
  dueBeforeIssue: "The due date cannot be before the issue date",
  feePercentage: "Enter a percentage from 0 to 100 in steps of 0.1",
  empty: "No invoices found",
} as const;

/**
 * Invoice statuses: the spec's three, `refunded` (a payment refunded from the Stripe dashboard) and
 * `void` (cancelled by the school: nothing is owed, nothing can be paid, any payment goes back).
 */
export const INVOICE_STATUSES = ["pending", "paid", "overdue", "refunded", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  overdue: "Overdue",
  refunded: "Refunded",
  void: "Void",
};

/** The due date defaults to 15 days after the issue date. */
export const DEFAULT_DUE_DAYS = 15;
/**
 * A sane ceiling for one invoice, in the currency's minor units ($1,000,000.00; ¥100,000,000): far
 * above a transport fee, far below 2^53.
 */
export const MAX_INVOICE_CENTS = 100_000_000;
export const INVOICES_PAGE_SIZE = 20;
export const INVOICE_TABS = ["all", "pending", "paid", "overdue"] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

export const FEE_APPLICATION_LABELS = { term_based: "term-based", year_round: "year-round" } as const;
