/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), kept from the
 * page's start so the shell can show its own "Install app" button instead of the browser's
 * mini-infobar; and whether this is iOS outside the Home Screen, where installing is the user's
 * own step (Share, then Add to Home Screen) and the only way to get notifications (iOS 16.4+).
 */

/** Chromium's event (not in the DOM typings). */
type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Called once, first thing in main.tsx: the event can come before any component mounts. */
export function captureInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    changed();
  });
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const hasInstallOffer = (): boolean => offer !== null;

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  changed();
  await current.prompt();
  await current.userChoice.catch(() => undefined);
}

/** Whether the app runs installed (from the Home Screen or as its own window). */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone, iPod or iPad (which says "Macintosh" but has touch), in a browser tab. */
export function isIosBrowser(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
