import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type LucideIcon, Mail, MapPin, Phone, Send } from "lucide-react";
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { EMAIL_MAX_LENGTH } from "#shared/limits.ts";
import { GENERIC_ERROR_MESSAGE } from "../../lib/generic-error.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { notify } from "../../lib/toast.ts";
import { SiteLogo } from "./SiteLogo.tsx";
import { container } from "./ui.ts";

// Server data loads after the page: the public pages' first paint needs no data layer.
const SupportEmail = lazy(() =>
  import("../../features/site/footer-data.tsx").then((module) => ({ default: module.SupportEmail })),
);

const QUICK_LINKS = [
  { to: "/", label: msg`Home` },
  { to: "/services", label: msg`What We Do` },
  { to: "/get-started", label: msg`Get Started` },
  { to: "/login", label: msg`Log In` },
] as const;

const LEGAL_LINKS = [
  { to: "/privacy-policy", label: msg`Privacy Policy` },
  { to: "/terms-of-service", label: msg`Terms of Service` },
  { to: "/gdpr-compliance", label: msg`GDPR Compliance` },
  { to: "/cookie-policy", label: msg`Cookie Policy` },
] as const;

/** Something@something.tld without spaces; the server checks it again. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const footerLink =
  "rounded-sm text-slate-300 underline-offset-2 hover:text-white hover:underline focus-visible:outline-brand-500";
const footerHeading = "text-sm font-semibold tracking-wide text-white uppercase";

function NewsletterForm() {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Until the page comes to life, Subscribe (and Enter) cannot post the address natively, into the URL.
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the field itself (it is not controlled): on a prerendered page, what was typed
    // before the page came to life is kept by hydration and sent.
    const value = (input.current?.value ?? "").trim();
    if (!value || value.length > 254 || !EMAIL_PATTERN.test(value)) {
      setError(t`Please enter a valid email address`);
      input.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    import("../../features/site/footer-data.tsx")
      .then(({ subscribeNewsletter }) => subscribeNewsletter(value))
      .catch(() => GENERIC_ERROR_MESSAGE)
      .then((failure) => {
        setPending(false);
        if (failure) return notify("error", t`Subscription Failed`, failure);
        notify("success", t`Subscribed`, t`Thanks! You're on the list.`);
        if (input.current) input.current.value = "";
      });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-3" aria-busy={pending}>
      <p id={hintId} className="text-sm text-slate-300">
        <Trans>Product news and safety tips for schools, about once a month. Unsubscribe at any time.</Trans>
      </p>
      {/* Worded "e-mail" so it does not collide with the "Email" field of the login forms in the same layout. */}
      <label htmlFor={inputId} className="block text-sm font-medium text-white">
        <Trans>Your e-mail address</Trans>
      </label>
      <input
        ref={input}
        id={inputId}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX_LENGTH}
        required
        placeholder="you@school.example"
        dir="ltr"
        defaultValue=""
        onChange={() => {
          if (error) setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        className={`block w-full rounded-lg border bg-slate-800 px-3 py-2.5 text-sm text-white placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-brand-500 ${
          error ? "border-red-400" : "border-slate-600"
        }`}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending || !hydrated}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 py-2.5 text-sm font-semibold text-ink hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-70"
      >
        <Send aria-hidden="true" className="size-4" />
        {pending ? t`Subscribing…` : t`Subscribe`}
      </button>
    </form>
  );
}

/** Until the settings arrive (or if they cannot), the default support address. */
const DEFAULT_SUPPORT_EMAIL = "support@schoolride.example";

function LinkList({
  links,
  className,
}: {
  links: readonly { to: string; label: MessageDescriptor }[];
  className: string;
}) {
  const { i18n } = useI18n();
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={footerLink}>
            {i18n._(link.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A column's heading; the column names itself after it (`aria-labelledby`). */
function ColumnHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className={footerHeading}>
      {children}
    </h2>
  );
}

function ContactLine({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-500" />
      {children}
    </p>
  );
}

/** Public site footer: quick links, contact details, newsletter and legal links. */
export default function SiteFooter() {
  const { t } = useLingui();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-ink text-slate-300">
      <div className={`${container} grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4`}>
        <div className="space-y-4">
          <SiteLogo className="text-white" />
          <p className="text-sm leading-relaxed">
            <Trans>
              Safe, simple school transportation: routes, tracking, notifications and payments for schools and parents.
            </Trans>
          </p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <ColumnHeading id="footer-quick-links">
            <Trans>Quick Links</Trans>
          </ColumnHeading>
          <LinkList links={QUICK_LINKS} className="mt-4 space-y-2 text-sm" />
        </nav>

        <section aria-labelledby="footer-contact">
          <ColumnHeading id="footer-contact">
            <Trans>Contact</Trans>
          </ColumnHeading>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <ContactLine icon={Mail}>
              <Suspense
                fallback={
                  <a href={`mailto:${DEFAULT_SUPPORT_EMAIL}`} className={`${footerLink} break-all`}>
                    {DEFAULT_SUPPORT_EMAIL}
                  </a>
                }
              >
                <SupportEmail fallback={DEFAULT_SUPPORT_EMAIL} className={`${footerLink} break-all`} />
              </Suspense>
            </ContactLine>
            <ContactLine icon={Phone}>
              <a href="tel:+46311234567" dir="ltr" className={footerLink}>
                +46 31 123 45 67
              </a>
            </ContactLine>
            <ContactLine icon={MapPin}>
              <span>
                <Trans>Gothenburg, Sweden</Trans>
              </span>
            </ContactLine>
          </address>
        </section>

        <section aria-labelledby="footer-newsletter">
          <ColumnHeading id="footer-newsletter">
            <Trans>Newsletter</Trans>
          </ColumnHeading>
          <div className="mt-4">
            <NewsletterForm />
          </div>
        </section>
      </div>

      <div className="border-t border-slate-800">
        <div className={`${container} flex flex-col gap-4 py-6 text-sm md:flex-row md:items-center md:justify-between`}>
          {/* Prerendered at build time: the year may have turned since. */}
          <p suppressHydrationWarning>
            <Trans>© {year} SchoolRide. All rights reserved.</Trans>
          </p>
          <nav aria-label={t`Legal`}>
            <LinkList links={LEGAL_LINKS} className="flex flex-wrap gap-x-6 gap-y-2" />
          </nav>
        </div>
      </div>
    </footer>
  );
}
