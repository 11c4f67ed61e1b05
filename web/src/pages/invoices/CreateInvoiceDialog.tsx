import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { DEFAULT_FEE_APPLICATION_TYPE, DEFAULT_FEE_BPS } from "#shared/fees.ts";
import {
  type CreateInvoiceForm,
  createInvoiceInput,
  defaultInvoiceDates,
  withInvoiceAmountIn,
} from "#shared/invoices.ts";
import { DEFAULT_TIME_ZONE, todayIn } from "#shared/school-time.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { maxLengthOf, TextField } from "../../components/ui/form.tsx";
import { useCreateInvoice } from "../../features/invoices/hooks.ts";
import { ActiveParentPicker } from "../../features/parents/ParentPicker.tsx";
import { usePaymentSettings } from "../../features/payment-settings/hooks.ts";
import { newRequestKey } from "../../lib/request-key.ts";
import { useSchoolCurrency } from "../../lib/school-zone.ts";
import { BaseAmountField, TotalPreview } from "./amount-fields.tsx";

/**
 * The recipient: one of the school's active parents (found by name or e-mail), or a typed user id the
 * server checks. `field` is registered by the dialog before the fields after it, so that a failed
 * submit focuses the recipient when it is the first field in error (react-hook-form focuses in the
 * order fields were registered, and a child component registers after its parent's own fields).
 */
function RecipientField({ field, error }: { field: UseFormRegisterReturn<"recipientId">; error?: string | undefined }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState(false);
  const toggle = (
    <button type="button" className="text-sm font-medium text-brand-700 underline" onClick={() => setTyped(!typed)}>
      {typed ? t`Choose from the list instead` : t`Enter a user ID instead`}
    </button>
  );
  if (typed)
    return (
      <TextField
        label={t`Parent user ID`}
        error={error}
        hint={toggle}
        autoComplete="off"
        maxLength={maxLengthOf(createInvoiceInput.shape.recipientId)}
        {...field}
      />
    );
  return (
    <ActiveParentPicker label={t`Recipient`} field={field} error={error} after={<p className="mt-1">{toggle}</p>} />
  );
}

/** Create Invoice (spec): recipient, description, base amount, issue date (today in the school's zone), due date (+15 days). */
export default function CreateInvoiceDialog({
  open,
  onOpenChange,
  zone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  zone: string | undefined;
}) {
  const { t } = useLingui();
  const settings = usePaymentSettings();
  const currency = useSchoolCurrency();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CreateInvoiceForm>({
    resolver: zodResolver(withInvoiceAmountIn(createInvoiceInput, currency)),
    defaultValues: {
      recipientId: "",
      description: "",
      ...defaultInvoiceDates(todayIn(zone ?? DEFAULT_TIME_ZONE, new Date())),
    },
  });
  const create = useCreateInvoice(() => onOpenChange(false));
  // One key per opening: a second submit of the same form (a double click, a retry) makes no second invoice.
  const [requestKey] = useState(newRequestKey);
  const baseAmount = watch("baseAmount");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Create Invoice`}
      description={t`The invoice number is made when you create it.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => create.mutate({ ...values, requestKey }))}
      >
        <RecipientField field={register("recipientId")} error={errors.recipientId?.message} />
        <TextField
          label={t`Description`}
          maxLength={200}
          error={errors.description?.message}
          {...register("description")}
        />
        <BaseAmountField field={register("baseAmount", { valueAsNumber: true })} error={errors.baseAmount?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`Issue Date`} type="date" error={errors.issueDate?.message} {...register("issueDate")} />
          <TextField label={t`Due Date`} type="date" error={errors.dueDate?.message} {...register("dueDate")} />
        </div>
        <TotalPreview
          baseAmount={Number(baseAmount)}
          feeBps={settings.data?.feeBps ?? DEFAULT_FEE_BPS}
          type={settings.data?.feeApplicationType ?? DEFAULT_FEE_APPLICATION_TYPE}
        />
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t`Create Invoice`}
          pendingLabel={t`Creating…`}
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
