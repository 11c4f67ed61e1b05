import { Download, Share, SquarePlus, X } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { hasInstallOffer, isIosBrowser, isStandalone, promptInstall, subscribeInstallOffer } from "./install.ts";

/**
 * "Install app", above Logout in the sidebar and the phone's More menu, when the browser offers to
 * install it (`beforeinstallprompt`); nothing otherwise (installed, iOS, Firefox…).
 */
export function InstallAppButton({ large = false }: { large?: boolean }) {
  const offered = useSyncExternalStore(subscribeInstallOffer, hasInstallOffer, () => false);
  if (!offered) return null;
  return (
    <button
      type="button"
      onClick={() => void promptInstall()}
      className={`flex w-full items-center rounded-md px-3 text-left font-medium text-slate-700 hover:bg-slate-100 ${large ? "min-h-12 gap-3 text-base" : "gap-2 py-2 text-sm"}`}
    >
      <Download aria-hidden="true" className={large ? "h-5 w-5" : "h-4 w-4"} />
      Install app
    </button>
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
 * On an iPhone or iPad in Safari (not from the Home Screen): how to add SchoolRide to the Home
 * Screen, which iOS requires for notifications (16.4+). Shown until dismissed; never elsewhere.
 */
export function IosInstallGuide() {
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
    <section
      aria-labelledby="ios-install-title"
      className="mb-3 flex items-start gap-3 rounded-md bg-white p-3 text-sm text-slate-700 ring-1 ring-slate-200"
    >
      <SquarePlus aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
      <div className="min-w-0 flex-1">
        <p id="ios-install-title" className="font-semibold text-ink">
          Add SchoolRide to your Home Screen
        </p>
        <p className="mt-1">
          Tap <Share aria-label="Share" className="inline h-4 w-4 align-text-bottom" role="img" />, then{" "}
          <strong>Add to Home Screen</strong>. Open SchoolRide from there to get notifications on this iPhone or iPad.
        </p>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss the Home Screen guide"
        className="-m-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </section>
  );
}
