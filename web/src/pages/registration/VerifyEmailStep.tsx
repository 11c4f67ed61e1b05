import { ShieldCheck } from "lucide-react";
import { forwardRef } from "react";
import { textLink } from "../../components/site/ui.ts";
import { InputField } from "./fields.tsx";
import { StepActions } from "./StepActions.tsx";
import { StepForm } from "./StepForm.tsx";

type Props = {
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  invalid: boolean;
  verified: boolean;
  onSubmit: () => void;
  onResend: () => void;
  onPrevious: () => void;
  verifying: boolean;
  resending: boolean;
};

/** Step 2: the 6-digit code e-mailed to the administrator, with Resend Code. */
export const VerifyEmailStep = forwardRef<HTMLInputElement, Props>(function VerifyEmailStep(
  { email, code, onCodeChange, invalid, verified, onSubmit, onResend, onPrevious, verifying, resending },
  ref,
) {
  return (
    <StepForm onSubmit={onSubmit} className="mt-6">
      {verified ? (
        <p className="flex items-center gap-2 text-slate-700">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
          <span>
            <strong className="wrap-anywhere">{email}</strong> is verified. You can continue.
          </span>
        </p>
      ) : (
        <>
          <InputField
            ref={ref}
            label="Verification Code"
            name="verificationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="123456"
            value={code}
            onChange={(event) => onCodeChange(event.target.value.replace(/\s+/g, ""))}
            invalid={invalid}
            hint={
              <>
                Sent to <strong className="wrap-anywhere font-medium text-slate-700">{email}</strong>. The code is valid for a limited time.
              </>
            }
            className="max-w-xs"
            // Wide spacing reads the code digit by digit.
            style={{ letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" }}
          />
          <p className="mt-4 text-sm text-slate-600">
            Didn&apos;t receive the code? Check your spam folder, or{" "}
            <button type="button" className={`${textLink} aria-disabled:cursor-wait aria-disabled:opacity-70`} onClick={onResend} aria-disabled={resending || undefined}>
              {resending ? "Sending a new code…" : "Resend Code"}
            </button>
            .
          </p>
        </>
      )}
      <StepActions label={verified ? "Continue" : "Verify Email"} pendingLabel="Verifying…" pending={verifying} onPrevious={onPrevious} />
    </StepForm>
  );
});
