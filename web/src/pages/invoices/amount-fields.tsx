import { Trans, useLingui } from "@lingui/react/macro";
import type { UseFormRegisterReturn } from "react-hook-form";
import { bpsToPercent, type FeeApplicationType, invoiceAmounts } from "#shared/fees.ts";
import { amountStep, currencySymbol, minorUnits, toMinorUnits } from "#shared/money.ts";
import { TextField } from "../../components/ui/form.tsx";
import { useMoney, useSchoolCurrency } from "../../lib/school-zone.ts";

/** The invoice's base amount in the school's currency, as Create Invoice and Edit Invoice ask for it (the fee is the server's). */
export function BaseAmountField({
  field,
  error,
}: {
  field: UseFormRegisterReturn<"baseAmount">;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const currency = useSchoolCurrency();
  const symbol = currencySymbol(currency);
  return (
    <TextField
      label={t`Base Amount (${symbol})`}
      type="number"
      min={0}
      step={amountStep(currency)}
      inputMode={minorUnits(currency) === 0 ? "numeric" : "decimal"}
      error={error}
      {...field}
    />
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
  const currency = useSchoolCurrency();
  const money = useMoney();
  const minor = baseAmount >= 0 ? toMinorUnits(baseAmount, currency) : null;
  const amounts = invoiceAmounts(minor ?? 0, feeBps, type);
  const base = money(amounts.baseAmountCents);
  const percentage = bpsToPercent(feeBps);
  const fee = money(amounts.feeCents);
  const total = money(amounts.amountCents);
  return (
    <div
      className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
      aria-live="polite"
      data-testid="invoice-total-preview"
    >
      <p>
        {type === "term_based" ? (
          <Trans>
            Base {base} + {percentage}% fee {fee}
          </Trans>
        ) : (
          <Trans>Base {base} (year-round: no fee added)</Trans>
        )}
      </p>
      <p className="mt-1 text-base font-semibold text-ink">
        <Trans>Total: {total}</Trans>
      </p>
    </div>
  );
}
