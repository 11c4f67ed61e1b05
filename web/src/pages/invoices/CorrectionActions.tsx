import { useLingui } from "@lingui/react/macro";
import { Ban, CheckCircle2, Mail, Pencil } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { invoiceOpen } from "#shared/invoice-correction-texts.ts";
import { ActionMenu, type ActionMenuItem } from "../../components/ui/action-menu.tsx";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";

/** The corrections' dialogs, each loaded the first time one opens. */
const DIALOGS = {
  edit: lazy(() => import("./EditInvoiceDialog.tsx")),
  markPaid: lazy(() => import("./MarkPaidDialog.tsx")),
  resend: lazy(() => import("./ResendInvoiceDialog.tsx")),
  void: lazy(() => import("./VoidInvoiceDialog.tsx")),
};
type Correction = keyof typeof DIALOGS;

const icon = "h-4 w-4 shrink-0";

/**
 * A school admin's corrections of an invoice still owed, in the row's Manage menu: Edit (pending
 * only), Mark as paid, Resend e-mail and Void, each opening its dialog. Paid, refunded and void
 * invoices have none. Loaded with the admin's list (the page itself, which parents load too, does
 * not carry it).
 */
export default function CorrectionActions({ invoice }: { invoice: InvoiceRow }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Correction | null>(null);
  if (!invoiceOpen(invoice.status)) return null;
  const number = invoice.invoiceNumber;
  const items: ActionMenuItem[] = [
    ...(invoice.status === "pending"
      ? [
          {
            label: t`Edit`,
            ariaLabel: t`Edit ${number}`,
            icon: <Pencil aria-hidden="true" className={icon} />,
            onSelect: () => setOpen("edit"),
          },
        ]
      : []),
    {
      label: t`Mark as paid`,
      ariaLabel: t`Mark ${number} as paid`,
      icon: <CheckCircle2 aria-hidden="true" className={icon} />,
      onSelect: () => setOpen("markPaid"),
    },
    {
      label: t`Resend e-mail`,
      ariaLabel: t`Resend ${number}`,
      icon: <Mail aria-hidden="true" className={icon} />,
      onSelect: () => setOpen("resend"),
    },
    {
      label: t`Void`,
      ariaLabel: t`Void ${number}`,
      icon: <Ban aria-hidden="true" className={icon} />,
      danger: true,
      onSelect: () => setOpen("void"),
    },
  ];
  const Chosen = open ? DIALOGS[open] : null;
  return (
    <>
      <ActionMenu label={t`Manage`} ariaLabel={t`Manage ${number}`} items={items} />
      {Chosen ? (
        <Suspense fallback={null}>
          <Chosen invoice={invoice} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
