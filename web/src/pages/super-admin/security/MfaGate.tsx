import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldAlert } from "lucide-react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { useTwoFactorStatus } from "../../../features/security/hooks.ts";
import { FullPageSpinner } from "../../../routes/guards.tsx";

export const SECURITY_PATH = "/super-admin/security";

/**
 * The super admin area and two-factor authentication. In production a super admin without it is
 * sent to the security page (the server refuses everything else too); in local mode a banner
 * invites them to set it up.
 */
export default function MfaGate() {
  const { t } = useLingui();
  const location = useLocation();
  const status = useTwoFactorStatus();
  const onSecurityPage = location.pathname === SECURITY_PATH;
  if (status.isPending) return <FullPageSpinner />;
  const needsEnrollment = status.data !== undefined && !status.data.enabled;
  if (needsEnrollment && status.data.required && !onSecurityPage) return <Navigate to={SECURITY_PATH} replace />;
  return (
    <>
      {needsEnrollment && !onSecurityPage ? (
        <section
          aria-label={t`Two-factor authentication`}
          className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between print:hidden"
        >
          <p className="flex items-start gap-2">
            <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <Trans>Protect your account: add a code from your phone to your password.</Trans>
          </p>
          <Link
            to={SECURITY_PATH}
            className="shrink-0 rounded-md bg-brand-500 px-3 py-1.5 text-center font-semibold text-ink shadow-sm hover:bg-brand-600"
          >
            <Trans>Set up two-factor</Trans>
          </Link>
        </section>
      ) : null}
      <Outlet />
    </>
  );
}
