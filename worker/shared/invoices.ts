import { z } from "zod";
import "./fields.ts";
import {
  INVOICE_CORRECTION_MESSAGES,
  MAX_INVOICE_DESCRIPTION_LENGTH,
  MAX_PAYMENT_REFERENCE_LENGTH,
  MAX_VOID_REASON_LENGTH,
  OFFLINE_PAYMENT_METHODS,
} from "./invoice-correction-texts.ts";
import { DEFAULT_DUE_DAYS, INVOICE_MESSAGES, INVOICE_TABS, MAX_INVOICE_CENTS } from "./invoice-texts.ts";
import { amountIssue, type Currency } from "./money.ts";
import { isCalendarDate, shiftDate } from "./school-time.ts";
import { searchField } from "./search.ts";

export * from "./invoice-correction-texts.ts";
export * from "./invoice-texts.ts";

/** Whether `value` has at most `decimals` decimals (a form's `step`), tolerant of binary floating point. */
export function hasStep(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const isoDate = (message: string) => z.string().max(10).refine(isCalendarDate, message);

/** One invoice by id: paying it, downloading its PDF. */
export const invoiceIdInput = z.object({ invoiceId: z.string().min(1).max(64) }).strict();

/** The Checkout Session a parent comes back from (`?session_id=` on My Invoices): which invoice it paid. */
export const invoiceCheckoutStatusInput = z.object({ sessionId: z.string().trim().min(1).max(255) }).strict();

const invoiceId = z.string().min(1).max(64);
const description = z.string().trim().min(1, INVOICE_MESSAGES.description).max(MAX_INVOICE_DESCRIPTION_LENGTH);
/**
 * The base amount in the school's currency, as typed (the fee is the server's). The schema knows no
 * currency: it takes at most 2 decimals (the most any school's currency has); the school's own
 * decimals and ceiling are `invoiceAmountIssue`'s, which the service and the forms apply.
 */
const baseAmount = z
  .number(INVOICE_MESSAGES.amount)
  .finite(INVOICE_MESSAGES.amount)
  .min(0, INVOICE_MESSAGES.amount)
  .refine((value) => hasStep(value, 2), INVOICE_MESSAGES.amount);

/** Why a base amount is refused in the school's currency (decimals, ceiling), or null. */
export function invoiceAmountIssue(baseAmount: number, currency: Currency): string | null {
  return amountIssue(baseAmount, currency, {
    maxMinor: MAX_INVOICE_CENTS,
    stepMessage: INVOICE_MESSAGES.amount,
    tooLarge: INVOICE_MESSAGES.amountTooLarge,
  });
}

/** A form's schema with its base amount checked in the school's currency (Create and Edit Invoice). */
export function withInvoiceAmountIn<T extends z.ZodType<{ baseAmount: number }>>(schema: T, currency: Currency): T {
  return schema.superRefine((form, ctx) => {
    const issue = invoiceAmountIssue(form.baseAmount, currency);
    if (issue) ctx.addIssue({ code: "custom", path: ["baseAmount"], message: issue });
  });
}

/** The Create Invoice form and `schoolAdmin.invoices.create` (the amount in dollars, as typed). */
export const createInvoiceInput = z
  .object({
    recipientId: z.string().trim().min(1, INVOICE_MESSAGES.recipient).max(64, INVOICE_MESSAGES.recipientNotFound),
    description,
    baseAmount,
    issueDate: isoDate(INVOICE_MESSAGES.issueDate),
    dueDate: isoDate(INVOICE_MESSAGES.dueDate),
    /** One per opening of the form: the server answers a repeat of the same submission with the invoice it made. */
    requestKey: z.uuid().optional(),
  })
  .strict()
  .refine((form) => form.dueDate >= form.issueDate, { path: ["dueDate"], message: INVOICE_MESSAGES.dueBeforeIssue });

export type CreateInvoiceForm = z.input<typeof createInvoiceInput>;

/** The Edit Invoice form: a pending invoice's description, base amount and due date (the number and issue date stay). */
export const invoiceEditSchema = z
  .object({ description, baseAmount, dueDate: isoDate(INVOICE_MESSAGES.dueDate) })
  .strict();
export type InvoiceEditForm = z.input<typeof invoiceEditSchema>;
/** `schoolAdmin.invoices.update`: the form's fields and the invoice (the due date is checked against its issue date on the server). */
export const updateInvoiceInput = invoiceEditSchema.extend({ invoiceId }).strict();

/** `schoolAdmin.invoices.resend`: one key per opening of the Resend dialog, so a repeat of the same submission sends nothing more. */
export const resendInvoiceInput = z.object({ invoiceId, requestKey: z.uuid().optional() }).strict();

/** The Void Invoice form and `schoolAdmin.invoices.void`: the reason is kept in the audit log and told to the parent. */
export const voidInvoiceSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, INVOICE_CORRECTION_MESSAGES.voidReason)
      .max(MAX_VOID_REASON_LENGTH, INVOICE_CORRECTION_MESSAGES.voidReasonTooLong),
  })
  .strict();
export type VoidInvoiceForm = z.input<typeof voidInvoiceSchema>;
export const voidInvoiceInput = voidInvoiceSchema.extend({ invoiceId }).strict();

/** The Mark as Paid form and `schoolAdmin.invoices.markPaid`: how the school was paid, and its reference (a cheque number; optional for cash). */
const markPaidFields = z
  .object({
    method: z.enum(OFFLINE_PAYMENT_METHODS, INVOICE_CORRECTION_MESSAGES.paymentMethod),
    reference: z.string().trim().max(MAX_PAYMENT_REFERENCE_LENGTH, INVOICE_CORRECTION_MESSAGES.referenceTooLong),
  })
  .strict();
const referenceGiven = (form: z.infer<typeof markPaidFields>) => form.method === "cash" || form.reference.length > 0;
const referenceMissing = { path: ["reference"], message: INVOICE_CORRECTION_MESSAGES.reference };
export const markInvoicePaidSchema = markPaidFields.refine(referenceGiven, referenceMissing);
export type MarkInvoicePaidForm = z.input<typeof markInvoicePaidSchema>;
export const markInvoicePaidInput = markPaidFields
  .extend({ invoiceId })
  .strict()
  .refine(referenceGiven, referenceMissing);

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
