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
import { type IconFeature, IconFeatureGrid } from "../../components/site/IconFeatureGrid.tsx";
import { SiteSection } from "../../components/site/SiteSection.tsx";
import { buttonOnDark, buttonPrimary, container } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";

const FEATURES: readonly IconFeature[] = [
  {
    icon: Route,
    title: "Route Optimisation",
    text: "Plan efficient routes and pick-up points so every bus runs full, on time and with the shortest ride for children.",
  },
  {
    icon: MapPin,
    title: "Real-Time Tracking",
    text: "See where each bus is right now. Parents know when to head to the stop and schools know when everyone has arrived.",
  },
  {
    icon: Bell,
    title: "Instant Notifications",
    text: "Send delays, route changes and reminders to the right families in seconds, by e-mail and in the parent app.",
  },
  {
    icon: CreditCard,
    title: "Secure Payments",
    text: "Invoice families and accept card payments through Stripe. Card details never touch your school's systems.",
  },
  {
    icon: ChartColumn,
    title: "Analytics & Reporting",
    text: "Track ridership, punctuality and revenue with clear reports that help you plan the next term with confidence.",
  },
  {
    icon: ClipboardCheck,
    title: "Attendance Tracking",
    text: "Record who boarded and who got off, so staff and parents always know every child is accounted for.",
  },
];

const STATS = [
  { value: "500+", label: "Schools" },
  { value: "50,000+", label: "Students Daily" },
  { value: "95%", label: "Parent Satisfaction" },
] as const;

const TESTIMONIALS = [
  {
    quote:
      "Since we moved to SchoolRide our morning runs are calmer and our office phone is quiet. Routes, invoices and parent messages all live in one place.",
    name: "Anna Lindqvist",
    role: "School Principal",
    org: "Hillside Primary School",
  },
  {
    quote:
      "I get a message the moment the bus is running late, and paying for the term takes a minute. I finally stopped worrying about the school run.",
    name: "David Okafor",
    role: "Parent",
    org: "Father of two",
  },
  {
    quote:
      "Route optimisation cut two buses from our timetable without longer rides for the children. The attendance records alone were worth the switch.",
    name: "Maria Svensson",
    role: "Transport Manager",
    org: "Westbrook School District",
  },
] as const;

/** Public home page (`/`). */
export default function HomePage() {
  usePageTitle("SchoolRide · Safe, simple school transportation");

  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden bg-ink text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-32 size-[28rem] rounded-full bg-brand-500/20 blur-3xl"
        />
        <div className={`${container} relative py-20 sm:py-28`}>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">
            <ShieldCheck aria-hidden="true" className="size-4" />
            School transport management
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Safe, simple school transportation <span className="text-brand-500">for every family</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">
            SchoolRide brings routes, live bus tracking, parent notifications and payments together in one place, so
            schools run smoother and parents know their children are safe.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/get-started" className={`${buttonPrimary} px-6 py-3 text-base`}>
              Get Started
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link to="/services" className={`${buttonOnDark} px-6 py-3 text-base`}>
              Learn More
            </Link>
          </div>
        </div>
      </section>

      {/* Statistics */}
      <section aria-labelledby="stats-heading" className="border-b border-slate-200 bg-brand-50">
        <div className={`${container} py-12`}>
          <h2 id="stats-heading" className="sr-only">
            SchoolRide in numbers
          </h2>
          <dl className="grid gap-8 text-center sm:grid-cols-3">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-base font-medium text-slate-700">{stat.label}</dt>
                <dd className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* Mission */}
      <section aria-labelledby="mission-heading" className={`${container} py-20`}>
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Our mission</p>
            <h2 id="mission-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              Every child, safely to school and back home
            </h2>
          </div>
          <div className="space-y-4 text-lg leading-relaxed text-slate-700">
            <p>
              Getting children to school should never be a daily worry. We build tools that make school transport
              reliable for the people who run it and transparent for the families who depend on it.
            </p>
            <p className="flex gap-3">
              <HeartHandshake aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700" />
              <span>
                Each school&apos;s data stays its own, payments are handled securely, and we design every screen to work
                on the phone a parent has in their pocket.
              </span>
            </p>
          </div>
        </div>
      </section>

      {/* Features */}
      <SiteSection
        headingId="features-heading"
        eyebrow="Features"
        title="Everything your school transport needs"
        text="One platform for the transport office, the drivers and the parents."
        band
      >
        <IconFeatureGrid items={FEATURES} look="card" />
      </SiteSection>

      {/* Testimonials */}
      <SiteSection headingId="testimonials-heading" eyebrow="Testimonials" title="Trusted by schools and families">
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Quote aria-hidden="true" className="size-8 text-brand-500" />
                <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
                  <p>&ldquo;{t.quote}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-6 border-t border-slate-100 pt-4">
                  <span className="block font-semibold text-ink">{t.name}</span>
                  <span className="block text-sm text-slate-600">
                    {t.role}, {t.org}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </SiteSection>

      {/* Call to action */}
      <section aria-labelledby="cta-heading" className="bg-brand-500">
        <div
          className={`${container} flex flex-col items-start gap-6 py-16 md:flex-row md:items-center md:justify-between`}
        >
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-ink">
              Ready to modernise your school transport?
            </h2>
            <p className="mt-2 text-lg text-ink/80">Register your school in minutes and get your team on board.</p>
          </div>
          <Link
            to="/get-started"
            className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-ink px-6 py-3 text-base font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            Get Started
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </section>
    </>
  );
}
