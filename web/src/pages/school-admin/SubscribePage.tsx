import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CreditCard } from "lucide-react";
import { Navigate, useSearchParams } from "react-router";
import { PLANS } from "#shared/plans.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Button } from "../../components/ui/form.tsx";
import { ErrorState, Loading } from "../../components/ui/states.tsx";
import { useOpenBillingPortal, useRestartSubscription, useSubscriptionStatus } from "../../features/billing/hooks.ts";
import { PLAN_LIMITS } from "../../features/billing/plan-limits.ts";
import { SUBSCRIPTION_STATUS_LABELS } from "../../lib/labels.ts";

/**
 * `/school-admin/subscribe`: where a school admin lands while the school's subscription is not
 * active or trialing. Restart it through Checkout, or repair it in the billing portal.
 */
export default function SubscribePage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const [params] = useSearchParams();
  const returning = params.get("checkout") === "success";
  const { status, active } = useSubscriptionStatus(returning);

  usePageTitle(t`Subscription · SchoolRide`);

  const checkout = useRestartSubscription();
  const portal = useOpenBillingPortal();

  if (status.isPending) return <Loading />;
  if (status.isError)
    return (
      <ErrorState>
        <Trans>Failed to load your subscription.</Trans>
      </ErrorState>
    );
  if (active && !returning) return <Navigate to="/school-admin" replace />;
  const plan = PLANS[status.data.plan];
  const schoolName = status.data.schoolName;
  const state = SUBSCRIPTION_STATUS_LABELS[status.data.status] ?? status.data.status;
  const planName = plan.name;
  // The plans are priced in US dollars, written the reader's way (no decimals for a whole amount).
  const price = i18n.number(plan.priceCents / 100, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: plan.priceCents % 100 === 0 ? 0 : 2,
  });

  return (
    <section aria-labelledby="subscribe-title" className="max-w-2xl">
      <h1 id="subscribe-title" className="text-2xl font-bold text-ink">
        <Trans>Subscription</Trans>
      </h1>
      {active ? (
        <div role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          <Trans>Your subscription is active again.</Trans>{" "}
          <a href="/school-admin" className="font-semibold underline">
            <Trans>Go to your dashboard</Trans>
          </a>
        </div>
      ) : (
        <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-5">
          <p className="font-semibold text-amber-900">
            <Trans>
              {schoolName}'s subscription is {state}.
            </Trans>
          </p>
          <p className="mt-1 text-sm text-amber-900">
            {returning
              ? t`Confirming your payment…`
              : t`Trips, notifications, invoices and parents are available again as soon as the subscription is active.`}
          </p>
        </div>
      )}
      {!active ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <CreditCard aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <h2 className="text-lg font-semibold text-ink">
              <Trans>
                {planName} plan · {price}/month
              </Trans>
            </h2>
          </div>
          <p className="mt-1 text-sm text-slate-600">{PLAN_LIMITS[status.data.plan]}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button type="button" onClick={() => checkout.mutate()} disabled={checkout.isPending}>
              {checkout.isPending ? t`Opening checkout…` : t`Restart Subscription`}
            </Button>
            {status.data.hasBillingAccount ? (
              <button
                type="button"
                onClick={() => portal.mutate()}
                disabled={portal.isPending}
                className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                {portal.isPending ? t`Opening…` : t`Manage Billing`}
              </button>
            ) : null}
          </div>
          <p className="mt-3 text-xs text-slate-500">
            <Trans>Payments are processed securely by Stripe. SchoolRide never sees your card details.</Trans>
          </p>
        </div>
      ) : null}
    </section>
  );
}
