/**
 * How a paid invoice was paid, as the invoice lists say it beside the badge (ADR 0041): the server
 * writes it in the reader's language, so the pages carry no payment-method texts.
 */
import type { I18n } from "@lingui/core";
import { type PaymentMethod, paidOffline } from "#shared/invoice-correction-texts.ts";
import { said, translated } from "#shared/said.ts";

const PAID_BY: Record<PaymentMethod, string> = {
  online: said(/*i18n*/ { id: "Paid online" }),
  cash: said(/*i18n*/ { id: "Paid by cash" }),
  cheque: said(/*i18n*/ { id: "Paid by cheque" }),
  bank_transfer: said(/*i18n*/ { id: "Paid by bank transfer" }),
};
/** "Paid by cheque", "Paid online": what the lists say of a paid invoice (English; `translated` finds it in a reader's language). */
export function paidByText(method: PaymentMethod | null | undefined): string {
  return paidOffline(method) ? PAID_BY[method] : PAID_BY.online;
}

/**
 * What an invoice's status says beyond its badge: how it was paid offline ("Paid by cheque · 004512",
 * in `i18n`'s language when given), or why it was voided (as the school wrote it).
 */
export function statusDetail(
  invoice: {
    status: string;
    paymentMethod: PaymentMethod | null;
    paymentReference: string | null;
    voidReason: string | null;
  },
  i18n?: I18n,
): string | null {
  if (invoice.status === "paid" && paidOffline(invoice.paymentMethod)) {
    const paidBy = paidByText(invoice.paymentMethod);
    return [i18n ? translated(i18n, paidBy) : paidBy, invoice.paymentReference].filter(Boolean).join(" · ");
  }
  return invoice.status === "void" ? invoice.voidReason : null;
}
