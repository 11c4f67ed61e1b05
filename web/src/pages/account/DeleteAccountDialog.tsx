import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import { type RequestErasureInput, requestErasureInput } from "#shared/privacy.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { FormAlert, TextField } from "../../components/ui/form.tsx";

/**
 * "Delete my account": says what goes and what is kept, and asks for the current password, which
 * the server checks before erasing anything.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  goes,
  onConfirm,
  pending,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What erasure removes for this role, in plain words. */
  goes: string;
  onConfirm: (input: RequestErasureInput) => void;
  pending: boolean;
  error: string | null;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RequestErasureInput>({ resolver: zodResolver(requestErasureInput), defaultValues: { password: "" } });

  const { t } = useLingui();

  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close} title={t`Delete my account`} description={t`This cannot be undone.`}>
      <form noValidate className="space-y-4" onSubmit={handleSubmit(onConfirm)}>
        <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
          <li>{goes}</li>
          <li>
            <Trans>You are signed out everywhere and cannot sign in again.</Trans>
          </li>
          {/* What erasure keeps (the retention sweeps and the erasure service do this). */}
          <li>
            <Trans>
              Invoices and payment records are kept for 7 years (legal retention), without your name. Security logs
              about your account are kept for 3 years.
            </Trans>
          </li>
        </ul>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={errors.password?.message}
          {...register("password")}
        />
        <DialogActions
          onCancel={() => close(false)}
          submitLabel={t`Delete my account`}
          pendingLabel={t`Deleting…`}
          pending={pending}
          danger
        />
      </form>
    </Dialog>
  );
}
