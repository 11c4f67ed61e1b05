import * as RadixDialog from "@radix-ui/react-dialog";
import { Search, X } from "lucide-react";
import { useEffect, useId, useState, type ButtonHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

/** Small shared pieces of the super admin's list screens (pending schools, invitations, audit logs, settings). */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDate(value: Date): string {
  return dateFormat.format(value);
}

export function formatDateTime(value: Date): string {
  return dateTimeFormat.format(value);
}

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

export function formatTime(value: Date): string {
  return timeFormat.format(value);
}

/** A calendar day stored as `YYYY-MM-DD`, shown in the reader's locale without a time-zone shift. */
export function formatIsoDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return dateFormat.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A dash for an empty value, with a screen-reader word. */
export function Dash() {
  return (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}

export const ROLE_LABELS: Record<string, string> = {
  super_admin: "Super Admin",
  school_admin: "School Admin",
  parent: "Parent",
  system: "System",
};

export function roleLabel(role: string | null | undefined): string {
  if (!role) return "System";
  return ROLE_LABELS[role] ?? role;
}

export type Tone = "green" | "amber" | "slate" | "red" | "blue";

const TONES: Record<Tone, string> = {
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-900",
  slate: "bg-slate-200 text-slate-800",
  red: "bg-red-100 text-red-800",
  blue: "bg-sky-100 text-sky-900",
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>{children}</span>;
}

type Variant = "secondary" | "danger" | "success";

const VARIANTS: Record<Variant, string> = {
  secondary: "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  danger: "border-red-300 bg-white text-red-700 hover:bg-red-50",
  success: "border-green-700 bg-green-700 text-white hover:bg-green-800",
};

/** A compact button for row actions. */
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

/** The page numbers around the current one, with gaps (`null`) where pages are skipped. */
function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/** "Showing x to y of z {noun}" with Previous, numbered pages and Next; shown only when there is more than one page. */
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
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <ActionButton onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
            Previous
          </ActionButton>
        </li>
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                onClick={() => onPageChange(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={`min-w-9 rounded-md border px-2.5 py-1.5 text-sm font-medium ${
                  n === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                }`}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <ActionButton onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
            Next
          </ActionButton>
        </li>
      </ul>
    </nav>
  );
}

export const thClass = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
export const tdClass = "px-4 py-3 align-top text-sm text-slate-700";

const controlClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/** A labelled select for list filters. */
export function FilterSelect({
  label,
  options,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={controlClass} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Milliseconds of quiet typing before a search applies. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A labelled text filter that reports its value after typing pauses. It follows `value` when that
 * changes from outside (browser back, a "clear filters" button).
 */
export function DebouncedInput({
  label,
  value,
  onCommit,
  type = "search",
  icon = false,
  placeholder,
  maxLength,
  className = "",
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: "search" | "text" | "email";
  icon?: boolean;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  // Outside change (back button, clear): adopt it.
  if (value !== committed) {
    setCommitted(value);
    setDraft(value);
  }
  useEffect(() => {
    const term = draft.trim();
    if (term === value) return;
    const timer = window.setTimeout(() => {
      setCommitted(term);
      onCommit(term);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value, onCommit]);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        {icon ? <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" /> : null}
        <input
          id={id}
          type={type}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete="off"
          spellCheck={false}
          className={`${controlClass} ${icon ? "pl-9" : ""}`}
        />
      </div>
    </div>
  );
}

/** A labelled date input for list filters. */
export function DateFilter({
  label,
  value,
  onChange,
  min,
  max,
  className = "",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type="date" value={value} min={min} max={max} onChange={(event) => onChange(event.target.value)} className={controlClass} />
    </div>
  );
}

/** Label/value pairs (details modals and narrow-screen cards). */
export function DetailList({ items, className = "" }: { items: { label: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] ${className}`}>
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-medium text-slate-500">{item.label}</dt>
          <dd className="min-w-0 text-slate-800 wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A modal wider than the shared dialog, for tables (same focus trap, Escape and labelling). */
export function WideDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
            <RadixDialog.Close className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="mb-4 text-sm text-slate-600">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The page's single h1 with an optional subtitle and header actions. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
