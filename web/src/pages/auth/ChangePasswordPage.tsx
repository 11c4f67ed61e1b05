import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { type ChangePasswordInput, changePasswordInput } from "#shared/auth.ts";
import { NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { AuthCard } from "../../components/ui/auth-card.tsx";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import { useChangePassword } from "../../features/auth/hooks.ts";
import { useSession } from "../../lib/session.ts";

/** `/change-password`, for any signed-in user; required first for accounts made from an invitation. */
export default function ChangePasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { user } = useSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  usePageTitle(t`Change Password · SchoolRide`);

  const change = useChangePassword({
    onChanged: async (home) => {
      reset();
      await navigate(home, { replace: true });
    },
    onFailure: setServerError,
  });

  return (
    <AuthCard
      icon={KeyRound}
      title={t`Change Password`}
      subtitle={user?.mustChangePassword ? t`Please choose a new password before you continue.` : undefined}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          // Every new attempt starts without the last attempt's server error, even when the
          // form's own checks stop it before the server is asked.
          setServerError(null);
          void handleSubmit((values) => change.mutate(values))(event);
        }}
      >
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <NewPasswordFields
          form={form}
          password="newPassword"
          confirm="confirmPassword"
          userInputs={[user?.email, user?.name]}
        />
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? t`Saving…` : t`Change Password`}
        </Button>
      </form>
    </AuthCard>
  );
}
