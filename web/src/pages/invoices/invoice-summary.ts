import { formatCents } from "#shared/money.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";

/** "INV-2026-004 for Jamie Rivera (jamie@example.com), $105.00": what a correction dialog is about. */
export function invoiceSummary(invoice: InvoiceRow): string {
  const who = invoice.recipient ? ` for ${invoice.recipient.name} (${invoice.recipient.email})` : "";
  return `${invoice.invoiceNumber}${who}, ${formatCents(invoice.amountCents)}`;
}
