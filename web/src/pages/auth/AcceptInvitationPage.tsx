import { zodResolver } from "@hookform/resolvers/zod";
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { AlertTriangle, ArrowLeft, CheckCircle2, MailOpen } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { acceptInvitationInput, INVITATION_MESSAGES } from "#shared/invitations.ts";
import { NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { buttonPrimary } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { AuthCard } from "../../components/ui/auth-card.tsx";
import { Button, FormAlert, maxLengthOf, TextField } from "../../components/ui/form.tsx";
import { formatDateTime } from "../../components/ui/format.ts";
import { Loading } from "../../components/ui/states.tsx";
import { useAcceptInvitation, useInvitation } from "../../features/auth/hooks.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage, isAppError } from "../../lib/errors.ts";
import { enterInUserLocale, type SessionUser } from "../../lib/session.ts";

type Invitation = RouterOutputs["auth"]["invitation"];
type InvitationRole = Invitation["role"];
type FormInput = z.input<typeof acceptInvitationInput>;
type FormOutput = z.output<typeof acceptInvitationInput>;

/** Milliseconds between the success message and the redirect. */
const REDIRECT_DELAY_MS = 2000;

const ROLE_LABELS: Record<InvitationRole, MessageDescriptor> = {
  school_admin: msg`School Admin`,
  parent: msg`Parent`,
  driver: msg`Driver`,
};
const LOGIN_PAGES: Record<InvitationRole, string> = {
  school_admin: "/login/school",
  parent: "/login/parent",
  driver: "/login/driver",
};

/** The server's message for a known failure (invalid, expired…); the spec's fallback for anything else. */
function invitationLoadError(error: unknown): string {
  const fallback = t`Failed to load invitation details.`;
  if (!isAppError(error) || error.data.code === "INTERNAL_SERVER_ERROR") return fallback;
  // A malformed token (rejected by the input schema) is simply not a valid invitation.
  if (error.data.fieldErrors) return INVITATION_MESSAGES.invalidOrExpired;
  return errorMessage(error, fallback);
}

/** `/accept-invite?token=…`: an invited school admin or parent sets up their account. */
export default function AcceptInvitationPage() {
  const { t } = useLingui();
  usePageTitle(t`Accept Invitation · SchoolRide`);
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  // Once the account exists, the token is spent: never ask the server about it again.
  const [accepted, setAccepted] = useState(false);
  const invitation = useInvitation(token, token !== "" && !accepted);

  let body;
  if (!token) body = <InvalidInvitation message={sharedText(INVITATION_MESSAGES.missingToken)} />;
  else if (invitation.isError) body = <InvalidInvitation message={invitationLoadError(invitation.error)} />;
  else if (invitation.isPending)
    body = (
      <div className="py-16">
        <Loading label={t`Loading invitation…`} />
      </div>
    );
  else body = <AcceptInvitationForm token={token} invitation={invitation.data} onAccepted={() => setAccepted(true)} />;

  return body;
}

function InvalidInvitation({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <AuthCard icon={AlertTriangle} tone="red" title={t`Invalid Invitation`}>
      <div className="text-center">
        <p role="alert" className="text-slate-700">
          {message}
        </p>
        <p className="mt-2 text-sm text-slate-500">
          <Trans>Ask the person who invited you to send a new invitation.</Trans>
        </p>
        <Link to="/" className={`${buttonPrimary} mt-6`}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>Return to Home</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}

function AcceptInvitationForm({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: Invitation;
  onAccepted: () => void;
}) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [home, setHome] = useState<string | null>(null);
  const userLocale = useRef<Pick<SessionUser, "locale"> | null>(null);
  const isParent = invitation.role === "parent";
  const isDriver = invitation.role === "driver";

  const resolver = useMemo<Resolver<FormInput, unknown, FormOutput>>(() => {
    const base = zodResolver(acceptInvitationInput);
    return async (values, context, options) => {
      const result = await base(values, context, options);
      // The phone rule (and its library) loads on the first check, not with the page.
      const { acceptInvitationIssues } = await import("#shared/phone-forms.ts");
      const issues = acceptInvitationIssues(invitation.role, values, invitation.phoneRegion);
      if (issues.length === 0) return result;
      const errors: FieldErrors<FormInput> = { ...result.errors };
      for (const { field, message } of issues) errors[field] ??= { type: "role", message };
      return { values: {}, errors };
    };
  }, [invitation.role, invitation.phoneRegion]);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: {
      token,
      name: invitation.name ?? "",
      password: "",
      confirmPassword: "",
      phone: "",
      address: "",
      position: "",
      emergencyContact: "",
      emergencyPhone: "",
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;

  const accept = useAcceptInvitation(
    { token, schoolName: invitation.schoolName },
    {
      onAccepted: (next, user) => {
        onAccepted();
        userLocale.current = user;
        setHome(next);
      },
      onFailure: setServerError,
    },
  );

  useEffect(() => {
    if (!home) return;
    const timer = window.setTimeout(() => {
      // The user's language (their school's default) differs from the page's: the home loads in full, in it.
      if (userLocale.current && enterInUserLocale(userLocale.current, home)) return;
      void navigate(home, { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [home, navigate]);

  /** A text field's registration and its message. */
  const field = (name: Exclude<keyof FormInput, "token" | "password" | "confirmPassword">) => ({
    error: errors[name]?.message,
    maxLength: maxLengthOf(acceptInvitationInput.shape[name]),
    ...register(name),
  });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    // The schema is strict: send only its keys, and leave out the optional ones left blank.
    const optional = (
      key: "phone" | "address" | "position" | "emergencyContact" | "emergencyPhone",
      value: string | undefined,
    ) => (value ? { [key]: value } : {});
    accept.mutate({
      token,
      name: values.name,
      password: values.password,
      confirmPassword: values.confirmPassword,
      ...optional("phone", values.phone),
      ...(isDriver ? {} : optional("address", values.address)),
      ...(isParent
        ? {
            ...optional("emergencyContact", values.emergencyContact),
            ...optional("emergencyPhone", values.emergencyPhone),
          }
        : isDriver
          ? {}
          : optional("position", values.position)),
    });
  });

  if (home) {
    return (
      <AuthCard icon={CheckCircle2} tone="green" title={t`Welcome to SchoolRide`}>
        <p role="status" className="text-center text-slate-700">
          <Trans>Account created! Redirecting to your dashboard…</Trans>
        </p>
      </AuthCard>
    );
  }

  const expires = formatDateTime(invitation.expiresAt);
  const { schoolName, guardianOf } = invitation;
  const inviterName = guardianOf?.inviterName;
  const childName = guardianOf?.childName;

  return (
    <AuthCard
      icon={MailOpen}
      title={t`Set Up Your Account`}
      subtitle={
        guardianOf
          ? t`${inviterName} invited you to be a guardian of ${childName} at ${schoolName} on SchoolRide.`
          : t`You have been invited to join ${schoolName} on SchoolRide.`
      }
      wide
    >
      <dl className="mb-6 space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        {[
          [t`Email`, invitation.email],
          [t`School`, invitation.schoolName],
          [t`Role`, i18n._(ROLE_LABELS[invitation.role])],
          [t`Expires`, expires],
        ].map(([term, detail]) => (
          <div key={term} className="flex flex-col sm:flex-row sm:gap-4">
            <dt className="font-medium text-slate-600 sm:w-16 sm:shrink-0">{term}</dt>
            <dd className="text-ink wrap-anywhere">{detail}</dd>
          </div>
        ))}
      </dl>

      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <TextField label={t`Full name`} autoComplete="name" {...field("name")} />
        <NewPasswordFields
          form={form}
          password="password"
          confirm="confirmPassword"
          label={t`Password`}
          confirmLabel={t`Confirm password`}
          userInputs={[invitation.email, invitation.name, watch("name"), invitation.schoolName]}
        />
        <TextField label={t`Phone (optional)`} type="tel" autoComplete="tel" {...field("phone")} />
        {isDriver ? null : (
          <TextField label={t`Address (optional)`} autoComplete="street-address" {...field("address")} />
        )}
        {isDriver ? null : isParent ? (
          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-ink">
              <Trans>In case of emergency</Trans>
            </legend>
            <TextField
              label={t`Emergency contact`}
              autoComplete="off"
              hint={t`Someone we can reach if we cannot reach you.`}
              {...field("emergencyContact")}
            />
            <TextField label={t`Emergency phone`} type="tel" autoComplete="off" {...field("emergencyPhone")} />
          </fieldset>
        ) : (
          <TextField
            label={t`Position (optional)`}
            placeholder={t`Administrator`}
            autoComplete="organization-title"
            {...field("position")}
          />
        )}
        <Button type="submit" className="w-full" disabled={accept.isPending}>
          {accept.isPending ? t`Creating account…` : t`Create Account`}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Trans>
          Already have an account?{" "}
          <Link
            to={LOGIN_PAGES[invitation.role]}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Sign in
          </Link>
        </Trans>
      </p>
    </AuthCard>
  );
}
