import { z } from "zod";
import { FEE_APPLICATION_TYPES, MAX_FEE_BPS } from "./fees.ts";
import { isCalendarDate, shiftDate } from "./school-time.ts";

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

/** Spec: the due date defaults to 15 days after the issue date. */
export const DEFAULT_DUE_DAYS = 15;
/** A sane ceiling for one invoice ($1,000,000.00): far above a transport fee, far below 2^53 cents. */
export const MAX_INVOICE_CENTS = 100_000_000;
export const INVOICES_PAGE_SIZE = 20;
export const INVOICE_TABS = ["all", "pending", "paid", "overdue"] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

/** Whether `value` has at most `decimals` decimals (a form's `step`), tolerant of binary floating point. */
export function hasStep(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const isoDate = (message: string) => z.string().max(10).refine(isCalendarDate, message);

/** The Create Invoice form and `schoolAdmin.invoices.create` (the amount in dollars, as typed). */
export const createInvoiceInput = z
  .object({
    recipientId: z.string().trim().min(1, INVOICE_MESSAGES.recipient).max(64, INVOICE_MESSAGES.recipientNotFound),
    description: z.string().trim().min(1, INVOICE_MESSAGES.description).max(200),
    baseAmount: z
      .number(INVOICE_MESSAGES.amount)
      .finite(INVOICE_MESSAGES.amount)
      .min(0, INVOICE_MESSAGES.amount)
      .max(MAX_INVOICE_CENTS / 100, INVOICE_MESSAGES.amountTooLarge)
      .refine((value) => hasStep(value, 2), INVOICE_MESSAGES.amount),
    issueDate: isoDate(INVOICE_MESSAGES.issueDate),
    dueDate: isoDate(INVOICE_MESSAGES.dueDate),
  })
  .strict()
  .refine((form) => form.dueDate >= form.issueDate, { path: ["dueDate"], message: INVOICE_MESSAGES.dueBeforeIssue });

export type CreateInvoiceForm = z.input<typeof createInvoiceInput>;

/** The form's default dates: today in the school's zone, due 15 days later. */
export function defaultInvoiceDates(today: string): { issueDate: string; dueDate: string } {
  return { issueDate: today, dueDate: shiftDate(today, DEFAULT_DUE_DAYS) };
}

export const listInvoicesInput = z
  .object({
    tab: z.enum(INVOICE_TABS).default("all"),
    search: z.string().trim().max(120).optional(),
    page: z.number().int().min(1).max(10_000).default(1),
  })
  .strict();

/** The Payment Settings modal and `schoolAdmin.paymentSettings.update` (the percentage as typed). */
export const updatePaymentSettingsInput = z
  .object({
    feePercentage: z
      .number(INVOICE_MESSAGES.feePercentage)
      .min(0, INVOICE_MESSAGES.feePercentage)
      .max(MAX_FEE_BPS / 100, INVOICE_MESSAGES.feePercentage)
      .refine((value) => hasStep(value, 1), INVOICE_MESSAGES.feePercentage),
    feeApplicationType: z.enum(FEE_APPLICATION_TYPES),
  })
  .strict();

export type PaymentSettingsForm = z.input<typeof updatePaymentSettingsInput>;

export const FEE_APPLICATION_LABELS = { term_based: "term-based", year_round: "year-round" } as const;
