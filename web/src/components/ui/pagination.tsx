import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { ActionButton } from "./action-button.tsx";
import { formatTotal } from "./format.ts";

/** One page of a paged list, as the server reports it (a capped total is a lower bound, shown "1,000+"). */
export type PageInfo = { page: number; pages: number; pageSize: number; total: number; totalCapped?: boolean };

/**
 * A page that no longer exists (the list shrank, or the URL asked for too much) falls back to the
 * last one. `onPageChange` should be stable (a state setter or a `useCallback`).
 */
export function useLastPageFallback(pages: number | undefined, page: number, onPageChange: (page: number) => void) {
  useEffect(() => {
    if (pages !== undefined && pages >= 1 && page > pages) onPageChange(pages);
  }, [pages, page, onPageChange]);
}

/**
 * How the pager looks:
 * - `simple`: Previous, "Page x of y", Next;
 * - `compact`: Previous, numbered pages (an ellipsis for every skipped run), Next;
 * - `large`: taller numbered buttons that stack below `md`; a skipped single page is shown as its number.
 */
export type PaginationLook = "simple" | "compact" | "large";

/** The page numbers to show: the first, the last and the current one with its neighbours; gaps between. */
export function pageItems(page: number, pages: number, fillSingleGaps = false): (number | "gap")[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) items.push(fillSingleGaps && n - previous === 2 ? n - 1 : "gap");
    items.push(n);
  });
  return items;
}

const largeButton =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";
const idle = "border-slate-300 bg-white text-slate-700 hover:bg-slate-50";
const current = "border-brand-500 bg-brand-500 text-ink";

/** "Showing x to y of z {noun}" with Previous and Next (and page numbers); shown only when there is more than one page. */
export function Pagination({
  result: { page, pages, pageSize, total, totalCapped },
  noun,
  label,
  onPageChange,
  look = "compact",
}: {
  result: PageInfo;
  noun: string;
  label: string;
  onPageChange: (page: number) => void;
  look?: PaginationLook;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  const large = look === "large";

  const step = (target: number, disabled: boolean, text: string) =>
    large ? (
      <button
        type="button"
        className={`${largeButton} ${idle}`}
        onClick={() => onPageChange(target)}
        disabled={disabled}
      >
        {text}
      </button>
    ) : (
      <ActionButton onClick={() => onPageChange(target)} disabled={disabled}>
        {text}
      </ActionButton>
    );
  const previous = step(page - 1, page <= 1, t`Previous`);
  const next = step(page + 1, page >= pages, t`Next`);
  const shownTotal = formatTotal({ total, totalCapped });

  return (
    <nav
      aria-label={label}
      className={`mt-4 flex flex-col items-center justify-between gap-3 ${large ? "md:flex-row" : "sm:flex-row"}`}
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        <Trans>
          Showing {from} to {to} of {shownTotal} {noun}
        </Trans>
      </p>
      {look === "simple" ? (
        <div className="flex gap-2">
          {previous}
          <span className="self-center text-sm text-slate-600">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          {next}
        </div>
      ) : (
        <ul className="flex flex-wrap items-center justify-center gap-1">
          <li>{previous}</li>
          {pageItems(page, pages, large).map((item, index) =>
            item === "gap" ? (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no page number; its position tells the two gaps apart
                key={`gap-${index}`}
                aria-hidden="true"
                className={`px-1 ${large ? "text-slate-500" : "text-slate-400"}`}
              >
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  onClick={() => onPageChange(item)}
                  aria-current={item === page ? "page" : undefined}
                  aria-label={t`Page ${item}`}
                  className={`${large ? largeButton : "min-w-9 rounded-md border px-2.5 py-1.5 text-sm font-medium"} ${item === page ? current : idle}`}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>{next}</li>
        </ul>
      )}
    </nav>
  );
}
