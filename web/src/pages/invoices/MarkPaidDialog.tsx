import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useForm } from "react-hook-form";
import {
  MAX_PAYMENT_REFERENCE_LENGTH,
  type MarkInvoicePaidForm,
  markInvoicePaidSchema,
  OFFLINE_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from "#shared/invoices.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { TextField } from "../../components/ui/form.tsx";
import { useMarkInvoicePaid } from "../../features/invoices/correction-hooks.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useInvoiceSummary } from "./invoice-summary.ts";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Mark as Paid: the school was paid by cash, cheque or bank transfer. The reference (a cheque's
 * number, a transfer's reference) is required for those two. The parent gets a receipt, and the
 * invoice can no longer be paid online.
 */
export default function MarkPaidDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { t } = useLingui();
  const invoiceSummary = useInvoiceSummary();
  const summary = invoiceSummary(invoice);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<MarkInvoicePaidForm>({
    resolver: zodResolver(markInvoicePaidSchema),
    defaultValues: { method: "cash", reference: "" },
  });
  const mark = useMarkInvoicePaid(onClose);
  const legend = useId();
  const method = watch("method");
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !mark.isPending && onClose()}
      title={t`Mark as Paid`}
      description={t`Record a payment of ${summary} made outside SchoolRide. The parent gets a receipt.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => mark.mutate({ invoiceId: invoice.id, ...values }))}
      >
        <fieldset aria-labelledby={legend} className="space-y-2">
          <p id={legend} className="text-sm font-medium text-slate-700">
            <Trans>Paid by</Trans>
          </p>
          <div className="grid gap-2 sm:grid-cols-3">
            {OFFLINE_PAYMENT_METHODS.map((option) => (
              <label
                key={option}
                className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm text-ink"
              >
                <input type="radio" value={option} className="h-4 w-4" {...register("method")} />
                {capitalized(sharedText(PAYMENT_METHOD_LABELS[option]))}
              </label>
            ))}
          </div>
          {errors.method ? <p className="text-sm text-red-700">{sharedText(errors.method.message)}</p> : null}
        </fieldset>
        <TextField
          label={
            method === "cash" ? t`Reference (optional)` : method === "cheque" ? t`Cheque number` : t`Transfer reference`
          }
          maxLength={MAX_PAYMENT_REFERENCE_LENGTH}
          autoComplete="off"
          error={errors.reference?.message}
          {...register("reference")}
        />
        <DialogActions
          onCancel={onClose}
          submitLabel={t`Mark as Paid`}
          pendingLabel={t`Saving…`}
          pending={mark.isPending}
        />
      </form>
    </Dialog>
  );
}
