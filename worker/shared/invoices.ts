import { z } from "zod";
import "./fields.ts";
import { FEE_APPLICATION_TYPES, MAX_FEE_BPS } from "./fees.ts";
import { DEFAULT_DUE_DAYS, INVOICE_MESSAGES, INVOICE_TABS, MAX_INVOICE_CENTS } from "./invoice-texts.ts";
import { isCalendarDate, shiftDate } from "./school-time.ts";
import { searchField } from "./search.ts";

export * from "./invoice-texts.ts";

/** Whether `value` has at most `decimals` decimals (a form's `step`), tolerant of binary floating point. */
export function hasStep(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const isoDate = (message: string) => z.string().max(10).refine(isCalendarDate, message);

/** The Create Invoice form and `schoolAdmin.invoices.create` (the amount in dollars, as typed). */
/** One invoice by id: paying it, downloading its PDF. */
export const invoiceIdInput = z.object({ invoiceId: z.string().min(1).max(64) }).strict();

/** The Checkout Session a parent comes back from (`?session_id=` on My Invoices): which invoice it paid. */
export const invoiceCheckoutStatusInput = z.object({ sessionId: z.string().trim().min(1).max(255) }).strict();

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
    /** One per opening of the form: the server answers a repeat of the same submission with the invoice it made. */
    requestKey: z.uuid().optional(),
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
    search: searchField(),
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
