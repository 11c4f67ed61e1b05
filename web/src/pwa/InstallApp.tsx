import { Trans, useLingui } from "@lingui/react/macro";
import { Download, Share, SquarePlus, X } from "lucide-react";
import { type ReactNode, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { hasInstallOffer, promptInstall, subscribeInstallOffer } from "./install.ts";
import { isIosBrowser, isStandalone } from "./ios.ts";

/**
 * Where an offer sits (ADR 0090): fixed above the phone's bottom bar, at the foot of the window from
 * md up, so an offer that comes after the page has drawn moves nothing on it. While it shows, the
 * page gets room at its end to scroll out from under it (`data-offer`, styles.css). It is last in the
 * document, as it is on screen: a keyboard or a screen reader reaches it after the page and its
 * navigation, not before the page's heading.
 */
function OfferCard({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  className: string;
  children: ReactNode;
}) {
  return createPortal(
    <section
      aria-labelledby={labelledBy}
      // The browser offers it again or not: never in a kept screen (ADR 0089; outside #root it is in none).
      data-screen="none"
      data-offer=""
      className={`fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-20 mx-auto flex max-w-md gap-3 rounded-md bg-white p-3 text-sm text-slate-700 shadow-lg ring-1 ring-slate-200 md:bottom-6 print:hidden ${className}`}
    >
      {children}
    </section>,
    document.body,
  );
}

/**
 * "Install SchoolRide" at the foot of a parent's or driver's page when the browser offers to
 * install it (`beforeinstallprompt`: Chromium browsers, never in a private window); nothing
 * otherwise (installed, iOS, Firefox…). Not now hides it until the browser offers again (the next
 * load).
 */
export function InstallCard() {
  const offered = useSyncExternalStore(subscribeInstallOffer, hasInstallOffer, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (!offered || dismissed) return null;
  return (
    <OfferCard labelledBy="install-title" className="flex-wrap items-center">
      <Download aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
      <div className="min-w-0 flex-1">
        <p id="install-title" className="font-semibold text-ink">
          <Trans>Install SchoolRide</Trans>
        </p>
        <p className="mt-0.5">
          <Trans>Open it from your home screen, even with a weak signal.</Trans>
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="min-h-11 rounded-md px-3 font-medium text-slate-700 hover:bg-slate-100"
        >
          <Trans>Not now</Trans>
        </button>
        <button
          type="button"
          onClick={() => void promptInstall()}
          className="min-h-11 rounded-md bg-brand-500 px-4 font-semibold text-ink shadow-sm hover:bg-brand-600"
        >
          <Trans>Install</Trans>
        </button>
      </div>
    </OfferCard>
  );
}

const IOS_GUIDE_DISMISSED_KEY = "schoolride.ios-install-guide";

function guideDismissed(): boolean {
  try {
    return localStorage.getItem(IOS_GUIDE_DISMISSED_KEY) === "dismissed";
  } catch {
    return false;
  }
}

/**
 * On an iPhone or iPad in Safari (not from the Home Screen), where the offer sits: how to add
 * SchoolRide to the Home Screen, which iOS requires for notifications (16.4+). Shown until
 * dismissed; never elsewhere.
 */
export function IosInstallGuide() {
  const { t } = useLingui();
  const [shown, setShown] = useState(
    () => isIosBrowser(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone() && !guideDismissed(),
  );
  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    try {
      localStorage.setItem(IOS_GUIDE_DISMISSED_KEY, "dismissed");
    } catch {
      // Not remembered: it shows again next time.
    }
  };
  return (
    <OfferCard labelledBy="ios-install-title" className="items-start">
      <SquarePlus aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
      <div className="min-w-0 flex-1">
        <p id="ios-install-title" className="font-semibold text-ink">
          <Trans>Add SchoolRide to your Home Screen</Trans>
        </p>
        <p className="mt-1">
          <Trans>
            Tap <Share aria-label={t`Share`} className="inline h-4 w-4 align-text-bottom" role="img" />, then{" "}
            <strong>Add to Home Screen</strong>. Open SchoolRide from there to get notifications on this iPhone or iPad.
          </Trans>
        </p>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t`Dismiss the Home Screen guide`}
        className="-m-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </OfferCard>
  );
}
