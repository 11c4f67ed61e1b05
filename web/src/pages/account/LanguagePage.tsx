import { Trans, useLingui } from "@lingui/react/macro";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { useSession } from "../../lib/session.ts";
import { LanguageChoice } from "./LanguageCard.tsx";

/**
 * `/driver/language` and `/super-admin/language`: the person's own language, on a page of its own
 * (a driver's and a super admin's area has no My Account). Phone first for the driver: one short
 * form, the list and the button a thumb's width.
 */
export default function LanguagePage() {
  const { t } = useLingui();
  usePageTitle(t`Language · SchoolRide`);
  const { user } = useSession();
  if (!user) return null;

  return (
    <section aria-labelledby="language-title" className="max-w-xl space-y-4">
      <h1 id="language-title" className="text-2xl font-bold text-ink">
        <Trans>Language</Trans>
      </h1>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="mb-4 text-sm text-slate-600">
          {user.role === "driver" ? (
            <Trans>The language of your runs' screens and of the messages SchoolRide sends you.</Trans>
          ) : (
            <Trans>The language of SchoolRide's pages and of the e-mails it sends you.</Trans>
          )}
        </p>
        <LanguageChoice user={user} />
      </div>
    </section>
  );
}
