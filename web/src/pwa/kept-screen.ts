/**
 * The page's side of the kept screens (ADR 0089; what they are: #shared/kept-screens.ts): the HTML
 * the app draws at a kept address, put in Cache Storage while its data is fresh, for the service
 * worker to paint first on the next visit; and the handover from a kept screen to the app.
 *
 * In a kept screen:
 * - an element marked `data-screen="none"` is left out (the Install offer: the browser makes it
 *   again or not);
 * - one marked `data-screen="box"` keeps its box but not its content: a map (its tiles and markers
 *   are placed by script and styled by a stylesheet the shell does not have), and what is true only
 *   now, the live view's estimate and "Live";
 * - the data's age notice (`data-data-age`) becomes the slot where the worker writes the age.
 */
import {
  isScreenPath,
  KEPT_SCREEN_ID,
  type KeptScreen,
  SCREEN_AGE_SLOT,
  SCREEN_CACHE,
  SCREEN_MAX_CHARS,
  SCREEN_MAX_KEPT,
  SCREEN_REFUSED_ELEMENTS,
  STARTING_ATTRIBUTE,
} from "#shared/kept-screens.ts";

const keptScreen = typeof document === "undefined" ? null : document.getElementById(KEPT_SCREEN_ID);

/** Whether this page started from a kept screen (the service worker put one before `#root`). */
export const startedFromKeptScreen = keptScreen !== null;

/**
 * The handover, set up when the area's chunk runs (before React can draw any of the area): React
 * draws into the hidden `#root`; the first time it holds more than a starting fallback (the frame,
 * AreaFrame: `data-starting`), the app has drawn the page, or another one (the sign-in page when the
 * session has ended). The kept screen goes and `#root` shows then, in the same task, before the
 * browser paints: never both on screen, never neither.
 */
const root = keptScreen ? document.getElementById("root") : null;
if (keptScreen && root) {
  const handOver = () => {
    if (!root.firstElementChild || root.querySelector(`[${STARTING_ATTRIBUTE}]`)) return;
    drawn.disconnect();
    keptScreen.remove();
    root.hidden = false;
  };
  const drawn = new MutationObserver(handOver);
  drawn.observe(root, { childList: true, subtree: true });
  handOver();
}

/** On the data's age notice (`DataAge`). */
const DATA_AGE_MARK = "data-data-age";
/** On anything still loading (`Loading`, the spinners, a map loading): a screen showing one is not kept. */
const LOADING_MARK = "data-loading";

/**
 * `#root`'s HTML as a kept screen's, or null when the page is not one to keep: not a kept address,
 * no page heading yet, something still loading, or too large.
 */
export function captureScreen(doc: Document, pathname: string): string | null {
  if (!isScreenPath(pathname)) return null;
  const root = doc.getElementById("root");
  if (!root?.querySelector("main h1") || root.querySelector(`[${LOADING_MARK}]`)) return null;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll(`[data-screen="none"], ${SCREEN_REFUSED_ELEMENTS.join(", ")}`)) {
    element.remove();
  }
  // A space holds a line of text's height; a map's frame has its own.
  for (const element of copy.querySelectorAll('[data-screen="box"]')) element.replaceChildren("\u00a0");
  const notice = copy.querySelector(`[${DATA_AGE_MARK}]`);
  notice?.replaceWith(doc.createComment(SCREEN_AGE_SLOT));
  const html = copy.innerHTML;
  return html.length > SCREEN_MAX_CHARS ? null : html;
}

/** The page's main stylesheet (the shell's): a kept screen is shown only with the same. */
export function pageStyles(doc: Document): string {
  return doc.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]')?.getAttribute("href") ?? "";
}

/**
 * Keeps `screen` for `pathname`, and only the `SCREEN_MAX_KEPT` kept last (a cache lists its entries
 * in the order they were put, a replaced one last). A browser without Cache Storage (or refusing it)
 * keeps none.
 */
export async function keepScreen(
  pathname: string,
  screen: KeptScreen,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  try {
    const cache = await cacheStorage!.open(SCREEN_CACHE);
    await cache.delete(pathname);
    await cache.put(
      pathname,
      new Response(JSON.stringify(screen), { headers: { "content-type": "application/json" } }),
    );
    const kept = await cache.keys();
    await Promise.all(kept.slice(0, -SCREEN_MAX_KEPT).map((request) => cache.delete(request)));
  } catch {
    // No Cache Storage here (an insecure origin, a private mode, the quota): the next visit paints the frame.
  }
}

/** Every kept screen goes (someone else signed in, or no one). Logout deletes the cache too. */
export async function forgetScreens(cacheStorage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  try {
    await cacheStorage?.delete(SCREEN_CACHE);
  } catch {
    // Refused: there is nothing in it.
  }
}
