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
import { type IconFeature, IconFeatureGrid } from "../../components/site/IconFeatureGrid.tsx";
import { PageHero } from "../../components/site/PageHero.tsx";
import { SiteSection } from "../../components/site/SiteSection.tsx";
import { buttonPrimary, buttonSecondary } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";

const SERVICES: readonly IconFeature[] = [
  {
    icon: Route,
    title: "Route Optimisation",
    text: "Build routes and stops around where your pupils live, and keep ride times short as enrolment changes.",
  },
  {
    icon: MapPin,
    title: "Real-Time Tracking",
    text: "Follow every trip as it happens, from the first pick-up to the last drop-off.",
  },
  {
    icon: Bell,
    title: "Notifications",
    text: "Reach all parents, one route or a single family with delays, changes and reminders.",
  },
  {
    icon: CreditCard,
    title: "Secure Payments",
    text: "Issue invoices and collect transport fees online, paid out directly to your school through Stripe.",
  },
  {
    icon: ChartColumn,
    title: "Analytics",
    text: "Understand ridership, punctuality and income with reports you can share with your board.",
  },
  {
    icon: ClipboardCheck,
    title: "Attendance Tracking",
    text: "Know which children rode each trip, with a record you can rely on when questions come up.",
  },
];

interface Audience {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  points: readonly string[];
}

const AUDIENCES: readonly Audience[] = [
  {
    id: "for-schools",
    icon: School,
    title: "For Schools",
    intro: "Run your whole transport operation from one dashboard, without spreadsheets or phone trees.",
    points: [
      "Schedule trips, routes and field trips for the whole year",
      "Invite parents and staff with secure, expiring invitations",
      "Send notifications to everyone or to selected families",
      "Create invoices and get paid online",
    ],
  },
  {
    id: "for-parents",
    icon: Users,
    title: "For Parents",
    intro: "Everything about your children's school transport, on your phone.",
    points: [
      "Keep your children's details and emergency contacts up to date",
      "Get notified about delays and changes straight away",
      "See upcoming trips and enrol in field trips",
      "View and pay invoices securely by card",
    ],
  },
  {
    id: "for-administrators-and-drivers",
    icon: Bus,
    title: "For Administrators & Drivers",
    intro: "Clear daily routes and the right information at the right time.",
    points: [
      "Up-to-date trip schedules with stops and times",
      "Attendance lists for every trip",
      "Emergency contacts for every child on board",
      "A full audit trail of who changed what and when",
    ],
  },
];

const STEPS: readonly IconFeature[] = [
  {
    icon: School,
    title: "Register your school",
    text: "Tell us about your school, its pupils and buses, and who will administer the account.",
  },
  {
    icon: MailCheck,
    title: "Verify your email",
    text: "Enter the 6-digit code we send to the administrator's e-mail address.",
  },
  {
    icon: ShieldCheck,
    title: "Subscribe securely",
    text: "Accept the terms and pay your monthly subscription through Stripe's secure checkout.",
  },
  {
    icon: UserPlus,
    title: "Get approved & invite your team",
    text: "Once our team approves your school, sign in and invite your administrators and parents.",
  },
];

interface Plan {
  name: string;
  price: string;
  summary: string;
  features: readonly string[];
  popular?: boolean;
  cta: { label: string; to?: string; href?: string };
}

const PLANS: readonly Plan[] = [
  {
    name: "Starter",
    price: "$199",
    summary: "For smaller schools getting started.",
    features: [
      "Up to 5 buses",
      "Up to 200 students",
      "Route optimisation",
      "Real-time tracking",
      "Parent notifications",
      "Attendance tracking",
      "Secure online payments",
      "E-mail support",
    ],
    cta: { label: "Get Started", to: "/get-started" },
  },
  {
    name: "Professional",
    price: "$399",
    summary: "For growing schools with several routes.",
    popular: true,
    features: [
      "Up to 15 buses",
      "Up to 600 students",
      "Everything in Starter",
      "Advanced reporting and analytics",
      "Priority support",
    ],
    cta: { label: "Get Started", to: "/get-started" },
  },
  {
    name: "Enterprise",
    price: "$799",
    summary: "For large schools and school groups.",
    features: [
      "Unlimited buses",
      "Unlimited students",
      "Everything in Professional",
      "Custom integrations",
      "API access",
      "Dedicated account manager",
    ],
    cta: { label: "Contact Sales", href: "mailto:sales@schoolride.example" },
  },
];

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  const buttonClass = `${plan.popular ? buttonPrimary : buttonSecondary} mt-8 w-full py-3`;
  return (
    <li
      className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ${plan.popular ? "border-2 border-brand-500 shadow-lg" : "border border-slate-200"}`}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-500 px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-ink uppercase">
          Most Popular
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold text-ink">
        {plan.name}
      </h3>
      <p className="mt-2 text-slate-600">{plan.summary}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink">{plan.price}</span>
        <span className="text-base font-medium text-slate-600">/month</span>
      </p>
      <ul className="mt-8 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.cta.href ? (
        <a href={plan.cta.href} className={buttonClass}>
          <Mail aria-hidden="true" className="size-4" />
          {plan.cta.label}
        </a>
      ) : (
        <Link to={plan.cta.to ?? "/get-started"} className={buttonClass}>
          {plan.cta.label}
          <span className="sr-only"> with the {plan.name} plan</span>
        </Link>
      )}
    </li>
  );
}

/** Public services and pricing page (`/services`). */
export default function ServicesPage() {
  usePageTitle("What We Do · SchoolRide");

  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="What We Do"
        lead="SchoolRide is a complete school transport platform. We help schools plan and run their buses, keep parents informed and collect transport fees, all with the safety of every child at the centre."
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/get-started" className={buttonPrimary}>
            Get Started
          </Link>
          <a href="#pricing" className={buttonSecondary}>
            See Pricing
          </a>
        </div>
      </PageHero>

      <SiteSection
        headingId="services-heading"
        eyebrow="Services"
        title="One platform for school transport"
        text="The tools your transport office uses every day, and the information families need."
      >
        <IconFeatureGrid items={SERVICES} look="inline" />
      </SiteSection>

      <SiteSection
        headingId="audiences-heading"
        eyebrow="Who it's for"
        title="Built for everyone on the route"
        text="Each person sees what they need and nothing they shouldn't: every school's data is kept separate."
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
                {title}
              </h3>
              <p className="mt-2 text-slate-700">{intro}</p>
              <ul className="mt-6 space-y-3">
                {points.map((point) => (
                  <li key={point} className="flex gap-3 text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    {point}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </SiteSection>

      <SiteSection
        headingId="how-heading"
        eyebrow="Getting started"
        title="How It Works"
        text="From registration to your first trip in four simple steps."
      >
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-2xl border border-slate-200 bg-white p-6">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-9 place-items-center rounded-full bg-brand-500 text-sm font-bold text-ink"
                >
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-5 text-brand-700" />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-ink">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </SiteSection>

      <SiteSection
        headingId="pricing-heading"
        eyebrow="Pricing"
        title="Simple, transparent pricing"
        text="One monthly subscription per school, billed in advance. Your plan follows the number of pupils you register: up to 200 is Starter, 201 to 600 is Professional and more than 600 is Enterprise."
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
          Prices are in US dollars per school per month. Payments are processed securely by Stripe.
        </p>
      </SiteSection>
    </>
  );
}
