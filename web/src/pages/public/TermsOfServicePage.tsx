import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";
import { PAGE_TEXTS } from "../../components/site/page-texts.ts";

/** Public terms of service (`/terms-of-service`). */
export default function TermsOfServicePage() {
  const { i18n } = useI18n();
  const { t } = useLingui();
  const sections: readonly LegalSection[] = [
    {
      id: "acceptance-of-terms",
      heading: t`Acceptance of Terms`,
      body: [
        t`By registering a school, accepting an invitation or otherwise using SchoolRide, you agree to these Terms of Service and to our Privacy Policy. If you use SchoolRide on behalf of a school, you confirm that you have the authority to bind that school to these terms. If you do not agree, do not use the service.`,
      ],
    },
    {
      id: "description-of-service",
      heading: t`Description of Service`,
      body: [
        t`SchoolRide is a web-based platform for managing school transportation. It provides route planning and optimisation, trip scheduling, real-time tracking, notifications, attendance tracking, invoicing and secure online payments, and reporting for schools, school administrators and parents. We may improve or change features over time and will tell you in advance about material changes.`,
      ],
    },
    {
      id: "user-responsibilities",
      heading: t`User Responsibilities`,
      body: [
        t`You agree to:`,
        [
          t`Provide accurate information and keep it up to date.`,
          t`Keep your password confidential and tell us at once about any unauthorised use of your account.`,
          t`Only add information about children and families that you are entitled to share.`,
          t`Use the service lawfully and not attempt to access other schools' data or disrupt the platform.`,
        ],
      ],
    },
    {
      id: "payment-terms",
      heading: t`Payment Terms`,
      body: [
        [
          t`Subscriptions are billed monthly in advance. Prices are shown on our website and at checkout.`,
          t`We will give you at least 30 days notice of any price change before it takes effect.`,
          t`Billing disputes must be raised within 60 days of the charge.`,
          t`Payment records are kept for 7 years, as required for accounting and tax purposes.`,
          t`Payments are processed by Stripe; unpaid subscriptions may lead to suspension of the service.`,
        ],
      ],
    },
    {
      id: "limitation-of-liability",
      heading: t`Limitation of Liability`,
      body: [
        t`To the extent permitted by law, SchoolRide is not liable for indirect or consequential losses, such as lost profits or lost data. Our total liability for any claim is limited to the amounts you paid to us in the last 12 months before the event giving rise to the claim. SchoolRide supports transport operations but does not replace the school's own duty of care for children.`,
      ],
    },
    {
      id: "service-availability",
      heading: t`Service Availability`,
      body: [
        t`We aim for 99.9% uptime, measured monthly. Planned maintenance is announced in advance and scheduled outside school transport hours where possible. Outages caused by events beyond our reasonable control are not counted against this aim.`,
      ],
    },
    {
      id: "termination",
      heading: t`Termination`,
      body: [
        [
          t`Either party may terminate the subscription with 30 days notice.`,
          t`We may suspend or terminate access at once for serious breaches of these terms.`,
          t`After termination you can request an export of your school's data, which we provide within 30 days.`,
          t`Audit logs are kept for 3 years and payment records for 7 years after termination; other data is then deleted.`,
        ],
      ],
    },
    {
      id: "governing-law",
      heading: t`Governing Law`,
      body: [
        t`These terms are governed by the laws of Sweden. Any dispute arising from or in connection with these terms will be finally settled by arbitration in Gothenburg, Sweden.`,
      ],
    },
    {
      id: "contact-information",
      heading: t`Contact Information`,
      body: [
        <Trans key="contact">
          Questions about these terms can be sent to <MailLink address="legal@schoolride.example" />. Our postal address
          is SchoolRide, Gothenburg, Sweden.
        </Trans>,
      ],
    },
  ];
  return (
    <LegalPage
      title={t`Terms of Service`}
      documentTitle={i18n._(PAGE_TEXTS["/terms-of-service"].title)}
      lastUpdated="2025-01"
      intro={t`These terms govern the use of SchoolRide by schools, school administrators and parents. Please read them carefully.`}
      sections={sections}
    />
  );
}
