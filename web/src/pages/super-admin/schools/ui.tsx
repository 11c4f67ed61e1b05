import type { ButtonHTMLAttributes, ReactNode } from "react";
import { SCHOOL_STATUS_FILTER_LABELS } from "../../../../../worker/schemas/superAdmin.ts";

/** Small pieces shared by the Schools Management screens. */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDate(value: Date): string {
  return dateFormat.format(value);
}

export function formatDateTime(value: Date): string {
  return dateTimeFormat.format(value);
}

/** Spec §9: a school id is shown as its first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** A subscription status in words ("trialing" reads Trial); unknown values are shown raw. */
export function subscriptionLabel(status: string): string {
  return (SCHOOL_STATUS_FILTER_LABELS as Record<string, string>)[status] ?? status;
}

export type Tone = "green" | "amber" | "slate" | "red" | "blue" | "violet";

const TONES: Record<Tone, string> = {
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-900",
  slate: "bg-slate-200 text-slate-800",
  red: "bg-red-100 text-red-800",
  blue: "bg-sky-100 text-sky-900",
  violet: "bg-violet-100 text-violet-900",
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** The colour of each text of the spec §4 school status badge. */
const BADGE_TONES: Record<string, Tone> = {
  Active: "green",
  Trial: "blue",
  "No Admins": "amber",
  Incomplete: "amber",
  Pending: "violet",
  "Past Due": "red",
  Cancelled: "red",
  Inactive: "slate",
};

/** The school status badge (its text is computed by the server, spec §4). */
export function SchoolStatusBadge({ badge }: { badge: string }) {
  return <Badge tone={BADGE_TONES[badge] ?? "slate"}>{badge}</Badge>;
}

/** A square icon-only button; `label` is its accessible name and its tooltip. */
export function IconButton({
  label,
  tone = "default",
  className = "",
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> & { label: string; tone?: "default" | "danger" }) {
  return (
    <button type="button" aria-label={label} title={label} className={`${iconButtonClass(tone)} ${className}`} {...props}>
      {children}
    </button>
  );
}

export function iconButtonClass(tone: "default" | "danger" = "default"): string {
  const colours = tone === "danger" ? "text-red-700 hover:bg-red-50" : "text-slate-600 hover:bg-slate-100 hover:text-ink";
  return `inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md ${colours} disabled:cursor-not-allowed disabled:opacity-50`;
}

/** An outlined secondary button. */
export function SecondaryButton({ className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...props}
    />
  );
}

/** An empty list: a title, an explanation and an optional action. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <p className="font-semibold text-ink">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

/** The page numbers to show: the first, the last and the current one with its neighbours; gaps between. */
export function pageItems(page: number, pages: number): (number | "gap")[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) items.push(n - previous === 2 ? n - 1 : "gap");
    items.push(n);
  });
  return items;
}

const pagerButton =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";

/** "Showing x to y of z {noun}", Previous, numbered pages and Next; only when there is more than one page. */
export function Pagination({
  page,
  pages,
  pageSize,
  total,
  noun,
  label,
  onPageChange,
}: {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  noun: string;
  label: string;
  onPageChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-col items-center justify-between gap-3 md:flex-row">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {from} to {to} of {total} {noun}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            className={`${pagerButton} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
          >
            Previous
          </button>
        </li>
        {pageItems(page, pages).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                onClick={() => onPageChange(item)}
                className={`${pagerButton} ${
                  item === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                }`}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${pagerButton} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pages}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}

export const thClass = "px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
export const tdClass = "px-3 py-3 align-top text-sm text-slate-700";
