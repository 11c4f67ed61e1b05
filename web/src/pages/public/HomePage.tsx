import { msg } from "@lingui/core/macro";
import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ArrowRight,
  Bell,
  ChartColumn,
  ClipboardCheck,
  CreditCard,
  HeartHandshake,
  MapPin,
  Quote,
  Route,
  ShieldCheck,
} from "lucide-react";
import { Link } from "react-router";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { type IconFeature, IconFeatureGrid } from "../../components/site/IconFeatureGrid.tsx";
import { PAGE_TEXTS } from "../../components/site/page-texts.ts";
import { SiteSection } from "../../components/site/SiteSection.tsx";
import { buttonOnDark, buttonPrimary, container } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { activeLocale } from "../../i18n/i18n.ts";

const FEATURES: readonly IconFeature[] = [
  {
    icon: Route,
    title: msg`Route Optimisation`,
    text: msg`Plan efficient routes and pick-up points so every bus runs full, on time and with the shortest ride for children.`,
  },
  {
    icon: MapPin,
    title: msg`Real-Time Tracking`,
    text: msg`See where each bus is right now. Parents know when to head to the stop and schools know when everyone has arrived.`,
  },
  {
    icon: Bell,
    title: msg`Instant Notifications`,
    text: msg`Send delays, route changes and reminders to the right families in seconds, by e-mail and in the parent app.`,
  },
  {
    icon: CreditCard,
    title: msg`Secure Payments`,
    text: msg`Invoice families and accept card payments through Stripe. Card details never touch your school's systems.`,
  },
  {
    icon: ChartColumn,
    title: msg`Analytics & Reporting`,
    text: msg`Track ridership, punctuality and revenue with clear reports that help you plan the next term with confidence.`,
  },
  {
    icon: ClipboardCheck,
    title: msg`Attendance Tracking`,
    text: msg`Record who boarded and who got off, so staff and parents always know every child is accounted for.`,
  },
];

/** The figures, formatted in the reader's language ("50,000+", "50 000+", "٥٠٬٠٠٠+"). */
const STATS = [
  { value: 500, plus: true, label: msg`Schools` },
  { value: 50_000, plus: true, label: msg`Students Daily` },
  { value: 0.95, plus: false, label: msg`Parent Satisfaction` },
] as const;

const TESTIMONIALS = [
  {
    quote: msg`Since we moved to SchoolRide our morning runs are calmer and our office phone is quiet. Routes, invoices and parent messages all live in one place.`,
    name: msg({ message: "Anna Lindqvist", comment: "A person's name: keep it, or write it in your script" }),
    role: msg`School Principal`,
    org: msg`Hillside Primary School`,
  },
  {
    quote: msg`I get a message the moment the bus is running late, and paying for the term takes a minute. I finally stopped worrying about the school run.`,
    name: msg({ message: "David Okafor", comment: "A person's name: keep it, or write it in your script" }),
    role: msg`Parent`,
    org: msg`Father of two`,
  },
  {
    quote: msg`Route optimisation cut two buses from our timetable without longer rides for the children. The attendance records alone were worth the switch.`,
    name: msg({ message: "Maria Svensson", comment: "A person's name: keep it, or write it in your script" }),
    role: msg`Transport Manager`,
    org: msg`Westbrook School District`,
  },
] as const;

