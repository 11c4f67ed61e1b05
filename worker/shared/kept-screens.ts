/**
 * A parent's and a driver's last screen (ADR 0089), what the page (web/src/pwa/kept-screen.ts) and
 * the service worker (web/src/sw/sw.ts) share about it. Pure: no browser API but `Intl`.
 *
 * The page keeps the HTML its app last drew at a few addresses (the homes and the live view), in
 * Cache Storage, only while its data is fresh. On the next visit the service worker puts it into the
 * shell before `#root`, with the data's age above it when it is not fresh, so the
 * phone paints the screen the user last saw as soon as the HTML and the stylesheet are in, before
 * any script has run. It is inert, before `#root` (its frame kept, hidden), where React draws the
 * same from the kept data (ADR 0067); the first time it draws more than its starting fallbacks, the
 * kept screen goes and `#root` shows (web/src/pwa/kept-screen.ts).
 */
import { escapeHtml } from "./html.ts";

/** The kept screen's element, before `#root`, inert until the app replaces it. */
export const KEPT_SCREEN_ID = "kept-screen";

/** On `#root` (hidden) when a kept screen is before it. */
export const SCREEN_ATTRIBUTE = "data-screen";

/** On the app's first fallbacks (the frame, AreaFrame): while `#root` shows only one, the kept screen stays. */
export const STARTING_ATTRIBUTE = "data-starting";

/** The page's Cache Storage cache of kept screens: someone's data, so logout deletes it. */
export const SCREEN_CACHE = "schoolride-screens";

/** Where the data's age goes in a kept screen (the `DataAge` notice's place, HTML comment). */
export const SCREEN_AGE_SLOT = "schoolride:data-age";

/** In a kept notice's text: where the service worker writes how old the screen is. */
export const SCREEN_AGE_PLACEHOLDER = "%AGE%";

/** Data younger than this needs no notice: it is what the page just read (the same as `DataAge`'s). */
export const FRESH_FOR_MS = 2 * 60_000;

/** A kept screen older than this is not shown (as the kept data, ADR 0067). */
export const SCREEN_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * The most screens kept: the two homes are kept again on every visit, and each live view the parent
 * opens is an address of its own, so the oldest go (a week of rides would otherwise stay).
 */
export const SCREEN_MAX_KEPT = 5;

/** A larger screen is not kept (a screen is ~20–60 KB). */
export const SCREEN_MAX_CHARS = 400_000;

/**
 * The pages whose screen is kept: the homes, and the live view a push opens. Not the driver's run:
 * its buttons are what the driver taps first.
 */
export const SCREEN_PATTERNS = ["/parent", "/driver", "/parent/rides/:tripId"] as const;

/**
 * Elements a kept screen never has: the page draws none of them in `#root`, and a script, a frame or
 * a document-level element would act when the HTML is parsed, where in the page's DOM it did not
 * (an element put in by `innerHTML` does not run). The page leaves them out; the worker refuses a
 * screen with any.
 */
export const SCREEN_REFUSED_ELEMENTS = [
  "script",
  "iframe",
  "frame",
  "object",
  "embed",
  "base",
  "meta",
  "link",
  "style",
];
const REFUSED = new RegExp(`<(${SCREEN_REFUSED_ELEMENTS.join("|")})[\\s/>]`, "i");

/** A kept screen as stored (JSON): its HTML, language, stylesheet, the data's time and the notice. */
export type KeptScreen = {
  /** `#root`'s HTML, with `<!--schoolride:data-age-->` where the data's age goes. */
  html: string;
  /** The page's language and direction (`<html lang dir>`). */
  lang: string;
  dir: "ltr" | "rtl";
  /** The stylesheet the page had: a screen from another build is not shown. */
  styles: string;
  /** When the oldest data on the screen was read. */
  shownAt: number;
  /** The age notice's HTML in the page's language, `%AGE%` where the age goes. */
  notice: string;
};

/** Whether `pathname` is a page whose screen is kept. */
export function isScreenPath(pathname: string): boolean {
  return SCREEN_PATTERNS.some((pattern) => {
    if (!pattern.includes(":")) return pathname === pattern;
    const prefix = pattern.slice(0, pattern.lastIndexOf("/") + 1);
    const param = pathname.slice(prefix.length);
    return pathname.startsWith(prefix) && /^[\w-]{1,100}$/.test(param);
  });
}

const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$/;

/** A stored value read back: a kept screen, or null if it is not one. */
export function parseKeptScreen(value: unknown): KeptScreen | null {
  if (typeof value !== "object" || value === null) return null;
  const screen = value as Record<string, unknown>;
  const text = (key: string) => typeof screen[key] === "string";
  if (!text("html") || !text("lang") || !text("styles") || !text("notice")) return null;
  if (typeof screen.shownAt !== "number" || !Number.isFinite(screen.shownAt)) return null;
  if (screen.dir !== "ltr" && screen.dir !== "rtl") return null;
  if ((screen.html as string).length > SCREEN_MAX_CHARS || !LANGUAGE_TAG.test(screen.lang as string)) return null;
  if (REFUSED.test(screen.html as string) || REFUSED.test(screen.notice as string)) return null;
  return screen as KeptScreen;
}

/** "5 minutes ago", "3 hours ago", "yesterday", in `lang` (the browser's own words for it). */
export function screenAge(lang: string, ageMs: number): string {
  const minutes = Math.max(1, Math.floor(ageMs / 60_000));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes < 60
      ? [minutes, "minute"]
      : minutes < 24 * 60
        ? [Math.floor(minutes / 60), "hour"]
        : [Math.floor(minutes / 1440), "day"];
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  } catch {
    format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  }
  return format.format(-value, unit);
}

const ROOT_OPENING = '<div id="root" data-frame>';

/**
 * The shell's HTML with `screen` before `#root`, `#root` hidden (its frame still in it, for the
 * app's first fallbacks to draw, ADR 0087), or null when it is not to be shown: too old (or from
 * the future: a clock put back), drawn with another build's stylesheet, or a shell without the frame. The data's age goes above the page once it is not fresh.
 */
export function spliceKeptScreen(shell: string, screen: KeptScreen, now: number): string | null {
  const age = now - screen.shownAt;
  if (age < -60_000 || age > SCREEN_MAX_AGE_MS) return null;
  if (!screen.styles || !shell.includes(`href="${screen.styles}"`)) return null;
  if (!shell.includes(ROOT_OPENING)) return null;
  const notice =
    age < FRESH_FOR_MS
      ? ""
      : screen.notice.replace(SCREEN_AGE_PLACEHOLDER, () => escapeHtml(screenAge(screen.lang, age)));
  // Replaced by functions: a `$` in the texts is no pattern.
  const html = screen.html.replace(`<!--${SCREEN_AGE_SLOT}-->`, () => notice);
  const kept = `<div id="${KEPT_SCREEN_ID}" class="contents" inert>${html}</div>`;
  return shell
    .replace(ROOT_OPENING, () => `${kept}<div id="root" data-frame ${SCREEN_ATTRIBUTE} hidden>`)
    .replace(/<html lang="[^"]*"( dir="[^"]*")?/, () => `<html lang="${screen.lang}" dir="${screen.dir}"`);
}
