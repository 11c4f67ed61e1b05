import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";
import { PAGE_TEXTS } from "../../components/site/page-texts.ts";

/** Public GDPR compliance page (`/gdpr-compliance`). */
export default function GdprCompliancePage() {
  const { i18n } = useI18n();
  const { t } = useLingui();
  const sections: readonly LegalSection[] = [
    {
      id: "our-role",
      heading: t`Our Role`,
      body: [
        t`For the personal data that schools manage in SchoolRide (administrators, parents and children), the school is the data controller and SchoolRide acts as its data processor under a data processing agreement. For our own customer relationship (school registration, billing and support) SchoolRide is the controller.`,
      ],
    },
    {
      id: "lawful-bases-for-processing",
      heading: t`Lawful Bases for Processing`,
      body: [
        t`We process personal data only when we have a lawful basis under Article 6 GDPR:`,
        [
          t`Contract: to provide the service a school has subscribed to and the accounts its users have accepted.`,
          t`Legal obligation: to keep accounting records such as payment records.`,
          t`Legitimate interests: to keep the platform secure, prevent fraud and keep audit logs.`,
          t`Consent: for optional communications such as our newsletter, which you can withdraw at any time.`,
        ],
      ],
    },
    {
      id: "your-data-subject-rights",
      heading: t`Your Data Subject Rights`,
      body: [
        t`You have the following rights over your personal data:`,
        [
          t`Right of access: get a copy of the data we hold about you.`,
          t`Right to rectification: have inaccurate or incomplete data corrected.`,
          t`Right to erasure: have your data deleted when there is no legal reason to keep it.`,
          t`Right to data portability: receive your data in a structured, machine-readable format.`,
          t`Right to object: object to processing based on legitimate interests, and ask us to restrict processing.`,
        ],
      ],
    },
    {
      id: "how-to-exercise-your-rights",
      heading: t`How to Exercise Your Rights`,
      body: [
        <Trans key="contact">
          Contact your school, or e-mail us at <MailLink address="dpo@schoolride.example" />. We will verify your
          identity, answer within one month and provide data exports within 30 days. If you are not satisfied with our
          answer, you can complain to the Swedish Authority for Privacy Protection (IMY) or your local supervisory
          authority.
        </Trans>,
      ],
    },
    {
      id: "data-processors",
      heading: t`Data Processors`,
      body: [
        t`We use a small number of carefully selected sub-processors, each bound by a data processing agreement:`,
        [
          t`Cloudflare: application hosting, networking and security.`,
          t`Turso: database hosting.`,
          t`Stripe: subscription and invoice payments.`,
          t`Resend: delivery of transactional e-mail.`,
        ],
        t`Where data is transferred outside the EU/EEA, it is protected by the European Commission's Standard Contractual Clauses or an adequacy decision.`,
      ],
    },
    {
      id: "data-retention",
      heading: t`Data Retention`,
      body: [
        [
          t`Payment records: 7 years, to meet accounting and tax law.`,
          t`Audit logs: 3 years, for security and accountability.`,
          t`Account and transport data: for as long as the school's subscription is active, then deleted after any requested export.`,
        ],
      ],
    },
    {
      id: "security-measures",
      heading: t`Security Measures`,
      body: [
        t`We protect personal data with encryption in transit, hashed passwords, HttpOnly session cookies, strict separation of each school's data, rate limiting and audit logging. We will notify affected schools and the supervisory authority of a personal data breach within 72 hours where required.`,
      ],
    },
    {
      id: "data-protection-officer",
      heading: t`Data Protection Officer`,
      body: [
        <Trans key="contact">
          Our Data Protection Officer can be reached at <MailLink address="dpo@schoolride.example" /> or by post at
          SchoolRide, Gothenburg, Sweden.
        </Trans>,
      ],
    },
  ];
  return (
    <LegalPage
      title={t`GDPR Compliance`}
      documentTitle={i18n._(PAGE_TEXTS["/gdpr-compliance"].title)}
      lastUpdated="2025-01"
      intro={t`SchoolRide is based in Sweden and built to comply with the EU General Data Protection Regulation (GDPR). This page explains how we protect personal data and how you can exercise your rights.`}
      sections={sections}
    />
  );
}
