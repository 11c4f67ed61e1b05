import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { changePasswordSchema, type ChangePasswordInput } from "../../../../worker/schemas/auth.ts";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { useSession } from "../../lib/session.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../trpc.ts";

/** `/change-password`, for any signed-in user; required first for accounts made from an invitation. */
export default function ChangePasswordPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  useEffect(() => {
    document.title = "Change Password · SchoolRide";
  }, []);

  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: async ({ user: updated, home }) => {
        reset();
        queryClient.setQueryData(trpc.auth.me.queryKey(), updated);
        notify("success", "Password Updated", "Your password has been changed. Other devices have been signed out.");
        await navigate(home, { replace: true });
      },
      onError: (error) => setServerError(errorMessage(error)),
    }),
  );

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <KeyRound aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 className="text-2xl font-bold text-ink">Change Password</h1>
          {user?.mustChangePassword ? (
            <p className="mt-2 text-sm text-slate-600">Please choose a new password before you continue.</p>
          ) : null}
        </div>
        <form
          noValidate
          className="space-y-4"
          onSubmit={handleSubmit((values) => {
            setServerError(null);
            change.mutate(values);
          })}
        >
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register("currentPassword")}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters. A long passphrase is best."
            error={errors.newPassword?.message}
            {...register("newPassword")}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register("confirmPassword")}
          />
          <Button type="submit" className="w-full" disabled={change.isPending}>
            {change.isPending ? "Saving…" : "Change Password"}
          </Button>
        </form>
      </div>
    </div>
  );
}
