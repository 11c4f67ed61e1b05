import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

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
