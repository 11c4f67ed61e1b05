/**
 * iOS outside the Home Screen, where installing is the user's own step (Share, then Add to Home
 * Screen) and the only way to get notifications (iOS 16.4+).
 */

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
