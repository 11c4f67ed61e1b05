import { Search } from "lucide-react";
import {
  type ReactNode,
  type SelectHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useSearchParams } from "react-router";
import { sharedText } from "../../i18n/shared-texts.ts";

/**
 * The list filters: the labelled controls above every list (a select, a debounced search, a date,
 * the tabs) and the filters' state in the URL (one module: the pages that show the controls keep
 * their values in the URL, so the two load as one file).
 */

const controlLook =
  "rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";
const controlClass = `mt-1 block w-full ${controlLook} py-2`;
const inlineControlClass = `${controlLook} py-1.5`;

/** A filter control's wrapper: its label above it, or `inline` beside it (a filter in a section header). */
function FilterField({
  id,
  label,
  className,
  inline = false,
  children,
}: {
  id: string;
  label: string;
  className: string;
  inline?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={inline ? `flex items-center gap-2 ${className}` : className}>
      <label htmlFor={id} className={`${inline ? "" : "block "}text-sm font-medium text-slate-700`}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled select for list filters; `inline` puts the label beside a smaller select. */
export function FilterSelect({
  label,
  options,
  inline = false,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string; label: string }[];
  inline?: boolean;
}) {
  const id = useId();
  return (
    <FilterField id={id} label={label} className={className} inline={inline}>
      <select id={id} className={inline ? inlineControlClass : controlClass} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
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
    <FilterField id={id} label={label} className={className}>
      <div className="relative">
        {icon ? (
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
        ) : null}
        <input
          id={id}
          type={type}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete="off"
          spellCheck={false}
          className={`${controlClass} ${icon ? "ps-9" : ""}`}
        />
      </div>
    </FilterField>
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
    <FilterField id={id} label={label} className={className}>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass}
      />
    </FilterField>
  );
}

/**
 * Pill tabs above a list (a `tablist`): the current one filled, each with an optional count. They
 * wrap onto a second row rather than scroll: on a phone a scrolling row cut "Trip Updates" at the
 * screen's edge, and nothing said more tabs were there.
 */
export function FilterTabs<Tab extends string>({
  label,
  tabs,
  current,
  labels,
  counts,
  onSelect,
}: {
  label: string;
  tabs: readonly Tab[];
  current: Tab;
  labels: Record<Tab, string>;
  /** A tab shows its count when it has one (none while loading, none for a tab of another list). */
  counts?: Partial<Record<Tab, number>> | undefined;
  onSelect: (tab: Tab) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1">
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={current === name}
          onClick={() => onSelect(name)}
          className={`inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium ${current === name ? "border-brand-500 bg-brand-500 text-ink" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
        >
          {sharedText(labels[name])}
          {counts?.[name] === undefined ? null : (
            <span className="rounded-full bg-white/70 px-2 text-xs">{counts[name]}</span>
          )}
        </button>
      ))}
    </div>
  );
}

/**
 * The one hook for list filters kept in the URL (a reload, Back or a shared link keeps them).
 * `defaults` names every filter with its default (including `page: "1"`); a default value is left
 * out of the URL. Setting any filter other than `page` returns to page 1. A change replaces the
 * current history entry unless `{ replace: false }` asks for a new one.
 */
export function useUrlFilters<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of Object.keys(defaults) as K[]) out[key] = params.get(key) ?? defaults[key];
    return out;
  }, [params, defaults]);

  // react-router's functional update reads the parameters of the last render, so two changes before
  // the next render (a search committing as a tab is clicked) would lose the first. Each change
  // builds on the one before it until the URL has caught up.
  const current = useRef(params);
  current.current = params;
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);

  const setFilters = useCallback(
    (changes: Partial<Record<K, string | number>>, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(pending.current ?? current.current);
      for (const [key, raw] of Object.entries(changes) as [K, string | number | undefined][]) {
        const value = raw === undefined ? "" : String(raw);
        if (value === "" || value === defaults[key]) next.delete(key);
        else next.set(key, value);
      }
      if (!("page" in changes)) next.delete("page");
      pending.current = next;
      setParams(next, { replace: options.replace ?? true });
    },
    [setParams, defaults],
  );

  return [values, setFilters] as const;
}

/** The server's largest page number. */
const MAX_PAGE = 100_000;

/** A page number from the URL: a positive integer, else 1. */
export function pageParam(value: string): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** `value` when it is one of `options`, else the fallback. */
export function oneOf<T extends string>(value: string, options: readonly T[], fallback: T): T {
  return (options as readonly string[]).includes(value) ? (value as T) : fallback;
}
/** A `setSearchParams` updater that removes one parameter and keeps the others. */
export function withoutParam(key: string) {
  return (previous: URLSearchParams) => {
    const next = new URLSearchParams(previous);
    next.delete(key);
    return next;
  };
}
