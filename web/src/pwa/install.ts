/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium browsers), kept from the
 * page's start so the shell can show its own "Install app" button instead of the browser's
 * mini-infobar. In the entry (the event can come first thing); the button and the iOS guide load
 * with the signed-in shell (InstallApp.tsx).
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
