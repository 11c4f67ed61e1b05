import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type RequestErasureInput, requestErasureInput } from "#shared/privacy.ts";
import { Dialog, DialogActions } from "../../components/ui/dialog.tsx";
import { FormAlert, TextField } from "../../components/ui/form.tsx";

/** What erasure keeps (the retention sweeps and the erasure service do this). */
const ERASURE_KEEPS =
  "Invoices and payment records are kept for 7 years (legal retention), without your name. Security logs about your account are kept for 3 years.";

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

  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Delete my account" description="This cannot be undone.">
      <form noValidate className="space-y-4" onSubmit={handleSubmit(onConfirm)}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{goes}</li>
          <li>You are signed out everywhere and cannot sign in again.</li>
          <li>{ERASURE_KEEPS}</li>
        </ul>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={errors.password?.message}
          {...register("password")}
        />
        <DialogActions
          onCancel={() => close(false)}
          submitLabel="Delete my account"
          pendingLabel="Deleting…"
          pending={pending}
          danger
        />
      </form>
    </Dialog>
  );
}
