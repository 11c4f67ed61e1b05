import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";
import { PAGE_TEXTS } from "../../components/site/page-texts.ts";

/** Public privacy policy (`/privacy-policy`). */
export default function PrivacyPolicyPage() {
  const { i18n } = useI18n();
  const { t } = useLingui();
  const sections: readonly LegalSection[] = [
    {
      id: "information-we-collect",
      heading: t`Information We Collect`,
      body: [
        t`We collect only the information needed to run school transport safely:`,
        [
          t`School details: name, type, address, number of pupils and buses, and contact details.`,
          t`Account details of school administrators and parents: name, e-mail address, phone number, position and a securely hashed password.`,
          t`Children's details provided by their school or parents: name, grade, pick-up and drop-off information and emergency contacts.`,
          t`Transport and billing records: trips, enrolments, notifications, invoices and payment status.`,
          t`Technical data: sign-in times, browser type and security logs.`,
        ],
        t`We never receive or store full card numbers; card payments are handled by Stripe.`,
      ],
    },
    {
      id: "how-we-use-your-information",
      heading: t`How We Use Your Information`,
      body: [
        t`We use your information to provide and improve the service: to plan and run trips, send transport notifications, issue invoices and process payments, manage accounts and invitations, provide support and keep the platform secure. We do not sell your data and we do not use it for advertising.`,
      ],
    },
    {
      id: "information-sharing",
      heading: t`Information Sharing`,
      body: [
        t`We share information only with the school you belong to and with the service providers who help us run SchoolRide, under written data processing agreements:`,
        [
          t`Stripe, for subscription and invoice payments.`,
          t`Resend, for sending e-mail.`,
          t`Cloudflare and Turso, for hosting and data storage.`,
        ],
        t`We may disclose information when the law requires it, for example to respond to a valid request from a public authority.`,
      ],
    },
    {
      id: "school-data-isolation",
      heading: t`School Data Isolation`,
      body: [
        t`Each school's data is kept logically separate. Every request is checked on our servers against the school of the signed-in user, so administrators and parents can see only their own school's records. Platform staff access school data only when needed to support or secure the service, and such access is recorded in the audit log.`,
      ],
    },
    {
      id: "data-security",
      heading: t`Data Security`,
      body: [
        t`We protect your information with encryption in transit (HTTPS), salted and hashed passwords, secure HttpOnly session cookies, rate limiting of sign-in attempts and audit logging of important actions. Access to production systems is limited to the people who need it. No system is perfectly secure, but we review and improve our safeguards regularly.`,
      ],
    },
    {
      id: "your-gdpr-rights",
      heading: t`Your GDPR Rights`,
      body: [
        t`Under the General Data Protection Regulation you have the right to:`,
        [
          t`Access the personal data we hold about you.`,
          t`Have inaccurate data corrected (rectification).`,
          t`Have your data erased where there is no legal reason to keep it.`,
          t`Receive your data in a portable, machine-readable format.`,
          t`Object to or ask us to restrict certain processing.`,
          t`Lodge a complaint with a supervisory authority, such as the Swedish Authority for Privacy Protection (IMY).`,
        ],
      ],
    },
    {
      id: "data-retention",
      heading: t`Data Retention`,
      body: [
        t`We keep personal data only as long as your account is active or as the law requires:`,
        [
          t`Payment records are kept for 7 years to meet accounting and tax obligations.`,
          t`Audit logs are kept for 3 years for security and accountability.`,
          t`When an account or school subscription ends, you can request an export of your data, which we provide within 30 days; other data is then deleted or anonymised.`,
        ],
      ],
    },
    {
      id: "childrens-privacy",
      heading: t`Children's Privacy`,
      body: [
        t`SchoolRide is not directed at children, and children under 13 cannot create accounts. Information about children is provided by their school or by their parents or guardians, who confirm they have the authority and parental consent to share it. Parents can review, correct or ask for deletion of their child's information at any time through their school or by contacting us.`,
      ],
    },
    {
      id: "contact-us",
      heading: t`Contact Us`,
      body: [
        <Trans key="contact">
          If you have questions about this policy or want to exercise your rights, e-mail{" "}
          <MailLink address="privacy@schoolride.example" /> or write to SchoolRide, Gothenburg, Sweden.
        </Trans>,
      ],
    },
  ];
  return (
    <LegalPage
      title={t`Privacy Policy`}
      documentTitle={i18n._(PAGE_TEXTS["/privacy-policy"].title)}
      lastUpdated="2025-01"
      intro={t`This policy explains what personal information SchoolRide collects when schools, administrators and parents use our school transport platform, how we use it and the choices you have.`}
      sections={sections}
    />
  );
}
