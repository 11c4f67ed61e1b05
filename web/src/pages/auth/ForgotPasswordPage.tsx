import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { MailQuestion } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { forgotPasswordSchema, ROLE_VALUES, type RoleValue } from "../../../../worker/schemas/auth.ts";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { useTRPC } from "../../trpc.ts";

const LOGIN_PAGES: Record<RoleValue, string> = { super_admin: "/login/superadmin", school_admin: "/login/school", parent: "/login/parent" };
const emailOnly = forgotPasswordSchema.pick({ email: true });

/** `/forgot-password?role=…`: asks for a reset link. The answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const role = z.enum(ROLE_VALUES).catch("parent").parse(params.get("role"));
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.infer<typeof emailOnly>>({ resolver: zodResolver(emailOnly), defaultValues: { email: "" } });
  const request = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: (data) => setSent(data.message),
      onError: (error) => setServerError(errorMessage(error)),
    }),
  );

  useEffect(() => {
    document.title = "Forgot Password · SchoolRide";
  }, []);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <MailQuestion aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 className="text-2xl font-bold text-ink">Forgot your password?</h1>
          <p className="mt-1 text-sm text-slate-600">Enter your account's e-mail and we will send you a link to choose a new password.</p>
        </div>
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
      </div>
    </div>
  );
}
