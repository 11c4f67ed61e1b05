import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { shiftDate } from "#shared/calendar-dates.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { FormAlert, TextField } from "../../components/ui/form.tsx";
import { errorMessage, fieldErrorsOf } from "../../lib/errors.ts";
import { useSetNotRiding } from "./hooks.ts";

type When = "today" | "tomorrow" | "range";

const CHOICES = [
  { value: "today", label: msg`Today` },
  { value: "tomorrow", label: msg`Tomorrow` },
  { value: "range", label: msg`Some days` },
] as const satisfies readonly { value: When; label: unknown }[];

/**
 * "Not riding": today, tomorrow, or from one day to another. The server decides (its cut-off, its
 * words): after the cut-off its message, to call the school, shows here.
 */
export default function NotRidingDialog({
  open,
  onOpenChange,
  child,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  child: { id: string; name: string };
  today: string;
}) {
  const tomorrow = shiftDate(today, 1);
  const [when, setWhen] = useState<When>("tomorrow");
  const [from, setFrom] = useState(tomorrow);
  const [to, setTo] = useState(tomorrow);
  const close = () => onOpenChange(false);
  const save = useSetNotRiding(close);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (when === "range") save.mutate({ childId: child.id, from, to });
    else save.mutate({ childId: child.id, from: when === "today" ? today : tomorrow });
  };
  const fieldErrors = fieldErrorsOf(save.error);
  const { i18n, t } = useLingui();
  const name = child.name;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`${name} is not riding`}
      description={t`The school and the driver will know not to wait at the stop.`}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t`When`}</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 px-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="when"
                  value={choice.value}
                  checked={when === choice.value}
                  onChange={() => setWhen(choice.value)}
                  className="h-4 w-4 accent-brand-600"
                />
                {i18n._(choice.label)}
              </label>
            ))}
          </div>
        </fieldset>
        {when === "range" ? (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t`From`}
              type="date"
              min={today}
              value={from}
              required
              onChange={(event) => {
                setFrom(event.target.value);
                if (to < event.target.value) setTo(event.target.value);
              }}
              error={fieldErrors?.from?.[0]}
            />
            <TextField
              label={t`To`}
              type="date"
              min={from}
              value={to}
              required
              onChange={(event) => setTo(event.target.value)}
              error={fieldErrors?.to?.[0]}
            />
          </div>
        ) : null}
        {save.error && !(when === "range" && (fieldErrors?.from || fieldErrors?.to)) ? (
          <FormAlert>{errorMessage(save.error)}</FormAlert>
        ) : null}
        <DialogActions
          onCancel={close}
          submitLabel={t`Mark not riding`}
          pendingLabel={t`Saving…`}
          pending={save.isPending}
        />
      </form>
    </Dialog>
  );
}
