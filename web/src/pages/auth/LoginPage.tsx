import { zodResolver } from "@hookform/resolvers/zod";
import { type Bus, School, ShieldCheck, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type LoginInput, loginSchema } from "#shared/auth.ts";
import { AuthCard } from "../../components/ui/auth-card.tsx";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import { useLogin } from "../../features/auth/hooks.ts";
import type { Role, SessionUser } from "../../lib/session.ts";
import { afterLoginPath, safeRedirect } from "../../routes/redirects.ts";
import { MfaCodeStep } from "./MfaCodeStep.tsx";

type Variant = { title: string; subtitle: string; icon: typeof Bus };

const VARIANTS: Record<Role, Variant> = {
  super_admin: { title: "Super Admin Access", subtitle: "Platform administration", icon: ShieldCheck },
  school_admin: { title: "School Admin Login", subtitle: "Manage your school's transportation", icon: School },
  parent: { title: "Parent Login", subtitle: "Follow your children's school transport", icon: Users },
};

const OTHER_LOGINS: Record<Role, { to: string; label: string }> = {
  super_admin: { to: "/login/superadmin", label: "Super Admin Login" },
  school_admin: { to: "/login/school", label: "School Admin Login" },
  parent: { to: "/login/parent", label: "Parent Login" },
};

/** The three login pages of spec §2: one component, a variant per role. */
export default function LoginPage({ role }: { role: Role }) {
  const variant = VARIANTS[role];
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

  useEffect(() => {
    document.title = `${variant.title} · SchoolRide`;
  }, [variant.title]);

  const [challengeToken, setChallengeToken] = useState<string | null>(null);

  const signedIn = async (user: SessionUser) => {
    await navigate(afterLoginPath(user.role, user.mustChangePassword, safeRedirect(params.get("redirect"))), { replace: true });
  };

  // A super admin with two-factor on: the code step, no session yet.
  const login = useLogin({ onSignedIn: signedIn, onChallenge: setChallengeToken, onFailure: setServerError });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    login.mutate({
      role,
      email: values.email,
      password: values.password,
      ...(role === "parent" && values.schoolCode ? { schoolCode: values.schoolCode } : {}),
      ...(role === "school_admin" ? { remember: values.remember === true } : {}),
    });
  });

  // Both fields are required; the spec gives one message for either missing.
  const validationError = errors.email?.message ?? errors.password?.message;
  const message = validationError ?? serverError;

  return (
    <AuthCard icon={variant.icon} title={variant.title} subtitle={variant.subtitle}>
      {challengeToken ? (
        <MfaCodeStep challengeToken={challengeToken} onSignedIn={signedIn} onRestart={() => setChallengeToken(null)} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {message ? <FormAlert>{message}</FormAlert> : null}
          <TextField label="Email" type="email" autoComplete="username" {...register("email")} />
          <TextField label="Password" type="password" autoComplete="current-password" {...register("password")} />
          {role === "parent" ? (
            <TextField label="School code (optional)" autoComplete="off" hint="Your school's code, if you were given one." {...register("schoolCode")} />
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            {role === "school_admin" ? (
              <label className="flex items-center gap-2 text-slate-700">
                <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register("remember")} />
                Remember me
              </label>
            ) : (
              <span />
            )}
            <Link to={`/forgot-password?role=${role}`} className="text-brand-700 underline-offset-2 hover:underline">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? "Signing in…" : "Sign In"}
          </Button>
        </form>
      )}
      <nav aria-label="Other logins" className="mt-6 flex flex-col items-center gap-1 text-sm">
        {(Object.keys(OTHER_LOGINS) as Role[])
          .filter((other) => other !== role)
          .map((other) => (
            <Link key={other} to={OTHER_LOGINS[other].to} className="text-brand-700 underline-offset-2 hover:underline">
              {OTHER_LOGINS[other].label}
            </Link>
          ))}
      </nav>
    </AuthCard>
  );
}
