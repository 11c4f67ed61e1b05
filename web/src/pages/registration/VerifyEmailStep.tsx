import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { REGISTRATION_MESSAGES } from "#shared/registration-constants.ts";
import { textLink } from "../../components/site/ui.ts";
import { InputField } from "./fields.tsx";
import { StepActions } from "./StepActions.tsx";
import { StepForm } from "./StepForm.tsx";
import { errorNotice, type WizardControls } from "./wizard.ts";

type Props = {
  wizard: WizardControls;
  email: string;
  verified: boolean;
  onVerified: () => void;
  /** A new code was sent: the wizard keeps its resume token. */
  onCodeSent: (resumeToken: string | null | undefined) => void;
};

/** Step 2: the 6-digit code e-mailed to the administrator, with Resend Code. Loaded when shown. */
export function VerifyEmailStep({ wizard, email, verified, onVerified, onCodeSent }: Props) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  function submit() {
    if (wizard.pending) return;
    if (verified) return wizard.goTo(3, null);
    void wizard.run("verify", REGISTRATION_MESSAGES.generic, async (calls) => {
      wizard.setMessage(null);
      const result = await calls.verifyEmail(wizard.pendingRegistration() ?? "", code);
      if (!result.ok || result.data?.verified !== true) {
        setInvalid(true);
        wizard.setMessage(errorNotice(result.ok ? REGISTRATION_MESSAGES.invalidCode : result.message));
        codeRef.current?.focus();
        return;
      }
      setInvalid(false);
      onVerified();
      wizard.goTo(3, {
        kind: "success",
        title: t`Email Verified`,
        text: t`Your e-mail address has been verified.`,
      });
    });
  }

  function resend() {
    if (wizard.pending) return;
    const id = wizard.pendingRegistration();
    if (!id) return;
    void wizard.run("resend", REGISTRATION_MESSAGES.generic, async (calls) => {
      const result = await calls.resendCode(id);
      if (!result.ok) return wizard.setMessage(errorNotice(result.message));
      onCodeSent(result.data?.resumeToken);
      setCode("");
      setInvalid(false);
      wizard.setMessage({
        kind: "success",
        title: t`Code Sent`,
        text: result.data?.message || REGISTRATION_MESSAGES.codeResent,
      });
    });
  }

  const resending = wizard.pending === "resend";
  return (
    <StepForm onSubmit={submit} onFocus={wizard.preloadNext} className="mt-6">
      {verified ? (
        <p className="flex items-center gap-2 text-slate-700">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          <span>
            <Trans>
              <strong className="wrap-anywhere">{email}</strong> is verified. You can continue.
            </Trans>
          </span>
        </p>
      ) : (
        <>
          <InputField
            ref={codeRef}
            label={t`Verification Code`}
            name="verificationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="123456"
            dir="ltr"
            value={code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\s+/g, ""));
              setInvalid(false);
            }}
            invalid={invalid}
            hint={
              <Trans>
                Sent to <strong className="wrap-anywhere font-medium text-slate-700">{email}</strong>. The code is valid
                for a limited time.
              </Trans>
            }
            className="max-w-xs"
            // Wide spacing reads the code digit by digit.
            style={{ letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" }}
          />
          <p className="mt-4 text-sm text-slate-600">
            <Trans>
              Didn't receive the code? Check your spam folder, or{" "}
              <button
                type="button"
                className={`${textLink} aria-disabled:cursor-wait aria-disabled:opacity-70`}
                onClick={resend}
                aria-disabled={resending || undefined}
              >
                {resending ? t`Sending a new code…` : t`Resend Code`}
              </button>
              .
            </Trans>
          </p>
        </>
      )}
      <StepActions
        label={verified ? t`Continue` : t`Verify Email`}
        pendingLabel={t`Verifying…`}
        pending={wizard.pending === "verify"}
        onPrevious={wizard.onPrevious}
      />
    </StepForm>
  );
}
