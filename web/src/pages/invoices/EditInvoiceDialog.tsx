import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import {
  INVOICE_MESSAGES,
  type InvoiceEditForm,
  invoiceEditSchema,
  MAX_INVOICE_DESCRIPTION_LENGTH,
  withInvoiceAmountIn,
} from "#shared/invoices.ts";
import { toMajorUnits } from "#shared/money.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { TextField } from "../../components/ui/form.tsx";
import { formatIsoDay } from "../../components/ui/format.ts";
import { useUpdateInvoice } from "../../features/invoices/correction-hooks.ts";
import type { InvoiceRow } from "../../features/invoices/hooks.ts";
import { useSchoolCurrency } from "../../lib/school-zone.ts";
import { BaseAmountField, TotalPreview } from "./amount-fields.tsx";

/**
 * Edit Invoice: a pending invoice's description, base amount and due date. The number and the issue
 * date stay; the total follows the fee rule the invoice was created with (shown live).
 */
export default function EditInvoiceDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { t } = useLingui();
  const currency = useSchoolCurrency();
  const number = invoice.invoiceNumber;
  const issued = formatIsoDay(invoice.issueDate);
  const name = invoice.recipient?.name;
  const schema = withInvoiceAmountIn(
    invoiceEditSchema.refine((form) => form.dueDate >= invoice.issueDate, {
      path: ["dueDate"],
      message: INVOICE_MESSAGES.dueBeforeIssue,
    }),
    currency,
  );
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<InvoiceEditForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      description: invoice.description,
      baseAmount: toMajorUnits(invoice.baseAmountCents, currency),
      dueDate: invoice.dueDate,
    },
  });
  const update = useUpdateInvoice(onClose);
  const baseAmount = watch("baseAmount");
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={t`Edit ${number}`}
      description={
        name
          ? t`Issued ${issued} to ${name}. The number and the issue date stay.`
          : t`Issued ${issued}. The number and the issue date stay.`
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => update.mutate({ invoiceId: invoice.id, ...values }))}
      >
        <TextField
          label={t`Description`}
          maxLength={MAX_INVOICE_DESCRIPTION_LENGTH}
          error={errors.description?.message}
          {...register("description")}
        />
        <BaseAmountField field={register("baseAmount", { valueAsNumber: true })} error={errors.baseAmount?.message} />
        <TextField
          label={t`Due Date`}
          type="date"
          min={invoice.issueDate}
          error={errors.dueDate?.message}
          {...register("dueDate")}
        />
        <TotalPreview baseAmount={Number(baseAmount)} feeBps={invoice.feeBps} type={invoice.feeApplicationType} />
        <DialogActions
          onCancel={onClose}
          submitLabel={t`Save Changes`}
          pendingLabel={t`Saving…`}
          pending={update.isPending}
        />
      </form>
    </Dialog>
  );
}
