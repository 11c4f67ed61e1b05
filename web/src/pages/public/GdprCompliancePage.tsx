import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";

const SECTIONS: readonly LegalSection[] = [
  {
    heading: "Our Role",
    body: [
      "For the personal data that schools manage in SchoolRide (administrators, parents and children), the school is the data controller and SchoolRide acts as its data processor under a data processing agreement. For our own customer relationship (school registration, billing and support) SchoolRide is the controller.",
    ],
  },
  {
    heading: "Lawful Bases for Processing",
    body: [
      "We process personal data only when we have a lawful basis under Article 6 GDPR:",
      [
        "Contract: to provide the service a school has subscribed to and the accounts its users have accepted.",
        "Legal obligation: to keep accounting records such as payment records.",
        "Legitimate interests: to keep the platform secure, prevent fraud and keep audit logs.",
        "Consent: for optional communications such as our newsletter, which you can withdraw at any time.",
      ],
    ],
  },
  {
    heading: "Your Data Subject Rights",
    body: [
      "You have the following rights over your personal data:",
      [
        "Right of access: get a copy of the data we hold about you.",
        "Right to rectification: have inaccurate or incomplete data corrected.",
        "Right to erasure: have your data deleted when there is no legal reason to keep it.",
        "Right to data portability: receive your data in a structured, machine-readable format.",
        "Right to object: object to processing based on legitimate interests, and ask us to restrict processing.",
      ],
    ],
  },
  {
    heading: "How to Exercise Your Rights",
    body: [
      <>
        Contact your school, or e-mail us at <MailLink address="dpo@schoolride.example" />. We will verify your
        identity, answer within one month and provide data exports within 30 days. If you are not satisfied with our
        answer, you can complain to the Swedish Authority for Privacy Protection (IMY) or your local supervisory
        authority.
      </>,
    ],
  },
  {
    heading: "Data Processors",
    body: [
      "We use a small number of carefully selected sub-processors, each bound by a data processing agreement:",
      [
        "Cloudflare: application hosting, networking and security.",
        "Turso: database hosting.",
        "Stripe: subscription and invoice payments.",
        "Resend: delivery of transactional e-mail.",
      ],
      "Where data is transferred outside the EU/EEA, it is protected by the European Commission's Standard Contractual Clauses or an adequacy decision.",
    ],
  },
  {
    heading: "Data Retention",
    body: [
      [
        "Payment records: 7 years, to meet accounting and tax law.",
        "Audit logs: 3 years, for security and accountability.",
        "Account and transport data: for as long as the school's subscription is active, then deleted after any requested export.",
      ],
    ],
  },
  {
    heading: "Security Measures",
    body: [
      "We protect personal data with encryption in transit, hashed passwords, HttpOnly session cookies, strict separation of each school's data, rate limiting and audit logging. We will notify affected schools and the supervisory authority of a personal data breach within 72 hours where required.",
    ],
  },
  {
    heading: "Data Protection Officer",
    body: [
      <>
        Our Data Protection Officer can be reached at <MailLink address="dpo@schoolride.example" /> or by post at
        SchoolRide, Gothenburg, Sweden.
      </>,
    ],
  },
];

/** Public GDPR compliance page (`/gdpr-compliance`). */
export default function GdprCompliancePage() {
  return (
    <LegalPage
      title="GDPR Compliance"
      lastUpdated="January 2025"
      intro="SchoolRide is based in Sweden and built to comply with the EU General Data Protection Regulation (GDPR). This page explains how we protect personal data and how you can exercise your rights."
      sections={SECTIONS}
    />
  );
}
