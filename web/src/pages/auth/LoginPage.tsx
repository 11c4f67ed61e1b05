import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bus, School, ShieldCheck, Users } from "lucide-react";
import { type FormEvent, lazy, Suspense, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EMAIL_MAX_LENGTH, SCHOOL_CODE_MAX_LENGTH } from "#shared/limits.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { AuthCard } from "../../components/ui/auth-card.tsx";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import type { LoginFields } from "../../features/auth/sign-in.ts";
import { genericErrorMessage } from "../../lib/generic-error.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import type { Role, SessionUser } from "../../lib/session.ts";
import { afterLoginPath, safeRedirect } from "../../routes/redirects.ts";

// The form's code (schema, tRPC client) loads when the form is first used; the code step only for
// a super admin with two-factor on.
const loadSignIn = () => import("../../features/auth/sign-in.ts");
const MfaCodeStep = lazy(async () => {
  const [{ MfaCodeStep: Step }, { DataProvider }] = await Promise.all([
    import("./MfaCodeStep.tsx"),
    import("../../lib/data.tsx"),
  ]);
  return {
    default: (props: Parameters<typeof Step>[0]) => (
      <DataProvider>
        <Step {...props} />
      </DataProvider>
    ),
  };
});

type Variant = { title: MessageDescriptor; subtitle: MessageDescriptor; icon: typeof Bus };

const VARIANTS: Record<Role, Variant> = {
  super_admin: { title: msg`Super Admin Access`, subtitle: msg`Platform administration`, icon: ShieldCheck },
  school_admin: { title: msg`School Admin Login`, subtitle: msg`Manage your school's transportation`, icon: School },
  parent: { title: msg`Parent Login`, subtitle: msg`Follow your children's school transport`, icon: Users },
  driver: { title: msg`Driver Login`, subtitle: msg`Your runs, their stops and riders`, icon: Bus },
};

const OTHER_LOGINS: Record<Role, { to: string; label: MessageDescriptor }> = {
  super_admin: { to: "/login/superadmin", label: msg`Super Admin Login` },
  school_admin: { to: "/login/school", label: msg`School Admin Login` },
  parent: { to: "/login/parent", label: msg`Parent Login` },
  driver: { to: "/login/driver", label: msg`Driver Login` },
};

/** The four login pages (super admin, school admin, parent, driver): one component, a variant per role. Prerendered (scripts/prerender.ts). */
export default function LoginPage({ role }: { role: Role }) {
  const { i18n, t } = useLingui();
  const variant = VARIANTS[role];
  const title = i18n._(variant.title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [fields, setFields] = useState<LoginFields>({ email: "", password: "", schoolCode: "", remember: false });
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const field = (name: "email" | "password" | "schoolCode") => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  usePageTitle(t`${title} · SchoolRide`);

  const signedIn = async (user: SessionUser) => {
    const flow = await loadSignIn();
    flow.rememberSignedIn(user);
    const path = afterLoginPath(user.role, user.mustChangePassword, safeRedirect(params.get("redirect")));
    // Another language than the page's: the home loads in full, in it.
    if (flow.enterInUserLocale(user, path)) return;
    await navigate(path, { replace: true });
  };

  // After a failed sign-in the focus goes back to the form, to the e-mail when it is empty, else to
  // the password: the Sign In button it may have been on was disabled while signing in, which drops it.
  const failed = (text: string) => {
    setMessage(text);
    (fields.email.trim() ? passwordRef : emailRef).current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setMessage(null);
    setPending(true);
    try {
      const result = await (await loadSignIn()).signIn(role, fields);
      if (result.kind === "error") failed(result.message);
      else if (result.kind === "mfa") setChallengeToken(result.challengeToken);
      else await signedIn(result.user);
    } catch {
      failed(genericErrorMessage()); // The form's code could not be loaded (offline).
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard icon={variant.icon} title={title} subtitle={i18n._(variant.subtitle)}>
      {challengeToken ? (
        <Suspense fallback={null}>
          <MfaCodeStep
            challengeToken={challengeToken}
            onSignedIn={signedIn}
            onRestart={() => setChallengeToken(null)}
          />
        </Suspense>
      ) : (
        <form onSubmit={onSubmit} onFocus={() => void loadSignIn()} noValidate className="space-y-4">
          {message ? <FormAlert>{message}</FormAlert> : null}
          <fieldset disabled={!hydrated} className="contents space-y-4">
            <TextField
              ref={emailRef}
              label={t`Email`}
              type="email"
              autoComplete="username"
              maxLength={EMAIL_MAX_LENGTH}
              {...field("email")}
            />
            <TextField
              ref={passwordRef}
              label={t`Password`}
              type="password"
              autoComplete="current-password"
              {...field("password")}
            />
            {role === "parent" ? (
              <TextField
                label={t`School code (optional)`}
                autoComplete="off"
                hint={t`Your school's code, if you were given one.`}
                maxLength={SCHOOL_CODE_MAX_LENGTH}
                {...field("schoolCode")}
              />
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              {role === "school_admin" ? (
                <label className="flex items-center gap-2 text-slate-700">
                  <input
                    type="checkbox"
                    name="remember"
                    className="h-4 w-4 rounded border-slate-300 accent-brand-600"
                    checked={fields.remember}
                    onChange={(event) => setFields((current) => ({ ...current, remember: event.target.checked }))}
                  />
                  <Trans>Remember me</Trans>
                </label>
              ) : (
                <span />
              )}
              <Link to={`/forgot-password?role=${role}`} className="text-brand-700 underline-offset-2 hover:underline">
                <Trans>Forgot password?</Trans>
              </Link>
            </div>
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? t`Signing in…` : t`Sign In`}
            </Button>
          </fieldset>
        </form>
      )}
      <nav aria-label={t`Other logins`} className="mt-6 flex flex-col items-center gap-1 text-sm">
        {(Object.keys(OTHER_LOGINS) as Role[])
          .filter((other) => other !== role)
          .map((other) => (
            <Link key={other} to={OTHER_LOGINS[other].to} className="text-brand-700 underline-offset-2 hover:underline">
              {i18n._(OTHER_LOGINS[other].label)}
            </Link>
          ))}
      </nav>
    </AuthCard>
  );
}
