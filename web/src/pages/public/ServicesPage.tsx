import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Bell,
  Bus,
  ChartColumn,
  Check,
  ClipboardCheck,
  CreditCard,
  GraduationCap,
  type LucideIcon,
  Mail,
  MailCheck,
  MapPin,
  Route,
  School,
  ShieldCheck,
  UserPlus,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { type IconFeature, IconFeatureGrid } from "../../components/site/IconFeatureGrid.tsx";
import { PageHero } from "../../components/site/PageHero.tsx";
import { PAGE_TEXTS } from "../../components/site/page-texts.ts";
import { SiteSection } from "../../components/site/SiteSection.tsx";
import { buttonPrimary, buttonSecondary } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { activeLocale } from "../../i18n/i18n.ts";

const SERVICES: readonly IconFeature[] = [
  {
    icon: Route,
    title: msg`Route Optimisation`,
    text: msg`Build routes and stops around where your pupils live, and keep ride times short as enrolment changes.`,
  },
  {
    icon: MapPin,
    title: msg`Real-Time Tracking`,
    text: msg`Follow every trip as it happens, from the first pick-up to the last drop-off.`,
  },
  {
    icon: Bell,
    title: msg`Notifications`,
    text: msg`Reach all parents, one route or a single family with delays, changes and reminders.`,
  },
  {
    icon: CreditCard,
    title: msg`Secure Payments`,
    text: msg`Issue invoices and collect transport fees online, paid out directly to your school through Stripe.`,
  },
  {
    icon: ChartColumn,
    title: msg`Analytics`,
    text: msg`Understand ridership, punctuality and income with reports you can share with your board.`,
  },
  {
    icon: ClipboardCheck,
    title: msg`Attendance Tracking`,
    text: msg`Know which children rode each trip, with a record you can rely on when questions come up.`,
  },
];

interface Audience {
  id: string;
  icon: LucideIcon;
  title: MessageDescriptor;
  intro: MessageDescriptor;
  points: readonly MessageDescriptor[];
}

const AUDIENCES: readonly Audience[] = [
  {
    id: "for-schools",
    icon: School,
    title: msg`For Schools`,
    intro: msg`Run your whole transport operation from one dashboard, without spreadsheets or phone trees.`,
    points: [
      msg`Schedule trips, routes and field trips for the whole year`,
      msg`Invite parents and staff with secure, expiring invitations`,
      msg`Send notifications to everyone or to selected families`,
      msg`Create invoices and get paid online`,
    ],
  },
  {
    id: "for-parents",
    icon: Users,
    title: msg`For Parents`,
    intro: msg`Everything about your children's school transport, on your phone.`,
    points: [
      msg`Keep your children's details and emergency contacts up to date`,
      msg`Get notified about delays and changes straight away`,
      msg`See upcoming trips and enrol in field trips`,
      msg`View and pay invoices securely by card`,
    ],
  },
  {
    id: "for-administrators-and-drivers",
    icon: Bus,
    title: msg`For Administrators & Drivers`,
    intro: msg`Clear daily routes and the right information at the right time.`,
    points: [
      msg`Up-to-date trip schedules with stops and times`,
      msg`Attendance lists for every trip`,
      msg`Emergency contacts for every child on board`,
      msg`A full audit trail of who changed what and when`,
    ],
  },
];

const STEPS: readonly IconFeature[] = [
  {
    icon: School,
    title: msg`Register your school`,
    text: msg`Tell us about your school, its pupils and buses, and who will administer the account.`,
  },
  {
    icon: MailCheck,
    title: msg`Verify your email`,
    text: msg`Enter the 6-digit code we send to the administrator's e-mail address.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Subscribe securely`,
    text: msg`Accept the terms and pay your monthly subscription through Stripe's secure checkout.`,
  },
  {
    icon: UserPlus,
    title: msg`Get approved & invite your team`,
    text: msg`Once our team approves your school, sign in and invite your administrators and parents.`,
  },
];

interface Plan {
  id: "starter" | "professional" | "enterprise";
  /** The plan's name: a product name, the same in every language. */
  name: string;
  /** US dollars a month. */
  price: number;
  summary: MessageDescriptor;
  features: readonly MessageDescriptor[];
  popular?: boolean;
  cta: { to?: string; href?: string };
}

const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    price: 199,
    summary: msg`For smaller schools getting started.`,
    features: [
      msg`Up to 5 buses`,
      msg`Up to 200 students`,
      msg`Route optimisation`,
      msg`Real-time tracking`,
      msg`Parent notifications`,
      msg`Attendance tracking`,
      msg`Secure online payments`,
      msg`E-mail support`,
    ],
    cta: { to: "/get-started" },
  },
  {
    id: "professional",
    name: "Professional",
    price: 399,
    summary: msg`For growing schools with several routes.`,
    popular: true,
    features: [
      msg`Up to 15 buses`,
      msg`Up to 600 students`,
      msg`Everything in Starter`,
      msg`Advanced reporting and analytics`,
      msg`Priority support`,
    ],
    cta: { to: "/get-started" },
  },
  {
    id: "enterprise",
    name: "Enterprise",
    price: 799,
    summary: msg`For large schools and school groups.`,
    features: [
      msg`Unlimited buses`,
      msg`Unlimited students`,
      msg`Everything in Professional`,
      msg`Custom integrations`,
      msg`API access`,
      msg`Dedicated account manager`,
    ],
    cta: { href: "mailto:sales@schoolride.example" },
  },
];

