import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { RESET_MESSAGES, type ResetPasswordInput, type RoleValue, resetPasswordInput } from "#shared/auth.ts";
import { NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { AuthCard } from "../../components/ui/auth-card.tsx";
import { Button, FormAlert } from "../../components/ui/form.tsx";
import { Loading } from "../../components/ui/states.tsx";
import { useResetLinkCheck, useResetPassword } from "../../features/auth/hooks.ts";
import { sharedText } from "../../i18n/shared-texts.ts";

const LOGIN_PAGES: Record<RoleValue, string> = {
  super_admin: "/login/superadmin",
  school_admin: "/login/school",
  parent: "/login/parent",
  driver: "/login/driver",
};

/** `/reset-password?token=…`: the e-mailed, single-use link. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState<{ role: RoleValue; message: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(token ? null : RESET_MESSAGES.invalidLink);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInput),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { register, handleSubmit } = form;
  const check = useResetLinkCheck(token);
  const linkInvalid = !token || check.data?.valid === false;
  const reset = useResetPassword({ onReset: setDone, onFailure: setServerError });

  usePageTitle(t`Reset Password · SchoolRide`);

  return (
    <AuthCard icon={KeyRound} title={t`Choose a new password`}>
      {!done && !linkInvalid && check.isPending ? (
        <Loading />
      ) : !done && linkInvalid ? (
        <FormAlert>
          {sharedText(RESET_MESSAGES.invalidLink)}{" "}
          <Link to="/forgot-password" className="font-semibold underline">
            <Trans>Request a new link</Trans>
          </Link>
        </FormAlert>
      ) : done ? (
        <div className="space-y-4 text-center">
          <FormAlert kind="success">{done.message}</FormAlert>
          <Link to={LOGIN_PAGES[done.role]} className="inline-block font-semibold text-brand-700 hover:underline">
            <Trans>Go to login</Trans>
          </Link>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={handleSubmit((values) => {
            setServerError(null);
            reset.mutate(values);
          })}
        >
          {serverError ? (
            <FormAlert>
              {serverError}{" "}
              {serverError === RESET_MESSAGES.invalidLink ? (
                <Link to="/forgot-password" className="font-semibold underline">
                  <Trans>Request a new link</Trans>
                </Link>
              ) : null}
            </FormAlert>
          ) : null}
          <input type="hidden" {...register("token")} />
          <NewPasswordFields form={form} password="password" confirm="confirmPassword" />
          <Button type="submit" className="w-full" disabled={reset.isPending || !token}>
            {reset.isPending ? t`Saving…` : t`Reset Password`}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
