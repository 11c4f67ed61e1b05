import { zodResolver } from "@hookform/resolvers/zod";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Save } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "#shared/limits.ts";
import { type PlatformSettings, updatePlatformSettingsInput } from "#shared/settings.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, TextField } from "../../../components/ui/form.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { usePlatformSettings, useUpdatePlatformSettings } from "../../../features/settings/hooks.ts";

/** A percentage with at most two decimals is a whole number of basis points (the server stores basis points). */
const toBps = (percent: number) => Math.round(percent * 100);
const toPercent = (bps: number) => bps / 100;

/**
 * The form's fields: the fee as a percentage (the server's schema is in basis points); the other two
 * are the server's own rules, with a readable message for an empty number field (in the reader's language).
 */
function formSchema(i18n: I18n) {
  const feeRange = i18n._(msg`The fee is between 0 and 100%`);
  return z.object({
    feePercent: z
      .number({ error: i18n._(msg`Enter the fee as a percentage`) })
      .min(0, feeRange)
      .max(100, feeRange)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, i18n._(msg`Use at most two decimals`)),
    invitationValidityDays: z
      .number({ error: i18n._(msg`Enter a number of days`) })
      .pipe(updatePlatformSettingsInput.shape.invitationValidityDays),
    supportEmail: z.string().trim().pipe(updatePlatformSettingsInput.shape.supportEmail),
  });
}
type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormOutput = z.output<ReturnType<typeof formSchema>>;

const toForm = (settings: PlatformSettings): FormInput => ({
  feePercent: toPercent(settings.defaultPlatformFeeBps),
  invitationValidityDays: settings.invitationValidityDays,
  supportEmail: settings.supportEmail,
});

/** The server's field names mapped to the form's. */
const FIELD_FOR: Record<keyof PlatformSettings, keyof FormInput> = {
  defaultPlatformFeeBps: "feePercent",
  invitationValidityDays: "invitationValidityDays",
  supportEmail: "supportEmail",
};

/** `/super-admin/settings`: platform-wide defaults (new schools' fee, invitation validity, support e-mail). */
export default function SettingsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`System Settings · SchoolRide`);
  const settings = usePlatformSettings();
  const schema = useMemo(() => formSchema(i18n), [i18n]);
  const { register, handleSubmit, reset, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { feePercent: 0, invitationValidityDays: 7, supportEmail: "" },
  });

  // The stored values fill the form once they arrive (and again after a save).
  useEffect(() => {
    if (settings.data) reset(toForm(settings.data));
  }, [settings.data, reset]);

  const save = useUpdatePlatformSettings({
    onSaved: (saved) => reset(toForm(saved)),
    onFieldErrors: (fields) => {
      for (const [key, messages] of Object.entries(fields) as [keyof PlatformSettings, string[] | undefined][]) {
        const field = FIELD_FOR[key];
        if (field && messages?.[0]) setError(field, { type: "server", message: messages[0] });
      }
    },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate({
      defaultPlatformFeeBps: toBps(values.feePercent),
      invitationValidityDays: values.invitationValidityDays,
      supportEmail: values.supportEmail,
    }),
  );

  /** A number field of the form: its range, its message and its registration (the value read as a number). */
  const numberField = (
    name: "feePercent" | "invitationValidityDays",
    range: { min: number; max: number; step: number },
  ) => ({
    type: "number",
    ...range,
    error: formState.errors[name]?.message,
    ...register(name, { valueAsNumber: true }),
  });

  const content = (
    <QueryState query={settings} loading={t`Loading settings…`} failed={t`Failed to load the settings.`}>
      {() => (
        <form
          noValidate
          onSubmit={onSubmit}
          className="max-w-xl space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          aria-label={t`System settings`}
        >
          <TextField
            label={t`Default platform fee for new schools (%)`}
            inputMode="decimal"
            hint={t`Taken from parents' payments to schools approved from now on (for example 5 = 5%). Existing schools keep their fee.`}
            {...numberField("feePercent", { min: 0, max: 100, step: 0.1 })}
          />
          <TextField
            label={t`Invitation validity (days)`}
            inputMode="numeric"
            hint={t`How long a new or regenerated invitation link stays valid: 1 to 30 days.`}
            {...numberField("invitationValidityDays", { min: 1, max: 30, step: 1 })}
          />
          <TextField
            label={t`Support e-mail`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={EMAIL_MAX_LENGTH}
            error={formState.errors.supportEmail?.message}
            hint={t`Shown on public pages and in e-mails.`}
            {...register("supportEmail")}
          />
          <div className="flex flex-wrap items-center gap-3 pt-1">
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden="true" className="h-4 w-4" />
              {save.isPending ? t`Saving…` : t`Save Settings`}
            </Button>
            {formState.isDirty && !save.isPending ? (
              <span className="text-sm text-slate-600">
                <Trans>You have unsaved changes.</Trans>
              </span>
            ) : null}
          </div>
        </form>
      )}
    </QueryState>
  );

  return (
    <div>
      <PageHeader title={t`System Settings`} subtitle={t`Platform-wide defaults for new schools and invitations.`} />
      <div className="mt-6">{content}</div>
    </div>
  );
}
