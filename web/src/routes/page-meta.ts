import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import type { SpaPath } from "#shared/site-pages.ts";
import { PAGE_TEXTS, type PageText } from "../components/site/page-texts.ts";

/**
 * The prerendered public pages and their metadata, in one place: scripts/prerender.ts writes one HTML
 * file per entry and language with this title, description, canonical URL, hreflang alternates and
 * Open Graph/Twitter tags. Each title is the one the page itself sets, so nothing changes when the
 * page hydrates (the public pages' texts are the public catalog's, web/src/components/site/page-texts.ts).
 */
export type PageMeta = {
  path: SpaPath;
  /** The English title and description (the texts' messages). */
  title: string;
  description: string;
  /** Both as catalog texts, for the other languages (`i18n._(texts.title)`). */
  texts: { title: PageText; description: PageText };
};

const meta = (path: SpaPath, texts: PageMeta["texts"]): PageMeta => ({
  path,
  title: texts.title.message,
  description: texts.description.message,
  texts,
});
const page = (path: keyof typeof PAGE_TEXTS): PageMeta => meta(path, PAGE_TEXTS[path]);

/**
 * Built in a function marked pure, so the client's entry (which imports this module for
 * PRERENDERED_ATTRIBUTE) does not carry the pages' texts: only the prerender and the tests read them.
 */
export const PRERENDERED_PAGES: readonly PageMeta[] = /* @__PURE__ */ prerenderedPages();

function prerenderedPages(): PageMeta[] {
  return [
    page("/"),
    page("/services"),
    page("/privacy-policy"),
    page("/terms-of-service"),
    page("/gdpr-compliance"),
    page("/cookie-policy"),
    page("/login"),
    page("/login/superadmin"),
    page("/login/school"),
    page("/login/parent"),
    page("/login/driver"),
  ];
}

/** On #root of a prerendered page: the path it was rendered for (main.tsx hydrates only that path). */
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/**
 * On #root of a role area's shell, whose HTML has the signed-in frame in it (ADR 0087): the router
 * shows that same HTML until the area's routes have loaded.
 */
export const FRAME_ATTRIBUTE = "data-frame";

/** The file a page is written to under dist/, as Cloudflare's assets serve it (`/services` → services.html). */
export function prerenderedFile(path: string): string {
  // "/" cannot be index.html: that is the empty shell every other URL falls back to.
  return path === "/" ? "home.html" : `${path.slice(1)}.html`;
}

/**
 * The file a page is written to in a language (scripts/prerender.ts): English where it always was,
 * another language under its folder (`/services` in Spanish → es/services.html), which
 * worker/http/prerendered.ts serves to a reader of that language.
 */
export function localizedFile(path: string, locale: Locale): string {
  return locale === SOURCE_LOCALE ? prerenderedFile(path) : `${locale}/${prerenderedFile(path)}`;
}
