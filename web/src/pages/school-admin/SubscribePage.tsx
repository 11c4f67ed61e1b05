import { CreditCard } from "lucide-react";
import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router";
import { PLANS } from "#shared/plans.ts";
import { Button } from "../../components/ui/form.tsx";
import { ErrorState, Loading } from "../../components/ui/states.tsx";
import { useOpenBillingPortal, useRestartSubscription, useSubscriptionStatus } from "../../features/billing/hooks.ts";
import { SUBSCRIPTION_STATUS_LABELS } from "../../lib/labels.ts";

/**
 * `/school-admin/subscribe`: where a school admin lands while the school's subscription is not
 * active or trialing. Restart it through Checkout, or repair it in the billing portal.
 */
export default function SubscribePage() {
  const [params] = useSearchParams();
  const returning = params.get("checkout") === "success";
  const { status, active } = useSubscriptionStatus(returning);

  useEffect(() => {
    document.title = "Subscription · SchoolRide";
  }, []);

  const checkout = useRestartSubscription();
  const portal = useOpenBillingPortal();

  if (status.isPending) return <Loading />;
  if (status.isError) return <ErrorState>Failed to load your subscription.</ErrorState>;
  if (active && !returning) return <Navigate to="/school-admin" replace />;
  const plan = PLANS[status.data.plan];

  return (
    <section aria-labelledby="subscribe-title" className="max-w-2xl">
      <h1 id="subscribe-title" className="text-2xl font-bold text-ink">
        Subscription
      </h1>
      {active ? (
        <div role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          Your subscription is active again.{" "}
          <a href="/school-admin" className="font-semibold underline">
            Go to your dashboard
          </a>
        </div>
      ) : (
        <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-5">
          <p className="font-semibold text-amber-900">
            {status.data.schoolName}'s subscription is{" "}
            {SUBSCRIPTION_STATUS_LABELS[status.data.status] ?? status.data.status}.
          </p>
          <p className="mt-1 text-sm text-amber-900">
            {returning
              ? "Confirming your payment…"
              : "Trips, notifications, invoices and parents are available again as soon as the subscription is active."}
          </p>
        </div>
      )}
      {!active ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <CreditCard aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <h2 className="text-lg font-semibold text-ink">
              {plan.name} plan · ${plan.priceCents / 100}/month
            </h2>
          </div>
          <p className="mt-1 text-sm text-slate-600">{plan.limits}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Button type="button" onClick={() => checkout.mutate()} disabled={checkout.isPending}>
              {checkout.isPending ? "Opening checkout…" : "Restart Subscription"}
            </Button>
            {status.data.hasBillingAccount ? (
              <button
                type="button"
                onClick={() => portal.mutate()}
                disabled={portal.isPending}
                className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                {portal.isPending ? "Opening…" : "Manage Billing"}
              </button>
            ) : null}
          </div>
          <p className="mt-3 text-xs text-slate-500">
            Payments are processed securely by Stripe. SchoolRide never sees your card details.
          </p>
        </div>
      ) : null}
    </section>
  );
}
