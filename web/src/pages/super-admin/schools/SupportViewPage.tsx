import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Eye } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { PLANS } from "#shared/plans.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ErrorState, Loading, StatCard } from "../../../components/ui/states.tsx";
import { useOpenSupportView } from "../../../features/schools/dialog-hooks.ts";
import { SUBSCRIPTION_STATUS_LABELS } from "../../../lib/labels.ts";

function BackToSchools() {
  return (
    <Link
      to="/super-admin/schools"
      className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-md border border-sky-300 sm:self-center bg-white px-3 py-1.5 text-sm font-medium text-sky-900 hover:bg-sky-100"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
      <Trans>Back to Schools</Trans>
    </Link>
  );
}

/**
 * `/super-admin/schools/:schoolId/view`: a school's admin dashboard as the platform's support sees
 * it. Read-only: nothing here changes anything. Opening it is a mutation only because the server
 * records each opening in the audit log; it is called once per school shown.
 */
export default function SupportViewPage() {
  const { t } = useLingui();
  const { schoolId = "" } = useParams();
  const view = useOpenSupportView();
  const { mutate } = view;
  // One opening (one audit row) per school, also under StrictMode's double effects.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (schoolId === "" || opened.current === schoolId) return;
    opened.current = schoolId;
    mutate({ schoolId });
  }, [schoolId, mutate]);
  const name = view.data?.school.name;
  usePageTitle(name ? t`${name} (support view) · SchoolRide` : t`Support view · SchoolRide`);

  if (view.isError || schoolId === "") {
    return (
      <div className="space-y-4">
        <ErrorState>
          <Trans>Failed to load this school.</Trans>
        </ErrorState>
        <Link
          to="/super-admin/schools"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          <Trans>Back to Schools</Trans>
        </Link>
      </div>
    );
  }
  // Idle only for the moment before the effect runs, or while the response of a previous school shows.
  if (!view.data || view.variables?.schoolId !== schoolId) return <Loading label={t`Loading school dashboard…`} />;

  const { school, trips, activeParents } = view.data;
  const plan = school.plan ? PLANS[school.plan].name : null;
  const schoolName = school.name;
  const status = SUBSCRIPTION_STATUS_LABELS[school.subscriptionStatus];
  return (
    <section aria-labelledby="support-view-title">
      <div
        role="note"
        className="mb-6 flex flex-col gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sky-950 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-2 text-sm">
          <Eye aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <Trans>
              <strong>Support view — read-only.</strong> You are viewing {schoolName}'s dashboard as the platform's
              support. Nothing can be changed here.
            </Trans>
          </span>
        </p>
        <BackToSchools />
      </div>

      <h1 id="support-view-title" className="text-2xl font-bold text-ink">
        <Trans>{schoolName} Dashboard</Trans>
      </h1>
      <p className="mt-1 text-slate-600">
        <Trans>What the school's administrators see on their dashboard.</Trans>
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t`School code`}
          value={<span dir="ltr">{school.code}</span>}
          detail={t`Parents may enter it when they log in.`}
        />
        <StatCard label={t`Trips`} value={trips} />
        <StatCard label={t`Active parents`} value={activeParents} />
        <StatCard
          label={t`Subscription`}
          value={status ?? school.subscriptionStatus}
          detail={plan ? t`${plan} plan` : t`No plan yet`}
        />
      </div>
    </section>
  );
}
