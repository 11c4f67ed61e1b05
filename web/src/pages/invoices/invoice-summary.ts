import { useLingui } from "@lingui/react/macro";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { useMoney } from "../../lib/school-zone.ts";

/** "INV-2026-004 for Jamie Rivera (jamie@example.com), $105.00": what a correction dialog is about (the amount in the school's currency). */
export function useInvoiceSummary(): (invoice: InvoiceRow) => string {
  const { t } = useLingui();
  const money = useMoney();
  return (invoice) => {
    const number = invoice.invoiceNumber;
    const amount = money(invoice.amountCents);
    if (!invoice.recipient) return t`${number}, ${amount}`;
    const { name, email } = invoice.recipient;
    return t`${number} for ${name} (${email}), ${amount}`;
  };
}