/** Public home page (`/`). */
export default function HomePage() {
  const { i18n } = useI18n();
  const { t } = useLingui();
  usePageTitle(i18n._(PAGE_TEXTS["/"].title));
  const number = new Intl.NumberFormat(LOCALE_TAGS[activeLocale()]);
  const percent = new Intl.NumberFormat(LOCALE_TAGS[activeLocale()], { style: "percent" });

  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden bg-ink text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -end-32 -top-32 size-[28rem] rounded-full bg-brand-500/20 blur-3xl"
        />
        <div className={`${container} relative py-20 sm:py-28`}>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">
            <ShieldCheck aria-hidden="true" className="size-4" />
            <Trans>School transport management</Trans>
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            <Trans>
              Safe, simple school transportation <span className="text-brand-500">for every family</span>
            </Trans>
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">
            <Trans>
              SchoolRide brings routes, live bus tracking, parent notifications and payments together in one place, so
              schools run smoother and parents know their children are safe.
            </Trans>
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/get-started" className={`${buttonPrimary} px-6 py-3 text-base`}>
              <Trans>Get Started</Trans>
              <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            </Link>
            <Link to="/services" className={`${buttonOnDark} px-6 py-3 text-base`}>
              <Trans>Learn More</Trans>
            </Link>
          </div>
        </div>
      </section>

      {/* Statistics */}
      <section aria-labelledby="stats-heading" className="border-b border-slate-200 bg-brand-50">
        <div className={`${container} py-12`}>
          <h2 id="stats-heading" className="sr-only">
            <Trans>SchoolRide in numbers</Trans>
          </h2>
          <dl className="grid gap-8 text-center sm:grid-cols-3">
            {STATS.map((stat) => (
              <div key={stat.label.id} className="flex flex-col-reverse gap-1">
                <dt className="text-base font-medium text-slate-700">{i18n._(stat.label)}</dt>
                <dd className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">
                  {stat.plus ? `${number.format(stat.value)}+` : percent.format(stat.value)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* Mission */}
      <section aria-labelledby="mission-heading" className={`${container} py-20`}>
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              <Trans>Our mission</Trans>
            </p>
            <h2 id="mission-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              <Trans>Every child, safely to school and back home</Trans>
            </h2>
          </div>
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            <p>
              <Trans>
                Getting children to school should never be a daily worry. We build tools that make school transport
                reliable for the people who run it and transparent for the families who depend on it.
              </Trans>
            </p>
            <p className="flex gap-3">
              <HeartHandshake aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700" />
              <span>
                <Trans>
                  Each school's data stays its own, payments are handled securely, and we design every screen to work on
                  the phone a parent has in their pocket.
                </Trans>
              </span>
            </p>
          </div>
        </div>
      </section>

      {/* Features */}
      <SiteSection
        headingId="features-heading"
        eyebrow={t`Features`}
        title={t`Everything your school transport needs`}
        text={t`One platform for the transport office, the drivers and the parents.`}
        band
      >
        <IconFeatureGrid items={FEATURES} look="card" />
      </SiteSection>

      {/* Testimonials */}
      <SiteSection
        headingId="testimonials-heading"
        eyebrow={t`Testimonials`}
        title={t`Trusted by schools and families`}
      >
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => {
            const [quote, role, org] = [i18n._(testimonial.quote), i18n._(testimonial.role), i18n._(testimonial.org)];
            return (
              <li key={testimonial.name.id}>
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <Quote aria-hidden="true" className="size-8 text-brand-500" />
                  <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
                    <p>{t`“${quote}”`}</p>
                  </blockquote>
                  <figcaption className="mt-6 border-t border-slate-100 pt-4">
                    <span className="block font-semibold text-ink">{i18n._(testimonial.name)}</span>
                    <span className="block text-sm text-slate-600">
                      <Trans>
                        {role}, {org}
                      </Trans>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </SiteSection>

      {/* Call to action */}
      <section aria-labelledby="cta-heading" className="bg-brand-500">
        <div
          className={`${container} flex flex-col items-start gap-6 py-16 md:flex-row md:items-center md:justify-between`}
        >
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-ink">
              <Trans>Ready to modernise your school transport?</Trans>
            </h2>
            <p className="mt-2 text-lg text-ink/80">
              <Trans>Register your school in minutes and get your team on board.</Trans>
            </p>
          </div>
          <Link
            to="/get-started"
            className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-ink px-6 py-3 text-base font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            <Trans>Get Started</Trans>
            <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </Link>
        </div>
      </section>
    </>
  );
}
