import { i18n } from "@lingui/core";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Info, Lock, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { busLimit, PLANS, planFor } from "#shared/plans.ts";
import { REGISTRATION_MESSAGES } from "#shared/registration-constants.ts";
import { PLAN_LIMITS } from "../../features/billing/plan-limits.ts";
import { PLAN_FEATURES } from "../../features/registrations/plan-features.ts";
import { activeLocale } from "../../i18n/i18n.ts";
import { StepActions } from "./StepActions.tsx";
import { StepForm } from "./StepForm.tsx";
import { errorNotice, formatPrice, type WizardControls } from "./wizard.ts";

export type RegistrationSummary = {
  schoolName: string;
  adminFullName: string;
  adminEmail: string;
  pupilCount: number;
  busCount: number;
};

/**
 * Step 4: the plan (the pupil count's, or a larger one when the buses exceed its limit, which is
 * then explained), the summary, and the way to Stripe's checkout. Loaded when reached.
 */
export function PaymentStep({ wizard, summary }: { wizard: WizardControls; summary: RegistrationSummary }) {
  const { t } = useLingui();
  const count = new Intl.NumberFormat(LOCALE_TAGS[activeLocale()]);
  const [redirecting, setRedirecting] = useState(false);

  function submit() {
    if (wizard.pending || redirecting) return;
    const id = wizard.pendingRegistration();
    if (!id) return;
    void wizard.run("checkout", REGISTRATION_MESSAGES.checkoutFailedRetry, async (calls) => {
      const result = await calls.startCheckout(id);
      if (!result.ok) return wizard.setMessage(errorNotice(result.message));
      const url: string | undefined = result.data?.checkout_url;
      if (typeof url !== "string" || url === "")
        return wizard.setMessage(errorNotice(REGISTRATION_MESSAGES.checkoutFailedRetry));
      setRedirecting(true);
      window.location.assign(url);
    });
  }

  const pupils = t`${plural(summary.pupilCount, { one: "# pupil", other: "# pupils" })}`;
  const buses = t`${plural(summary.busCount, { one: "# bus", other: "# buses" })}`;
  const planId = planFor(summary);
  // Plan names are product names, the same in every language.
  const limit = busLimit(summary);
  const busCount = limit?.buses;
  const limitPlan = limit?.limitPlan;
  const maxBuses = limit?.maxBuses;
  const fitPlan = limit?.plan;
  const busNote = limit
    ? t`${busCount} buses exceed the ${limitPlan} plan's limit of ${maxBuses} buses, so your registration uses the ${fitPlan} plan, which fits them.`
    : null;
  const plan = PLANS[planId];
  const popular = planId === "professional";

  return (
    <StepForm onSubmit={submit} className="mt-6 space-y-6">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <section
          aria-labelledby="plan-heading"
          className={`relative rounded-xl bg-white p-5 sm:p-6 ${popular ? "border-2 border-brand-500 shadow-md" : "border border-slate-200 shadow-sm"}`}
        >
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            <Trans>Your plan</Trans>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h3 id="plan-heading" className="text-xl font-bold text-ink">
              {plan.name}
            </h3>
            {popular ? (
              <span className="rounded-full bg-brand-500 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-ink uppercase">
                <Trans>Most Popular</Trans>
              </span>
            ) : null}
          </div>
          <p className="mt-3 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-ink">{formatPrice(plan.priceCents)}</span>
            <span className="font-medium text-slate-600">
              <Trans>per month</Trans>
            </span>
          </p>
          <p className="mt-2 text-sm text-slate-700">{PLAN_LIMITS[planId]}</p>
          <p className="mt-1 text-sm text-slate-500">
            <Trans>
              Chosen for {pupils} and {buses}.
            </Trans>
          </p>
          {busNote ? (
            <p
              role="note"
              className="mt-3 flex gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-ink"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {busNote}
            </p>
          ) : null}

          <h4 className="mt-5 text-sm font-semibold text-ink">
            <Trans>Included features</Trans>
          </h4>
          <ul className="mt-2 space-y-2">
            {PLAN_FEATURES[planId].map((feature) => (
              <li key={feature.id} className="flex gap-2 text-sm text-slate-700">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                {i18n._(feature)}
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="summary-heading"
          className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
        >
          <h3 id="summary-heading" className="text-lg font-semibold text-ink">
            <Trans>Registration summary</Trans>
          </h3>
          <dl className="mt-3 divide-y divide-slate-200 text-sm">
            <div className="py-2.5">
              <dt className="font-medium text-slate-600">
                <Trans>School</Trans>
              </dt>
              <dd className="mt-0.5 wrap-anywhere text-ink">{summary.schoolName}</dd>
            </div>
            <div className="py-2.5">
              <dt className="font-medium text-slate-600">
                <Trans>Administrator</Trans>
              </dt>
              <dd className="mt-0.5 wrap-anywhere text-ink">
                {summary.adminFullName}
                <span dir="ltr" className="block text-slate-600">
                  {summary.adminEmail}
                </span>
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="font-medium text-slate-600">
                <Trans>Students</Trans>
              </dt>
              <dd className="text-ink">{count.format(summary.pupilCount)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="font-medium text-slate-600">
                <Trans>Buses</Trans>
              </dt>
              <dd className="text-ink">{count.format(summary.busCount)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <div className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
        <div>
          <p className="font-semibold text-ink">
            <Trans>Secure payment</Trans>
          </p>
          <p className="mt-1">
            <Trans>
              Payments are processed securely by Stripe. SchoolRide never sees or stores your card details. After your
              payment, our team reviews your registration and e-mails you when your school is approved.
            </Trans>
          </p>
        </div>
      </div>

      <StepActions
        label={t`Proceed to Secure Payment`}
        pendingLabel={t`Redirecting to secure payment…`}
        pending={wizard.pending === "checkout" || redirecting}
        onPrevious={wizard.onPrevious}
        icon={Lock}
      />
    </StepForm>
  );
}