function PlanCard({ plan }: { plan: Plan }) {
  const { i18n } = useI18n();
  const { t } = useLingui();
  const headingId = `plan-${plan.id}`;
  const name = plan.name;
  const price = new Intl.NumberFormat(LOCALE_TAGS[activeLocale()], {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  }).format(plan.price);
  const buttonClass = `${plan.popular ? buttonPrimary : buttonSecondary} mt-8 w-full py-3`;
  return (
    <li
      className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ${plan.popular ? "border-2 border-brand-500 shadow-lg" : "border border-slate-200"}`}
    >
      {plan.popular && (
        <p className="absolute inset-x-0 -top-3.5 mx-auto w-fit rounded-full bg-brand-500 px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-ink uppercase">
          <Trans>Most Popular</Trans>
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold text-ink">
        {plan.name}
      </h3>
      <p className="mt-2 text-slate-600">{i18n._(plan.summary)}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink">{price}</span>
        <span className="text-base font-medium text-slate-600">{t`/month`}</span>
      </p>
      <ul className="mt-8 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature.id} className="flex gap-3 text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {i18n._(feature)}
          </li>
        ))}
      </ul>
      {plan.cta.href ? (
        <a href={plan.cta.href} className={buttonClass}>
          <Mail aria-hidden="true" className="size-4" />
          <Trans>Contact Sales</Trans>
        </a>
      ) : (
        <Link to={plan.cta.to ?? "/get-started"} className={buttonClass}>
          <Trans>
            Get Started<span className="sr-only"> with the {name} plan</span>
          </Trans>
        </Link>
      )}
    </li>
  );
}

/** Public services and pricing page (`/services`). */
export default function ServicesPage() {
  const { i18n } = useI18n();
  const { t } = useLingui();
  usePageTitle(i18n._(PAGE_TEXTS["/services"].title));

  return (
    <>
      <PageHero
        eyebrow={t`Our services`}
        title={t`What We Do`}
        lead={t`SchoolRide is a complete school transport platform. We help schools plan and run their buses, keep parents informed and collect transport fees, all with the safety of every child at the centre.`}
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/get-started" className={buttonPrimary}>
            <Trans>Get Started</Trans>
          </Link>
          <a href="#pricing" className={buttonSecondary}>
            <Trans>See Pricing</Trans>
          </a>
        </div>
      </PageHero>

      <SiteSection
        headingId="services-heading"
        eyebrow={t`Services`}
        title={t`One platform for school transport`}
        text={t`The tools your transport office uses every day, and the information families need.`}
      >
        <IconFeatureGrid items={SERVICES} look="inline" />
      </SiteSection>

      <SiteSection
        headingId="audiences-heading"
        eyebrow={t`Who it's for`}
        title={t`Built for everyone on the route`}
        text={t`Each person sees what they need and nothing they shouldn't: every school's data is kept separate.`}
        band
      >
        <div className="mt-12 grid gap-6 lg:grid-cols-3">
          {AUDIENCES.map(({ id, icon: Icon, title, intro, points }) => (
            <section
              key={id}
              aria-labelledby={id}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-ink text-brand-500">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 id={id} className="mt-5 text-xl font-semibold text-ink">
                {i18n._(title)}
              </h3>
              <p className="mt-2 text-slate-700">{i18n._(intro)}</p>
              <ul className="mt-6 space-y-3">
                {points.map((point) => (
                  <li key={point.id} className="flex gap-3 text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    {i18n._(point)}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </SiteSection>

      <SiteSection
        headingId="how-heading"
        eyebrow={t`Getting started`}
        title={t`How It Works`}
        text={t`From registration to your first trip in four simple steps.`}
      >
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => {
            const step = index + 1;
            return (
              <li key={title.id} className="relative rounded-2xl border border-slate-200 bg-white p-6">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-9 place-items-center rounded-full bg-brand-500 text-sm font-bold text-ink"
                  >
                    {step.toLocaleString(LOCALE_TAGS[activeLocale()])}
                  </span>
                  <Icon aria-hidden="true" className="size-5 text-brand-700" />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-ink">
                  <span className="sr-only">
                    <Trans>Step {step}:</Trans>{" "}
                  </span>
                  {i18n._(title)}
                </h3>
                <p className="mt-2 leading-relaxed text-slate-700">{i18n._(text)}</p>
              </li>
            );
          })}
        </ol>
      </SiteSection>

      <SiteSection
        headingId="pricing-heading"
        eyebrow={t`Pricing`}
        title={t`Simple, transparent pricing`}
        text={t`One monthly subscription per school, billed in advance. Your plan follows the number of pupils you register: up to 200 is Starter, 201 to 600 is Professional and more than 600 is Enterprise.`}
        band
        id="pricing"
        className="scroll-mt-20"
      >
        <ul className="mt-16 grid gap-8 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </ul>
        <p className="mt-10 flex items-center gap-2 text-sm text-slate-600">
          <GraduationCap aria-hidden="true" className="size-4 shrink-0" />
          <Trans>Prices are in US dollars per school per month. Payments are processed securely by Stripe.</Trans>
        </p>
      </SiteSection>
    </>
  );
}
