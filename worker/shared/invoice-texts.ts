import { type Currency, formatMoney, moneyIn } from "./money.ts";
import { said, saidWith } from "./said.ts";
/** Invoices' texts and constants without zod, for screens that show lists (the schemas are in invoices.ts). */

/** The spec's texts for invoices and payment settings, and the form rules' messages. */
export const INVOICE_MESSAGES = {
  createdTitle: said(/*i18n*/ { id: "Invoice Created" }),
  created: said(/*i18n*/ { id: "Invoice created successfully!" }),
  createFailedTitle: said(/*i18n*/ { id: "Creation Failed" }),
  createFailed: said(/*i18n*/ { id: "Failed to create invoice. Please try again." }),
  settingsSaved: said(/*i18n*/ { id: "Payment settings saved." }),
  settingsFailed: said(/*i18n*/ { id: "Failed to save payment settings. Please try again." }),
  notFound: said(/*i18n*/ { id: "Invoice not found" }),
  recipientNotFound: said(/*i18n*/ { id: "Parent not found" }),
  recipientInactive: said(
    /*i18n*/ { id: "This parent's account is deactivated: reactivate it before invoicing them." },
  ),
  recipient: said(/*i18n*/ { id: "Choose a parent" }),
  description: said(/*i18n*/ { id: "Enter a description" }),
  amount: said(/*i18n*/ { id: "Enter an amount of at least 0 with at most 2 decimals" }),
  /** The largest amount, in the school's currency's minor units. */
  amountTooLarge: (maxMinor: number, currency: Currency) =>
    saidWith(`The amount can be at most ${formatMoney(maxMinor, currency)}`, {
      .../*i18n*/ { id: "invoice.amountTooLarge", message: "The amount can be at most {max}" },
      values: { max: moneyIn(maxMinor, currency) },
    }),
  issueDate: said(/*i18n*/ { id: "Choose a valid issue date" }),
  dueDate: said(/*i18n*/ { id: "Choose a valid due date" }),
  dueBeforeIssue: said(/*i18n*/ { id: "The due date cannot be before the issue date" }),
  feePercentage: said(/*i18n*/ { id: "Enter a percentage from 0 to 100 in steps of 0.1" }),
  empty: said(/*i18n*/ { id: "No invoices found" }),
} as const;

/**
 * Invoice statuses: the spec's three, `refunded` (a payment refunded from the Stripe dashboard) and
 * `void` (cancelled by the school: nothing is owed, nothing can be paid, any payment goes back).
 */
export const INVOICE_STATUSES = ["pending", "paid", "overdue", "refunded", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: said(/*i18n*/ { id: "Pending" }),
  paid: said(/*i18n*/ { id: "Paid" }),
  overdue: said(/*i18n*/ { id: "Overdue" }),
  refunded: said(/*i18n*/ { id: "Refunded" }),
  void: said(/*i18n*/ { id: "Void" }),
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

export const FEE_APPLICATION_LABELS = {
  term_based: said(/*i18n*/ { id: "term-based" }),
  year_round: said(/*i18n*/ { id: "year-round" }),
} as const;
