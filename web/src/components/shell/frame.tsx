/**
 * The signed-in frame's outside (ADR 0087): the page's background and the header bar with the
 * brand, the same in every language. The app shell (AppShell.tsx) draws its header with these
 * classes; before it has loaded, a role area's page shows `AreaFrame`, and the role areas' shells
 * (scripts/prerender.ts) have it in their HTML, so a phone paints the frame with the stylesheet
 * instead of a blank screen until the scripts have run, and React's first render draws the same.
 */
import { Bus } from "lucide-react";
import { FullPageSpinner } from "../ui/loading.tsx";

export const FRAME_CLASS = "min-h-screen bg-slate-50";
export const HEADER_CLASS = "border-b border-slate-200 bg-white print:hidden";
export const HEADER_ROW_CLASS = "mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-1.5 md:py-3";
export const BRAND_CLASS = "flex min-h-11 items-center gap-2 font-bold text-ink";

/** The bus and the name: the header's brand, a link home in the app shell. */
export function BrandMark() {
  return (
    <>
      <Bus aria-hidden="true" className="h-6 w-6 text-brand-600" />
      SchoolRide
    </>
  );
}

/**
 * A role area's page before its routes and the session have loaded: the frame and a spinner.
 * `wordless` for the shells' HTML: no words but the brand, since that HTML is the same in every
 * language; the client's own render says "Loading…" to screen readers in the reader's. A starting
 * fallback (`data-starting`, #shared/kept-screens.ts): a kept screen stays while it shows (ADR 0089).
 */
export function AreaFrame({ wordless = false }: { wordless?: boolean }) {
  return (
    <div className={FRAME_CLASS} data-starting="">
      <header className={HEADER_CLASS}>
        <div className={HEADER_ROW_CLASS}>
          <span className={BRAND_CLASS}>
            <BrandMark />
          </span>
        </div>
      </header>
      <FullPageSpinner wordless={wordless} />
    </div>
  );
}
