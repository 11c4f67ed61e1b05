import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bus, School, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { usePageTitle } from "../../components/site/usePageTitle.ts";

const CHOICES = [
  {
    to: "/login/school",
    title: msg`School Admin`,
    text: msg`Schedule trips, notify parents and send invoices.`,
    icon: School,
  },
  {
    to: "/login/parent",
    title: msg`Parent`,
    text: msg`See your children's transport, notifications and invoices.`,
    icon: Users,
  },
  { to: "/login/driver", title: msg`Driver`, text: msg`Your runs today, their stops and riders.`, icon: Bus },
  { to: "/login/superadmin", title: msg`Super Admin`, text: msg`Platform administration.`, icon: ShieldCheck },
] as const;

/** `/login` (footer and header link): choose the login page of your role. */
export default function LoginChooserPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Log In · SchoolRide`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold text-ink">
        <Trans>Log In</Trans>
      </h1>
      <p className="mt-2 text-center text-slate-600">
        <Trans>Choose how you use SchoolRide.</Trans>
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {CHOICES.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col rounded-xl border border-slate-200 p-5 shadow-sm transition hover:border-brand-500 hover:shadow"
            >
              <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
              <span className="mt-3 font-semibold text-ink">{i18n._(title)}</span>
              <span className="mt-1 text-sm text-slate-600">{i18n._(text)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-slate-600">
        <Trans>
          New school?{" "}
          <Link to="/get-started" className="font-medium text-brand-700 hover:underline">
            Get Started
          </Link>
        </Trans>
      </p>
    </div>
  );
}
