/**
 * The two loading indicators. Only Lingui's runtime, which the entry has anyway: the entry has this
 * module (the router's fallback), so any page shows them without loading more.
 */
import { t } from "@lingui/core/macro";

/**
 * A whole page (or area) that is loading. `wordless`: without the "Loading…" screen readers hear,
 * for the role areas' static HTML, which is the same in every language (ADR 0087).
 */
export function FullPageSpinner({ wordless = false }: { wordless?: boolean }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite" data-loading="">
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      {wordless ? null : <span className="sr-only">{t`Loading…`}</span>}
    </div>
  );
}

/** A region that is loading, announced politely. */
export function Loading({ label }: { label?: string }) {
  return (
    <p role="status" aria-live="polite" className="py-8 text-center text-slate-500" data-loading="">
      {label ?? t`Loading…`}
    </p>
  );
}
