import { useLingui } from "@lingui/react/macro";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { PasswordStrength } from "./PasswordStrength.tsx";
import { TextField } from "./ui/form.tsx";

/**
 * A new password and its confirmation, with the strength meter between them: the one block of the
 * accept-invitation, change-password and reset-password forms. `label` names the first field
 * ("New password", the default); the second is "Confirm new password" (`confirmLabel`, "Confirm
 * password" beside "Password").
 */
export function NewPasswordFields<T extends FieldValues>({
  form,
  password,
  confirm,
  label,
  confirmLabel,
  userInputs,
}: {
  form: Pick<UseFormReturn<T>, "register" | "watch" | "getFieldState" | "formState">;
  password: Path<T>;
  confirm: Path<T>;
  label?: string;
  confirmLabel?: string;
  /** Words the strength meter counts as easy to guess (the user's name, e-mail, school). */
  userInputs?: readonly (string | null | undefined)[];
}) {
  const { t } = useLingui();
  const { register, watch, getFieldState, formState } = form;
  const value: unknown = watch(password);
  return (
    <>
      <TextField
        label={label ?? t`New password`}
        type="password"
        autoComplete="new-password"
        hint={t`At least 8 characters. A long passphrase is best.`}
        error={getFieldState(password, formState).error?.message}
        {...register(password)}
      />
      <PasswordStrength password={typeof value === "string" ? value : ""} {...(userInputs ? { userInputs } : {})} />
      <TextField
        label={confirmLabel ?? t`Confirm new password`}
        type="password"
        autoComplete="new-password"
        error={getFieldState(confirm, formState).error?.message}
        {...register(confirm)}
      />
    </>
  );
}
