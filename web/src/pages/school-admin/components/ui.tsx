import type { ButtonHTMLAttributes, ReactNode } from "react";

/** Small shared pieces of the school admin's list screens. */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDate(value: Date): string {
  return dateFormat.format(value);
}

export function formatDateTime(value: Date): string {
  return dateTimeFormat.format(value);
}

type Tone = "green" | "amber" | "slate" | "red" | "blue";

const TONES: Record<Tone, string> = {
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-900",
  slate: "bg-slate-200 text-slate-800",
  red: "bg-red-100 text-red-800",
  blue: "bg-sky-100 text-sky-900",
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

type Variant = "secondary" | "danger";

const VARIANTS: Record<Variant, string> = {
  secondary: "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  danger: "border-red-300 bg-white text-red-700 hover:bg-red-50",
};

/** A compact outlined button for row actions. */
export function ActionButton({ variant = "secondary", className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}

/** An empty list: a title and an optional explanation. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <p className="font-semibold text-ink">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
    </div>
  );
}

/** "Showing x to y of z" with Previous and Next; shown only when there is more than one page. */
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
    <nav aria-label={label} className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {from} to {to} of {total} {noun}
      </p>
      <div className="flex gap-2">
        <ActionButton onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Previous
        </ActionButton>
        <span className="self-center text-sm text-slate-600">
          Page {page} of {pages}
        </span>
        <ActionButton onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          Next
        </ActionButton>
      </div>
    </nav>
  );
}

export const thClass = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
export const tdClass = "px-4 py-3 align-top text-sm text-slate-700";
