import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import { MAX_VOID_REASON_LENGTH, type VoidInvoiceForm, voidInvoiceSchema } from "#shared/invoices.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { TextAreaField } from "../../components/ui/form.tsx";
import { useVoidInvoice } from "../../features/invoices/correction-hooks.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { useInvoiceSummary } from "./invoice-summary.ts";

/** Void Invoice: a reason (kept in the audit log and told to the parent), then Void. Nothing is owed any more. */
export default function VoidInvoiceDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { t } = useLingui();
  const invoiceSummary = useInvoiceSummary();
  const summary = invoiceSummary(invoice);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VoidInvoiceForm>({ resolver: zodResolver(voidInvoiceSchema), defaultValues: { reason: "" } });
  const voiding = useVoidInvoice(onClose);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !voiding.isPending && onClose()}
      title={t`Void Invoice`}
      description={t`Void ${summary}? The parent is told by e-mail and can no longer pay it. This cannot be undone.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => voiding.mutate({ invoiceId: invoice.id, ...values }))}
      >
        <TextAreaField
          label={t`Reason`}
          hint={t`Kept in the audit log and included in the e-mail to the parent.`}
          maxLength={MAX_VOID_REASON_LENGTH}
          autoFocus
          error={errors.reason?.message}
          {...register("reason")}
        />
        <DialogActions
          onCancel={onClose}
          submitLabel={t`Void Invoice`}
          pendingLabel={t`Voiding…`}
          pending={voiding.isPending}
          danger
        />
      </form>
    </Dialog>
  );
}
