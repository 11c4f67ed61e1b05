import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { useMoney } from "../../lib/school-zone.ts";

/** "INV-2026-004 for Jamie Rivera (jamie@example.com), $105.00": what a correction dialog is about (the amount in the school's currency). */
export function useInvoiceSummary(): (invoice: InvoiceRow) => string {
  const money = useMoney();
  return (invoice) => {
    const who = invoice.recipient ? ` for ${invoice.recipient.name} (${invoice.recipient.email})` : "";
    return `${invoice.invoiceNumber}${who}, ${money(invoice.amountCents)}`;
  };
}
