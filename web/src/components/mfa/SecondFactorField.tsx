import { useLingui } from "@lingui/react/macro";
import { forwardRef } from "react";
import { MFA_MESSAGES } from "#shared/mfa.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { TextField } from "../ui/form.tsx";

export type FactorMethod = "totp" | "recovery";

/** The code input of a second factor: six digits from the app, or a recovery code. */
export const SecondFactorField = forwardRef<
  HTMLInputElement,
  { method: FactorMethod; error?: string | undefined } & React.InputHTMLAttributes<HTMLInputElement>
>(function SecondFactorField({ method, error, ...props }, ref) {
  const { t } = useLingui();
  return method === "totp" ? (
    <TextField
      ref={ref}
      label={t`Authentication code`}
      hint={sharedText(MFA_MESSAGES.enterCode)}
      inputMode="numeric"
      dir="ltr"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      error={error}
      {...props}
    />
  ) : (
    <TextField
      ref={ref}
      label={t`Recovery code`}
      hint={sharedText(MFA_MESSAGES.enterRecoveryCode)}
      autoComplete="off"
      maxLength={32}
      error={error}
      {...props}
    />
  );
});

/** "Use a recovery code" / "Use your authenticator app". */
export function SwitchFactorButton({
  method,
  onSwitch,
}: {
  method: FactorMethod;
  onSwitch: (method: FactorMethod) => void;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="text-sm text-brand-700 underline-offset-2 hover:underline"
      onClick={() => onSwitch(method === "totp" ? "recovery" : "totp")}
    >
      {method === "totp" ? t`Use a recovery code` : t`Use your authenticator app`}
    </button>
  );
}
