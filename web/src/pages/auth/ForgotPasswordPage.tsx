import { zodResolver } from "@hookform/resolvers/zod";
import { MailQuestion } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { ROLE_VALUES, type RoleValue, requestPasswordResetInput } from "#shared/auth.ts";
import { AuthCard } from "../../components/ui/auth-card.tsx";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import { useRequestPasswordReset } from "../../features/auth/hooks.ts";

const LOGIN_PAGES: Record<RoleValue, string> = { super_admin: "/login/superadmin", school_admin: "/login/school", parent: "/login/parent" };
const emailOnly = requestPasswordResetInput.pick({ email: true });

/** `/forgot-password?role=…`: asks for a reset link. The answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const role = z.enum(ROLE_VALUES).catch("parent").parse(params.get("role"));
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.infer<typeof emailOnly>>({ resolver: zodResolver(emailOnly), defaultValues: { email: "" } });
  const request = useRequestPasswordReset({ onSent: setSent, onFailure: setServerError });

  useEffect(() => {
    document.title = "Forgot Password · SchoolRide";
  }, []);

  return (
    <AuthCard icon={MailQuestion} title={"Forgot your password?"} subtitle={"Enter your account's e-mail and we will send you a link to choose a new password."}>
      {sent ? (
        <FormAlert kind="success">{sent}</FormAlert>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={handleSubmit((values) => {
            setServerError(null);
            request.mutate({ role, email: values.email });
          })}
        >
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <TextField label="Email" type="email" autoComplete="username" error={formState.errors.email?.message} {...register("email")} />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? "Sending…" : "Send Reset Link"}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={LOGIN_PAGES[role]} className="text-brand-700 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
