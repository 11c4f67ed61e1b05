import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { verifyMfaInput } from "#shared/mfa.ts";
import { parseOrReport } from "../../components/mfa/parse.ts";
import { type FactorMethod, SecondFactorField, SwitchFactorButton } from "../../components/mfa/SecondFactorField.tsx";
import { Button, FormAlert } from "../../components/ui/form.tsx";
import { useVerifyMfa } from "../../features/auth/hooks.ts";
import type { SessionUser } from "../../lib/session.ts";

/** Sign-in step 2 for a super admin with two-factor on: a code from the app, or a recovery code. */
export function MfaCodeStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: (user: SessionUser) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useLingui();
  const [method, setMethod] = useState<FactorMethod>("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyMfa({
    onSignedIn,
    onFailure: (message) => {
      setError(message);
      setCode("");
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = parseOrReport(verifyMfaInput, { challengeToken, factor: { method, code } }, setError);
    if (input) verify.mutate(input);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Two-factor authentication`}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <SecondFactorField method={method} autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SwitchFactorButton
          method={method}
          onSwitch={(next) => {
            setMethod(next);
            setCode("");
            setError(null);
          }}
        />
        <button type="button" className="text-sm text-slate-600 underline-offset-2 hover:underline" onClick={onRestart}>
          <Trans>Start over</Trans>
        </button>
      </div>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? t`Verifying…` : t`Verify`}
      </Button>
    </form>
  );
}
