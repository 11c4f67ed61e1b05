import { zodResolver } from "@hookform/resolvers/zod";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { CURRENCY_MESSAGES, currencyLabel } from "#shared/currency-settings.ts";
import { bpsToPercent } from "#shared/fees.ts";
import { CURRENCIES, type Currency } from "#shared/money.ts";
import { type PaymentSettingsForm, updatePaymentSettingsInput } from "#shared/payment-settings.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { EnumSelectField, TextField } from "../../components/ui/form.tsx";
import { Loading } from "../../components/ui/states.tsx";
import {
  type PaymentSettings,
  usePaymentSettings,
  useSavePaymentSettings,
} from "../../features/payment-settings/hooks.ts";

const OPTIONS = [
  {
    value: "term_based",
    label: msg`Term-based only`,
    hint: msg`The fee is added on top of each invoice's base amount.`,
  },
  { value: "year_round", label: msg`Year-round`, hint: msg`Invoices keep their base amount; no fee is added.` },
] as const;

let currencyLabels: Record<Currency, string> | undefined;
/** "SEK – Swedish krona", made on first use (Intl's names). */
const labelsOfCurrencies = () =>
  (currencyLabels ??= Object.fromEntries(CURRENCIES.map((code) => [code, currencyLabel(code)])) as Record<
    Currency,
    string
  >);

/** Why the currency cannot change, or null: amounts exist in it, or the Stripe account pays out in it. */
function useCurrencyHint(settings: PaymentSettings): string {
  const { t } = useLingui();
  const lockedHint = CURRENCY_MESSAGES.lockedHint;
  const { currency, connectCurrency } = settings;
  if (!settings.currencyEditable) return t`${lockedHint} Invoices and field trips exist in ${currency}.`;
  if (connectCurrency) return t`It follows your Stripe account, which pays out in ${connectCurrency}.`;
  return t`Every amount of the school is in it. ${lockedHint}`;
}

function SettingsForm({ settings, onDone }: { settings: PaymentSettings; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PaymentSettingsForm>({
    resolver: zodResolver(updatePaymentSettingsInput),
    defaultValues: {
      feePercentage: settings.feePercentage,
      feeApplicationType: settings.feeApplicationType,
      currency: settings.currency,
    },
  });
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const hint = useCurrencyHint(settings);
  const platformFee = bpsToPercent(settings.platformFeeBps);
  const save = useSavePaymentSettings(onDone);
  const legend = useId();
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit((values) => save.mutate(values))}>
      <TextField
        label={t`Fee Percentage (%)`}
        type="number"
        min={0}
        max={100}
        step={0.1}
        inputMode="decimal"
        autoFocus
        error={errors.feePercentage?.message}
        {...register("feePercentage", { valueAsNumber: true })}
      />
      <fieldset aria-labelledby={legend} className="space-y-2">
        <p id={legend} className="text-sm font-medium text-slate-700">
          <Trans>Fee Application</Trans>
        </p>
        {OPTIONS.map((option) => (
          <label key={option.value} className="flex items-start gap-3 rounded-md border border-slate-200 p-3">
            <input type="radio" value={option.value} className="mt-1 h-4 w-4" {...register("feeApplicationType")} />
            <span>
              <span className="block text-sm font-medium text-ink">{i18n._(option.label)}</span>
              <span className="block text-xs text-slate-600">{i18n._(option.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <EnumSelectField
        label={t`Currency`}
        values={CURRENCIES}
        labels={labelsOfCurrencies()}
        disabled={!settings.currencyEditable}
        hint={hint}
        error={errors.currency?.message}
        {...register("currency")}
      />
      <p className="text-sm text-slate-600">
        <Trans>Platform fee: {platformFee}% of each payment, set by SchoolRide.</Trans>
      </p>
      <DialogActions onCancel={onDone} submitLabel={t`Save`} pendingLabel={t`Saving…`} pending={save.isPending} />
    </form>
  );
}

/** Payment Settings (spec): the fee percentage (0–100, steps of 0.1) and how it applies; saving asks for the password. */
export default function PaymentSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const settings = usePaymentSettings();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Payment Settings`}
      description={t`How the fee applies to the invoices you create from now on.`}
    >
      {settings.data ? (
        <SettingsForm settings={settings.data} onDone={() => onOpenChange(false)} />
      ) : (
        <Loading label={t`Loading payment settings…`} />
      )}
    </Dialog>
  );
}
