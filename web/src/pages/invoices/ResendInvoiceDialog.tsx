import { useState } from "react";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { formatIsoDay } from "../../components/ui/format.ts";
import { useResendInvoice } from "../../features/invoices/correction-hooks.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { newRequestKey } from "../../lib/request-key.ts";
import { useMoney } from "../../lib/school-zone.ts";

/** Resend Invoice: the invoice e-mail again, to the parent, as the invoice stands now. */
export default function ResendInvoiceDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const money = useMoney();
  const resend = useResendInvoice(onClose);
  // One key per opening: a second submit of the same dialog (a double click, a retry) sends no second e-mail.
  const [requestKey] = useState(newRequestKey);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !resend.isPending && onClose()}
      title="Resend Invoice"
      description={`Send the e-mail of ${invoice.invoiceNumber} again${invoice.recipient ? ` to ${invoice.recipient.name}` : ""}?`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          resend.mutate({ invoiceId: invoice.id, requestKey });
        }}
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
          <dt className="text-slate-600">To</dt>
          <dd className="min-w-0 break-all text-ink">{invoice.recipient?.email}</dd>
          <dt className="text-slate-600">Amount</dt>
          <dd className="text-ink">{money(invoice.amountCents)}</dd>
          <dt className="text-slate-600">Due</dt>
          <dd className="text-ink">{formatIsoDay(invoice.dueDate)}</dd>
        </dl>
        <DialogActions
          onCancel={onClose}
          submitLabel="Send E-mail"
          pendingLabel="Sending…"
          pending={resend.isPending}
        />
      </form>
    </Dialog>
  );
}
