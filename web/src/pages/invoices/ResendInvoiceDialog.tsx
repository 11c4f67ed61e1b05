import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { formatIsoDay } from "../../components/ui/format.ts";
import { useResendInvoice } from "../../features/invoices/correction-hooks.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { newRequestKey } from "../../lib/request-key.ts";
import { useMoney } from "../../lib/school-zone.ts";

/** Resend Invoice: the invoice e-mail again, to the parent, as the invoice stands now. */
export default function ResendInvoiceDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { t } = useLingui();
  const money = useMoney();
  const number = invoice.invoiceNumber;
  const name = invoice.recipient?.name;
  const resend = useResendInvoice(onClose);
  // One key per opening: a second submit of the same dialog (a double click, a retry) sends no second e-mail.
  const [requestKey] = useState(newRequestKey);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !resend.isPending && onClose()}
      title={t`Resend Invoice`}
      description={name ? t`Send the e-mail of ${number} again to ${name}?` : t`Send the e-mail of ${number} again?`}
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
          <dt className="text-slate-600">
            <Trans>To</Trans>
          </dt>
          <dd className="min-w-0 break-all text-ink" dir="ltr">
            {invoice.recipient?.email}
          </dd>
          <dt className="text-slate-600">
            <Trans>Amount</Trans>
          </dt>
          <dd className="text-ink">{money(invoice.amountCents)}</dd>
          <dt className="text-slate-600">
            <Trans>Due</Trans>
          </dt>
          <dd className="text-ink">{formatIsoDay(invoice.dueDate)}</dd>
        </dl>
        <DialogActions
          onCancel={onClose}
          submitLabel={t`Send E-mail`}
          pendingLabel={t`Sending…`}
          pending={resend.isPending}
        />
      </form>
    </Dialog>
  );
}
