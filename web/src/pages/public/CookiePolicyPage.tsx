import LegalPage, { type LegalSection, MailLink } from "../../components/site/LegalPage.tsx";

const SECTIONS: readonly LegalSection[] = [
  {
    heading: "What Are Cookies",
    body: [
      "Cookies are small text files that a website stores in your browser. They let the site remember information between page loads, such as the fact that you are signed in.",
    ],
  },
  {
    heading: "Cookies We Use",
    body: [
      "We use only strictly necessary cookies. SchoolRide sets a single session cookie when you sign in:",
      [
        "Purpose: keeps you signed in and protects your account. It contains a random session token, never your password or personal details.",
        "It is HttpOnly, so scripts in the page cannot read it; it is only sent over secure connections and never to other websites (SameSite=Lax).",
        "Duration: for administrators it expires with your browser session; for parents it lasts at most 30 days, and for school administrators who choose remember me at most 14 days. Signing out deletes it at once.",
      ],
      "Because this cookie is strictly necessary for the service to work, it does not require consent.",
    ],
  },
  {
    heading: "No Advertising or Tracking Cookies",
    body: [
      "We do not use advertising cookies, tracking cookies or third-party analytics, and we do not share browsing data with advertisers.",
    ],
  },
  {
    heading: "Third-Party Cookies",
    body: [
      "When you pay a subscription or an invoice you are taken to Stripe's checkout pages. Stripe sets its own cookies on its checkout pages, for example to prevent fraud; these are governed by Stripe's own cookie and privacy policies.",
    ],
  },
  {
    heading: "How to Control Cookies",
    body: [
      "You can view and delete cookies in your browser settings, and most browsers let you block cookies altogether. If you block the session cookie you will not be able to sign in to SchoolRide, but the public pages of this website will keep working.",
    ],
  },
  {
    heading: "Contact Us",
    body: [
      <>
        Questions about cookies can be sent to <MailLink address="privacy@schoolride.example" />.
      </>,
    ],
  },
];

/** Public cookie policy (`/cookie-policy`). */
export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      lastUpdated="January 2025"
      intro="This policy explains how SchoolRide uses cookies on this website and in the app."
      sections={SECTIONS}
    />
  );
}
