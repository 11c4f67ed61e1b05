import { Trans, useLingui } from "@lingui/react/macro";
import { MailQuestion } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { EMAIL_MAX_LENGTH } from "#shared/limits.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { AuthCard } from "../../components/ui/auth-card.tsx";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import { genericErrorMessage } from "../../lib/generic-error.ts";
import type { Role } from "../../lib/session.ts";

const LOGIN_PAGES: Record<Role, string> = {
  super_admin: "/login/superadmin",
  school_admin: "/login/school",
  parent: "/login/parent",
  driver: "/login/driver",
};

/**
 * `/forgot-password?role=…`: asks for a reset link. The answer never says whether the account
 * exists. The form's code (schema, tRPC client) loads when it is submitted, as on the login pages.
 */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const asked = params.get("role") ?? "";
  const role: Role = Object.hasOwn(LOGIN_PAGES, asked) ? (asked as Role) : "parent";
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  usePageTitle(t`Forgot Password · SchoolRide`);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    setPending(true);
    try {
      const result = await (await import("../../features/auth/reset-request.ts")).requestResetLink(role, email);
      if (result.kind === "sent") setSent(result.message);
      else setError(result.message);
    } catch {
      setError(genericErrorMessage()); // The form's code could not be loaded (offline).
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      icon={MailQuestion}
      title={t`Forgot your password?`}
      subtitle={t`Enter your account's e-mail and we will send you a link to choose a new password.`}
    >
      {sent ? (
        <FormAlert kind="success">{sent}</FormAlert>
      ) : (
        <form noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="username"
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t`Sending…` : t`Send Reset Link`}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={LOGIN_PAGES[role]} className="text-brand-700 hover:underline">
          <Trans>Back to login</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
