/**
 * What `#root` held before any script ran (ADR 0087, 0089): the signed-in frame a role area's shell
 * painted, or the last screen the service worker put there (`data-screen`). Read once, when the
 * entry starts; React's first render clears `#root`, and its fallbacks draw this again, so nothing
 * on screen changes until the app shell has drawn the page.
 */
import { SCREEN_ATTRIBUTE } from "#shared/screen-mark.ts";
import { FRAME_ATTRIBUTE } from "./page-meta.ts";

const root = typeof document === "undefined" ? null : document.querySelector(`#root[${FRAME_ATTRIBUTE}]`);

/** The frame (or screen) the page painted first, as HTML; null on a page without one. */
export const paintedFrame: string | null = root?.innerHTML ?? null;

let keptScreen: string | null = root?.hasAttribute(SCREEN_ATTRIBUTE) ? paintedFrame : null;

/** The kept screen the page started with, until the app shell has drawn the page; else null. */
export function startingScreen(): string | null {
  return keptScreen;
}

/** The app shell has drawn the page: a role area's fallbacks draw the frame from now on. */
export function screenReplaced(): void {
  keptScreen = null;
}
