import { bpsToPercent, dollarsToCents, type FeeApplicationType, invoiceAmounts } from "#shared/fees.ts";
import { hasStep } from "#shared/invoices.ts";
import { formatCents } from "#shared/money.ts";

/** The total the parent will pay, by the same rule the server applies when it stores (or edits) the invoice. */
export function TotalPreview({ baseAmount, feeBps, type }: { baseAmount: number; feeBps: number; type: FeeApplicationType }) {
  const valid = Number.isFinite(baseAmount) && baseAmount >= 0 && hasStep(baseAmount, 2);
  const amounts = invoiceAmounts(valid ? dollarsToCents(baseAmount) : 0, feeBps, type);
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite" data-testid="invoice-total-preview">
      <p>
        Base {formatCents(amounts.baseAmountCents)}
        {type === "term_based" ? ` + ${bpsToPercent(feeBps)}% fee ${formatCents(amounts.feeCents)}` : " (year-round: no fee added)"}
      </p>
      <p className="mt-1 text-base font-semibold text-ink">Total: {formatCents(amounts.amountCents)}</p>
    </div>
  );
}
