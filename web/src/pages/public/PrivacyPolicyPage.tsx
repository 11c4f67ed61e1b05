import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";

const SECTIONS: readonly LegalSection[] = [
  {
    heading: "Information We Collect",
    body: [
      "We collect only the information needed to run school transport safely:",
      [
        "School details: name, type, address, number of pupils and buses, and contact details.",
        "Account details of school administrators and parents: name, e-mail address, phone number, position and a securely hashed password.",
        "Children's details provided by their school or parents: name, grade, pick-up and drop-off information and emergency contacts.",
        "Transport and billing records: trips, enrolments, notifications, invoices and payment status.",
        "Technical data: sign-in times, browser type and security logs.",
      ],
      "We never receive or store full card numbers; card payments are handled by Stripe.",
    ],
  },
  {
    heading: "How We Use Your Information",
    body: [
      "We use your information to provide and improve the service: to plan and run trips, send transport notifications, issue invoices and process payments, manage accounts and invitations, provide support and keep the platform secure. We do not sell your data and we do not use it for advertising.",
    ],
  },
  {
    heading: "Information Sharing",
    body: [
      "We share information only with the school you belong to and with the service providers who help us run SchoolRide, under written data processing agreements:",
      [
        "Stripe, for subscription and invoice payments.",
        "Resend, for sending e-mail.",
        "Cloudflare and Turso, for hosting and data storage.",
      ],
      "We may disclose information when the law requires it, for example to respond to a valid request from a public authority.",
    ],
  },
  {
    heading: "School Data Isolation",
    body: [
      "Each school's data is kept logically separate. Every request is checked on our servers against the school of the signed-in user, so administrators and parents can see only their own school's records. Platform staff access school data only when needed to support or secure the service, and such access is recorded in the audit log.",
    ],
  },
  {
    heading: "Data Security",
    body: [
      "We protect your information with encryption in transit (HTTPS), salted and hashed passwords, secure HttpOnly session cookies, rate limiting of sign-in attempts and audit logging of important actions. Access to production systems is limited to the people who need it. No system is perfectly secure, but we review and improve our safeguards regularly.",
    ],
  },
  {
    heading: "Your GDPR Rights",
    body: [
      "Under the General Data Protection Regulation you have the right to:",
      [
        "Access the personal data we hold about you.",
        "Have inaccurate data corrected (rectification).",
        "Have your data erased where there is no legal reason to keep it.",
        "Receive your data in a portable, machine-readable format.",
        "Object to or ask us to restrict certain processing.",
        "Lodge a complaint with a supervisory authority, such as the Swedish Authority for Privacy Protection (IMY).",
      ],
    ],
  },
  {
    heading: "Data Retention",
    body: [
      "We keep personal data only as long as your account is active or as the law requires:",
      [
        "Payment records are kept for 7 years to meet accounting and tax obligations.",
        "Audit logs are kept for 3 years for security and accountability.",
        "When an account or school subscription ends, you can request an export of your data, which we provide within 30 days; other data is then deleted or anonymised.",
      ],
    ],
  },
  {
    heading: "Children's Privacy",
    body: [
      "SchoolRide is not directed at children, and children under 13 cannot create accounts. Information about children is provided by their school or by their parents or guardians, who confirm they have the authority and parental consent to share it. Parents can review, correct or ask for deletion of their child's information at any time through their school or by contacting us.",
    ],
  },
  {
    heading: "Contact Us",
    body: [
      <>
        If you have questions about this policy or want to exercise your rights, e-mail{" "}
        <MailLink address="privacy@schoolride.example" /> or write to SchoolRide, Gothenburg, Sweden.
      </>,
    ],
  },
];

/** Public privacy policy (`/privacy-policy`). */
export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated="January 2025"
      intro="This policy explains what personal information SchoolRide collects when schools, administrators and parents use our school transport platform, how we use it and the choices you have."
      sections={SECTIONS}
    />
  );
}
