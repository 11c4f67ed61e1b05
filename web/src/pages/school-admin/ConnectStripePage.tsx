import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, CircleAlert, CircleDashed, Landmark, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CONNECT_STATUS_LABELS, type ConnectStatus, requirementLabels } from "#shared/connect-status.ts";
import { bpsToPercent } from "#shared/fees.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { Button } from "../../components/ui/form.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ErrorState, Loading } from "../../components/ui/states.tsx";
import {
  useConnectStatus,
  useReplacePayoutAccount,
  useStartConnectOnboarding,
  useSyncConnectStatus,
} from "../../features/connect/hooks.ts";
import { sharedText } from "../../i18n/shared-texts.ts";

const STATUS_TONES: Record<ConnectStatus, Tone> = {
  not_started: "slate",
  onboarding_incomplete: "amber",
  requirements_due: "red",
  charges_enabled: "green",
};

const ACTION_LABELS: Record<ConnectStatus, MessageDescriptor> = {
  not_started: msg`Connect with Stripe`,
  onboarding_incomplete: msg`Continue onboarding`,
  requirements_due: msg`Continue onboarding`,
  charges_enabled: msg`Update details on Stripe`,
};

const secondary =
  "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60";

function Check({ done, children }: { done: boolean; children: string }) {
  const { t } = useLingui();
  const Icon = done ? CheckCircle2 : CircleDashed;
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" className={`h-5 w-5 shrink-0 ${done ? "text-green-600" : "text-slate-400"}`} />
      <span className={done ? "text-ink" : "text-slate-600"}>
        {t`${children}:`} <strong>{done ? t`Yes` : t`Not yet`}</strong>
      </span>
    </li>
  );
}

/**
 * `/school-admin/connect-stripe`: the Connect gate's page. Explains why, shows the
 * account's status, sends the admin to Stripe's onboarding (`?onboarding=refresh` mints a new link
 * and goes), and on `?onboarding=return` asks the server, which reads the account from Stripe.
 */
export default function ConnectStripePage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const [params, setParams] = useSearchParams();
  const onboarding = params.get("onboarding");
  const status = useConnectStatus();
  const start = useStartConnectOnboarding();
  const sync = useSyncConnectStatus();
  const replace = useReplacePayoutAccount();
  const [confirmReplace, setConfirmReplace] = useState(false);
  const handled = useRef(false);

  usePageTitle(t`Stripe Payments · SchoolRide`);

  // The return and refresh URLs act once, then leave the address bar clean.
  useEffect(() => {
    if (handled.current || (onboarding !== "return" && onboarding !== "refresh")) return;
    handled.current = true;
    if (onboarding === "return") sync.mutate();
    else start.mutate();
    setParams({}, { replace: true });
  }, [onboarding, sync, start, setParams]);

  if (status.isPending || start.isPending)
    return <Loading label={start.isPending ? t`Opening Stripe…` : t`Loading…`} />;
  if (status.isError)
    return (
      <ErrorState>
        <Trans>Failed to load your Stripe account.</Trans>
      </ErrorState>
    );
  const view = status.data;
  const requirements = requirementLabels(view.requirementsDue);
  const fee = bpsToPercent(view.platformFeeBps);
  const { accountId } = view;

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <PageHeader title={t`Stripe Payments`} subtitle={view.schoolName} />

      <section aria-labelledby="why-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex items-center gap-3">
          <Landmark aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
          <h2 id="why-title" className="text-lg font-semibold text-ink">
            <Trans>Why connect a Stripe account?</Trans>
          </h2>
        </div>
        <p className="mt-2 text-slate-700">
          <Trans>
            Parents pay your invoices and field trips in SchoolRide. The money goes straight to your school's own Stripe
            account, minus SchoolRide's platform fee of <strong>{fee}%</strong> per payment; Stripe then pays it out to
            your bank.
          </Trans>
        </p>
        {!view.connected ? (
          <p className="mt-2 text-sm text-slate-600">
            <Trans>Trips, notifications and invoices open as soon as your account is connected.</Trans>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="status-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="status-title" className="text-lg font-semibold text-ink">
            <Trans>Account status</Trans>
          </h2>
          <span data-testid="connect-status">
            <Badge tone={STATUS_TONES[view.status]}>{sharedText(CONNECT_STATUS_LABELS[view.status])}</Badge>
          </span>
        </div>
        {sync.isPending ? (
          <p role="status" className="mt-3 text-sm text-slate-600">
            <Trans>Checking your account with Stripe…</Trans>
          </p>
        ) : null}
        {view.accountId ? (
          <>
            <ul className="mt-4 space-y-2">
              <Check done={view.detailsSubmitted}>{t`Onboarding details submitted`}</Check>
              <Check done={view.chargesEnabled}>{t`Charges enabled`}</Check>
              <Check done={view.payoutsEnabled}>{t`Payouts enabled`}</Check>
            </ul>
            <p className="mt-3 text-xs break-all text-slate-500">
              <Trans>
                Stripe account <span dir="ltr">{accountId}</span>
              </Trans>
            </p>
          </>
        ) : (
          <p className="mt-3 text-slate-700">
            <Trans>
              Your school has no Stripe account yet. Connecting takes a few minutes on Stripe's secure pages.
            </Trans>
          </p>
        )}
        {requirements.length > 0 ? (
          <div role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
            <p className="flex items-center gap-2 font-semibold">
              <CircleAlert aria-hidden="true" className="h-5 w-5 shrink-0" />{" "}
              <Trans>Stripe needs more information</Trans>
            </p>
            <ul className="mt-2 list-disc space-y-1 ps-6 text-sm">
              {requirements.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ul>
            <p className="mt-2 text-sm">
              <Trans>Parents cannot pay until these are provided.</Trans>
            </p>
          </div>
        ) : null}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {view.status === "charges_enabled" ? (
            <Link
              to="/school-admin"
              className="inline-flex items-center justify-center rounded-md bg-brand-500 px-4 py-2 font-semibold text-ink shadow-sm hover:bg-brand-600"
            >
              <Trans>Go to your dashboard</Trans>
            </Link>
          ) : (
            <Button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
              {i18n._(ACTION_LABELS[view.status])}
            </Button>
          )}
          {view.accountId ? (
            <button type="button" className={secondary} onClick={() => sync.mutate()} disabled={sync.isPending}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" /> <Trans>Check status</Trans>
            </button>
          ) : null}
        </div>
      </section>

      {view.accountId && view.connected ? (
        <section aria-labelledby="payout-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="payout-title" className="text-lg font-semibold text-ink">
            <Trans>Payout account</Trans>
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            <Trans>
              To receive payments in another Stripe account, replace this one. You will confirm it's you, then onboard
              the new account; parents cannot pay until it is done.
            </Trans>
          </p>
          <button
            type="button"
            className={`${secondary} mt-4 w-full sm:w-auto`}
            onClick={() => setConfirmReplace(true)}
            disabled={replace.isPending}
          >
            <Trans>Change payout account</Trans>
          </button>
          <ConfirmDialog
            open={confirmReplace}
            onOpenChange={setConfirmReplace}
            title={t`Change payout account?`}
            message={t`A new Stripe account replaces the current one. Payments stop until the new account finishes onboarding.`}
            confirmLabel={t`Replace account`}
            busy={replace.isPending}
            onConfirm={() => {
              setConfirmReplace(false);
              replace.mutate({ currentAccountId: view.accountId! });
            }}
          />
        </section>
      ) : null}
    </div>
  );
}
