import type { UseFormRegisterReturn } from "react-hook-form";
import { bpsToPercent, dollarsToCents, type FeeApplicationType, invoiceAmounts } from "#shared/fees.ts";
import { hasStep } from "#shared/invoices.ts";
import { formatCents } from "#shared/money.ts";
import { TextField } from "../../components/ui/form.tsx";

/** The invoice's base amount in dollars, as Create Invoice and Edit Invoice ask for it (the fee is the server's). */
export function BaseAmountField({
  field,
  error,
}: {
  field: UseFormRegisterReturn<"baseAmount">;
  error: string | undefined;
}) {
  return (
    <TextField label="Base Amount ($)" type="number" min={0} step={0.01} inputMode="decimal" error={error} {...field} />
  );
}

/** The total the parent will pay, by the same rule the server applies when it stores (or edits) the invoice. */
export function TotalPreview({
  baseAmount,
  feeBps,
  type,
}: {
  baseAmount: number;
  feeBps: number;
  type: FeeApplicationType;
}) {
  const valid = Number.isFinite(baseAmount) && baseAmount >= 0 && hasStep(baseAmount, 2);
  const amounts = invoiceAmounts(valid ? dollarsToCents(baseAmount) : 0, feeBps, type);
  return (
    <div
      className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
      aria-live="polite"
      data-testid="invoice-total-preview"
    >
      <p>
        Base {formatCents(amounts.baseAmountCents)}
        {type === "term_based"
          ? ` + ${bpsToPercent(feeBps)}% fee ${formatCents(amounts.feeCents)}`
          : " (year-round: no fee added)"}
      </p>
      <p className="mt-1 text-base font-semibold text-ink">Total: {formatCents(amounts.amountCents)}</p>
    </div>
  );
}
