import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";

const SECTIONS: readonly LegalSection[] = [
  {
    heading: "Acceptance of Terms",
    body: [
      "By registering a school, accepting an invitation or otherwise using SchoolRide, you agree to these Terms of Service and to our Privacy Policy. If you use SchoolRide on behalf of a school, you confirm that you have the authority to bind that school to these terms. If you do not agree, do not use the service.",
    ],
  },
  {
    heading: "Description of Service",
    body: [
      "SchoolRide is a web-based platform for managing school transportation. It provides route planning and optimisation, trip scheduling, real-time tracking, notifications, attendance tracking, invoicing and secure online payments, and reporting for schools, school administrators and parents. We may improve or change features over time and will tell you in advance about material changes.",
    ],
  },
  {
    heading: "User Responsibilities",
    body: [
      "You agree to:",
      [
        "Provide accurate information and keep it up to date.",
        "Keep your password confidential and tell us at once about any unauthorised use of your account.",
        "Only add information about children and families that you are entitled to share.",
        "Use the service lawfully and not attempt to access other schools' data or disrupt the platform.",
      ],
    ],
  },
  {
    heading: "Payment Terms",
    body: [
      [
        "Subscriptions are billed monthly in advance. Prices are shown on our website and at checkout.",
        "We will give you at least 30 days notice of any price change before it takes effect.",
        "Billing disputes must be raised within 60 days of the charge.",
        "Payment records are kept for 7 years, as required for accounting and tax purposes.",
        "Payments are processed by Stripe; unpaid subscriptions may lead to suspension of the service.",
      ],
    ],
  },
  {
    heading: "Limitation of Liability",
    body: [
      "To the extent permitted by law, SchoolRide is not liable for indirect or consequential losses, such as lost profits or lost data. Our total liability for any claim is limited to the amounts you paid to us in the last 12 months before the event giving rise to the claim. SchoolRide supports transport operations but does not replace the school's own duty of care for children.",
    ],
  },
  {
    heading: "Service Availability",
    body: [
      "We aim for 99.9% uptime, measured monthly. Planned maintenance is announced in advance and scheduled outside school transport hours where possible. Outages caused by events beyond our reasonable control are not counted against this aim.",
    ],
  },
  {
    heading: "Termination",
    body: [
      [
        "Either party may terminate the subscription with 30 days notice.",
        "We may suspend or terminate access at once for serious breaches of these terms.",
        "After termination you can request an export of your school's data, which we provide within 30 days.",
        "Audit logs are kept for 3 years and payment records for 7 years after termination; other data is then deleted.",
      ],
    ],
  },
  {
    heading: "Governing Law",
    body: [
      "These terms are governed by the laws of Sweden. Any dispute arising from or in connection with these terms will be finally settled by arbitration in Gothenburg, Sweden.",
    ],
  },
  {
    heading: "Contact Information",
    body: [
      <>
        Questions about these terms can be sent to <MailLink address="legal@schoolride.example" />. Our postal address
        is SchoolRide, Gothenburg, Sweden.
      </>,
    ],
  },
];

/** Public terms of service (`/terms-of-service`). */
export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated="January 2025"
      intro="These terms govern the use of SchoolRide by schools, school administrators and parents. Please read them carefully."
      sections={SECTIONS}
    />
  );
}
