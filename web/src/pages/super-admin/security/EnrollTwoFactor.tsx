import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { confirmEnrollmentInput } from "#shared/mfa.ts";
import { parseOrReport } from "../../../components/mfa/parse.ts";
import { QrCode } from "../../../components/mfa/QrCode.tsx";
import { SecondFactorField } from "../../../components/mfa/SecondFactorField.tsx";
import { Button, FormAlert } from "../../../components/ui/form.tsx";
import { useBeginTwoFactorEnrollment, useConfirmTwoFactorEnrollment } from "../../../features/security/hooks.ts";
import { RecoveryCodesPanel } from "./RecoveryCodesPanel.tsx";

/**
 * Enrolment: a new secret as a QR code and as text, confirmed with a first code; then the
 * recovery codes, once.
 */
export function EnrollTwoFactor({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const begin = useBeginTwoFactorEnrollment(setError);
  const confirm = useConfirmTwoFactorEnrollment((message) => {
    setError(message);
    setCode("");
  });

  if (confirm.data) return <RecoveryCodesPanel codes={confirm.data.recoveryCodes} onDone={onDone} />;

  if (!begin.data) {
    return (
      <div className="space-y-3">
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="button" disabled={begin.isPending} onClick={() => begin.mutate()}>
          {begin.isPending ? t`Preparing…` : t`Set up two-factor`}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = parseOrReport(confirmEnrollmentInput, { code }, setError);
    if (input) confirm.mutate(input);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t`Set up two-factor authentication`}>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-700">
        <li>
          <Trans>Open an authenticator app (such as 1Password, Google Authenticator or Authy).</Trans>
        </li>
        <li>
          <Trans>Scan the QR code, or enter the setup key by hand.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <QrCode value={begin.data.uri} label={t`QR code for your authenticator app`} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">
            <Trans>Setup key</Trans>
          </p>
          <code
            data-testid="totp-secret"
            dir="ltr"
            className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
          >
            {begin.data.secret}
          </code>
        </div>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <SecondFactorField method="totp" value={code} onChange={(e) => setCode(e.target.value)} />
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? t`Verifying…` : t`Verify and turn on`}
      </Button>
    </form>
  );
}
