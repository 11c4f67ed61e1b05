import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";
import { PAGE_TEXTS } from "../../components/site/page-texts.ts";

/** Public cookie policy (`/cookie-policy`). */
export default function CookiePolicyPage() {
  const { i18n } = useI18n();
  const { t } = useLingui();
  const sections: readonly LegalSection[] = [
    {
      id: "what-are-cookies",
      heading: t`What Are Cookies`,
      body: [
        t`Cookies are small text files that a website stores in your browser. They let the site remember information between page loads, such as the fact that you are signed in.`,
      ],
    },
    {
      id: "cookies-we-use",
      heading: t`Cookies We Use`,
      body: [
        t`We use only strictly necessary cookies. SchoolRide sets a single session cookie when you sign in:`,
        [
          t`Purpose: keeps you signed in and protects your account. It contains a random session token, never your password or personal details.`,
          t`It is HttpOnly, so scripts in the page cannot read it; it is only sent over secure connections and never to other websites (SameSite=Lax).`,
          t`Duration: for administrators it expires with your browser session; for parents it lasts at most 30 days, and for school administrators who choose remember me at most 14 days. Signing out deletes it at once.`,
        ],
        t`Because this cookie is strictly necessary for the service to work, it does not require consent.`,
      ],
    },
    {
      id: "no-advertising-or-tracking-cookies",
      heading: t`No Advertising or Tracking Cookies`,
      body: [
        t`We do not use advertising cookies, tracking cookies or third-party analytics, and we do not share browsing data with advertisers.`,
      ],
    },
    {
      id: "third-party-cookies",
      heading: t`Third-Party Cookies`,
      body: [
        t`When you pay a subscription or an invoice you are taken to Stripe's checkout pages. Stripe sets its own cookies on its checkout pages, for example to prevent fraud; these are governed by Stripe's own cookie and privacy policies.`,
      ],
    },
    {
      id: "how-to-control-cookies",
      heading: t`How to Control Cookies`,
      body: [
        t`You can view and delete cookies in your browser settings, and most browsers let you block cookies altogether. If you block the session cookie you will not be able to sign in to SchoolRide, but the public pages of this website will keep working.`,
      ],
    },
    {
      id: "contact-us",
      heading: t`Contact Us`,
      body: [
        <Trans key="contact">
          Questions about cookies can be sent to <MailLink address="privacy@schoolride.example" />.
        </Trans>,
      ],
    },
  ];
  return (
    <LegalPage
      title={t`Cookie Policy`}
      documentTitle={i18n._(PAGE_TEXTS["/cookie-policy"].title)}
      lastUpdated="2025-01"
      intro={t`This policy explains how SchoolRide uses cookies on this website and in the app.`}
      sections={sections}
    />
  );
}
