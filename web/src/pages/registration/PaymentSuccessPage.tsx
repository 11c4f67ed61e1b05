import { msg } from "@lingui/core/macro";
import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CheckCircle2, Clock, Loader2, type LucideIcon, SearchX } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonPrimary } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { useCheckoutStatus } from "../../features/registrations/hooks.ts";

/** "Confirming your payment..." shows for 2 seconds before the confirmation. */
const PAYMENT_SUCCESS_DELAY_MS = 2000;
/** How often the page asks whether Stripe's webhook has been processed. */
const POLL_INTERVAL_MS = 1000;
/** After this long without a confirmation, the page stops waiting on screen (it still checks, slower). */
const CONFIRMATION_TIMEOUT_MS = 20_000;
const SLOW_POLL_INTERVAL_MS = 5000;

const NEXT_STEPS = [
  msg`Our team will review your registration.`,
  msg`You'll receive an email within 1-2 business days.`,
  msg`Your login credentials will be sent to you after approval.`,
] as const;

const TONES = {
  brand: "bg-brand-100 text-brand-700",
  green: "bg-green-100 text-green-700",
  slate: "bg-slate-100 text-slate-700",
} as const;

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}

function Header({
  icon: Icon,
  tone,
  spin = false,
  title,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  spin?: boolean;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="text-center">
      <span className={`mx-auto mb-3 flex size-12 items-center justify-center rounded-full ${TONES[tone]}`}>
        <Icon aria-hidden="true" className={`size-6 ${spin ? "animate-spin" : ""}`} />
      </span>
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
    </div>
  );
}

function Reference({ sessionId }: { sessionId: string }) {
  const reference = sessionId.slice(-8);
  return (
    <p className="mt-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-center text-sm text-slate-600">
      <Trans>
        Payment reference:{" "}
        <span dir="ltr" className="font-mono font-semibold tracking-wider text-ink">
          {reference}
        </span>
      </Trans>
    </p>
  );
}

function ReturnHome() {
  return (
    <div className="mt-8 text-center">
      <Link to="/" className={buttonPrimary}>
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        <Trans>Return to Home</Trans>
      </Link>
    </div>
  );
}

/** `/payment/success?session_id=…`: where Stripe's checkout returns after a registration payment. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id")?.trim() ?? "";

  if (!sessionId) return <NoSession />;
  return <PaymentConfirmation key={sessionId} sessionId={sessionId} />;
}

function NoSession() {
  const { t } = useLingui();
  usePageTitle(t`No Payment Session · SchoolRide`);
  return (
    <Card>
      <div role="status">
        <Header icon={SearchX} tone="slate" title={t`No Payment Session`}>
          <p>
            <Trans>
              No payment session was given, so there is no payment to confirm. If you have just paid, please follow the
              link from the payment page again, or wait for our confirmation e-mail.
            </Trans>
          </p>
        </Header>
      </div>
      <ReturnHome />
    </Card>
  );
}

function PaymentConfirmation({ sessionId }: { sessionId: string }) {
  const { i18n } = useI18n();
  const { t } = useLingui();
  const [delayPassed, setDelayPassed] = useState(false);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    const delay = window.setTimeout(() => setDelayPassed(true), PAYMENT_SUCCESS_DELAY_MS);
    const timeout = window.setTimeout(() => setTimedOut(true), CONFIRMATION_TIMEOUT_MS);
    return () => {
      window.clearTimeout(delay);
      window.clearTimeout(timeout);
    };
  }, []);

  const status = useCheckoutStatus(sessionId, timedOut ? SLOW_POLL_INTERVAL_MS : POLL_INTERVAL_MS);

  const paid = status.data?.paid === true;
  const schoolName = status.data?.schoolName ?? null;
  const phase =
    status.data?.found === false ? "unknown" : delayPassed && paid ? "paid" : timedOut ? "waiting" : "confirming";

  usePageTitle(
    phase === "paid"
      ? t`Payment Successful · SchoolRide`
      : phase === "unknown"
        ? t`Payment Not Found · SchoolRide`
        : t`Confirming Payment · SchoolRide`,
  );

  return (
    <Card>
      {/* One live region: its heading changes from "Confirming…" to the outcome and is announced. */}
      <div role="status">
        {phase === "confirming" ? (
          <Header icon={Loader2} tone="brand" spin title={t`Confirming your payment...`}>
            <p>
              <Trans>This only takes a moment. Please don't close this page.</Trans>
            </p>
          </Header>
        ) : phase === "unknown" ? (
          <Header icon={SearchX} tone="slate" title={t`Payment Not Found`}>
            <p>
              <Trans>
                We could not find a payment for this link. Please check that you opened the whole link from the payment
                page. If you have just paid, you will receive our confirmation e-mail.
              </Trans>
            </p>
          </Header>
        ) : phase === "paid" ? (
          <Header icon={CheckCircle2} tone="green" title={t`Payment Successful!`}>
            <p>
              {schoolName ? (
                <Trans>
                  Thank you! Your payment for <strong className="font-semibold text-ink">{schoolName}</strong> has been
                  received.
                </Trans>
              ) : (
                <Trans>Thank you! Your payment has been received.</Trans>
              )}
            </p>
          </Header>
        ) : (
          <Header icon={Clock} tone="brand" title={t`We're still confirming your payment`}>
            <p>
              <Trans>
                This is taking a little longer than usual. There is no need to pay again: as soon as your payment is
                confirmed, we will send you an e-mail.
              </Trans>
            </p>
          </Header>
        )}
      </div>

      {phase === "paid" ? (
        <section aria-labelledby="next-steps-heading" className="mt-8">
          <h2 id="next-steps-heading" className="text-lg font-semibold text-ink">
            <Trans>What happens next</Trans>
          </h2>
          <ol className="mt-3 space-y-3">
            {NEXT_STEPS.map((text, index) => (
              <li key={text.id} className="flex gap-3 text-slate-700">
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
                >
                  {index + 1}
                </span>
                {i18n._(text)}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {phase !== "confirming" ? (
        <>
          <Reference sessionId={sessionId} />
          <ReturnHome />
        </>
      ) : null}
    </Card>
  );
}
