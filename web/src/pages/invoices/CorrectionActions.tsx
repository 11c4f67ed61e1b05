import { Ban, CheckCircle2, Mail, Pencil } from "lucide-react";
import { invoiceOpen } from "#shared/invoice-texts.ts";
import { ActionMenu, type ActionMenuItem } from "../../components/ui/action-menu.tsx";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";

export type Correction = "edit" | "markPaid" | "resend" | "void";

const icon = "h-4 w-4 shrink-0";

/**
 * A school admin's corrections of an invoice still owed, in the row's Manage menu: Edit (pending
 * only), Mark as paid, Resend e-mail and Void, each opening its dialog. Paid, refunded and void
 * invoices have none.
 */
export function CorrectionActions({ invoice, onCorrect }: { invoice: InvoiceRow; onCorrect: (kind: Correction, invoice: InvoiceRow) => void }) {
  if (!invoiceOpen(invoice.status)) return null;
  const number = invoice.invoiceNumber;
  const items: ActionMenuItem[] = [
    ...(invoice.status === "pending"
      ? [{ label: "Edit", ariaLabel: `Edit ${number}`, icon: <Pencil aria-hidden="true" className={icon} />, onSelect: () => onCorrect("edit", invoice) }]
      : []),
    {
      label: "Mark as paid",
      ariaLabel: `Mark ${number} as paid`,
      icon: <CheckCircle2 aria-hidden="true" className={icon} />,
      onSelect: () => onCorrect("markPaid", invoice),
    },
    { label: "Resend e-mail", ariaLabel: `Resend ${number}`, icon: <Mail aria-hidden="true" className={icon} />, onSelect: () => onCorrect("resend", invoice) },
    { label: "Void", ariaLabel: `Void ${number}`, icon: <Ban aria-hidden="true" className={icon} />, danger: true, onSelect: () => onCorrect("void", invoice) },
  ];
  return <ActionMenu label="Manage" ariaLabel={`Manage ${number}`} items={items} />;
}
