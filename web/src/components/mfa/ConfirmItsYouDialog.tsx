import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { confirmIdentityInput } from "#shared/mfa.ts";
import { useConfirmIdentity } from "../../features/auth/hooks.ts";
import { Dialog } from "../ui/dialog.tsx";
import { Button, FormAlert, TextField } from "../ui/form.tsx";
import { parseOrReport } from "./parse.ts";
import { type FactorMethod, SecondFactorField, SwitchFactorButton } from "./SecondFactorField.tsx";

export type Pending = { withCode: boolean; retry: () => void };

/** "Confirm it's you" (SE6): password, and a code when the user has two-factor on, then the refused action runs again. */
export default function ConfirmItsYouDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { t } = useLingui();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [method, setMethod] = useState<FactorMethod>("totp");
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmIdentity({
    onConfirmed: () => {
      onClose();
      pending.retry();
    },
    onFailure: setError,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = parseOrReport(
      confirmIdentityInput,
      { password, ...(pending.withCode ? { factor: { method, code } } : {}) },
      setError,
    );
    if (input) confirm.mutate(input);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Confirm it's you`}
      description={
        pending.withCode
          ? t`This action needs your password and a code from your authenticator app.`
          : t`This action needs your password. You will not be asked again for 10 minutes.`
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {pending.withCode ? (
          <div className="space-y-2">
            <SecondFactorField method={method} value={code} onChange={(e) => setCode(e.target.value)} />
            <SwitchFactorButton
              method={method}
              onSwitch={(next) => {
                setMethod(next);
                setCode("");
              }}
            />
          </div>
        ) : null}
        <div className="flex justify-end gap-3">
          <button
            type="button"
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            onClick={onClose}
          >
            <Trans>Cancel</Trans>
          </button>
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? t`Confirming…` : t`Confirm`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
