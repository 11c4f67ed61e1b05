import { type FormEvent, type ReactNode, useCallback, useMemo, useState } from "react";
import { FORBIDDEN_REASONS, sudoSchema } from "#shared/mfa.ts";
import { useConfirmIdentity } from "../../features/auth/hooks.ts";
import { forbiddenReason, SudoContext, type SudoPrompt } from "../../lib/sudo.ts";
import { Dialog } from "../ui/dialog.tsx";
import { Button, FormAlert, TextField } from "../ui/form.tsx";
import { parseOrReport } from "./parse.ts";
import { type FactorMethod, SecondFactorField, SwitchFactorButton } from "./SecondFactorField.tsx";

type Pending = { withCode: boolean; retry: () => void };

/**
 * SE6 in the browser: an action the server refuses for want of a recent re-authentication opens
 * "Confirm it's you" (password, and a code when the user has two-factor on), then runs again.
 */
export function SudoProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const intercept = useCallback<SudoPrompt["intercept"]>((error, retry) => {
    const reason = forbiddenReason(error);
    if (reason !== FORBIDDEN_REASONS.sudoRequired && reason !== FORBIDDEN_REASONS.sudoRequiredWithCode) return false;
    setPending({ withCode: reason === FORBIDDEN_REASONS.sudoRequiredWithCode, retry });
    return true;
  }, []);
  const value = useMemo(() => ({ intercept }), [intercept]);
  return (
    <SudoContext.Provider value={value}>
      {children}
      {pending ? <ConfirmItsYouDialog pending={pending} onClose={() => setPending(null)} /> : null}
    </SudoContext.Provider>
  );
}

function ConfirmItsYouDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
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
    const input = parseOrReport(sudoSchema, { password, ...(pending.withCode ? { factor: { method, code } } : {}) }, setError);
    if (input) confirm.mutate(input);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Confirm it's you"
      description={
        pending.withCode
          ? "This action needs your password and a code from your authenticator app."
          : "This action needs your password. You will not be asked again for 10 minutes."
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
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
          <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50" onClick={onClose}>
            Cancel
          </button>
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? "Confirming…" : "Confirm"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
