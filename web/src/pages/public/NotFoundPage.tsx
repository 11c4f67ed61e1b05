import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Bus } from "lucide-react";
import { Link } from "react-router";
import { buttonPrimary, container } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";

/** Shown for any unknown path. */
export default function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page Not Found · SchoolRide`);

  return (
    <section className={`${container} flex flex-col items-center py-24 text-center sm:py-32`}>
      <span className="grid size-16 place-items-center rounded-2xl bg-brand-100 text-brand-700">
        <Bus aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <Trans>Error 404</Trans>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        <Trans>Page Not Found</Trans>
      </h1>
      <p className="mt-4 max-w-md text-lg text-slate-700">
        <Trans>
          Sorry, we couldn&apos;t find the page you&apos;re looking for. It may have moved, or the link may be wrong.
        </Trans>
      </p>
      <Link to="/" className={`${buttonPrimary} mt-10`}>
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        <Trans>Back to Home</Trans>
      </Link>
    </section>
  );
}
