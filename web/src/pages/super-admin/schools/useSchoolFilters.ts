import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "#shared/superAdmin.ts";

export type StatusFilter = (typeof SCHOOL_STATUS_FILTERS)[number];
export type AdminFilter = (typeof ADMIN_FILTERS)[number];

export type SchoolFilters = { q: string; status: StatusFilter; admins: AdminFilter; page: number };

/** The server's limits (schoolListSchema): a search of at most 120 characters, a page of at most 100 000. */
const MAX_SEARCH = 120;
const MAX_PAGE = 100_000;

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The list's search, filters and page, kept in the URL (`?q=&status=&admins=&page=`) so reload
 * and Back restore them. Defaults are left out of the URL; bad values read as the defaults.
 */
export function useSchoolFilters() {
  const [params, setParams] = useSearchParams();
  const rawQ = params.get("q");
  const rawStatus = params.get("status");
  const rawAdmins = params.get("admins");
  const rawPage = params.get("page");

  const filters = useMemo<SchoolFilters>(() => {
    const pageNumber = Number(rawPage);
    return {
      q: (rawQ ?? "").trim().slice(0, MAX_SEARCH),
      status: oneOf(rawStatus, SCHOOL_STATUS_FILTERS, "all"),
      admins: oneOf(rawAdmins, ADMIN_FILTERS, "all"),
      page: Number.isInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, MAX_PAGE) : 1,
    };
  }, [rawQ, rawStatus, rawAdmins, rawPage]);

  /**
   * Applies changes. Any change of search or filter goes back to page 1 (spec §2). `replace`
   * rewrites the current history entry instead of adding one (used while typing a search).
   */
  const update = useCallback(
    (changes: Partial<SchoolFilters>, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string, fallback: string) => {
            if (value === fallback) next.delete(key);
            else next.set(key, value);
          };
          if (changes.q !== undefined) set("q", changes.q.trim(), "");
          if (changes.status !== undefined) set("status", changes.status, "all");
          if (changes.admins !== undefined) set("admins", changes.admins, "all");
          const filterChanged = changes.q !== undefined || changes.status !== undefined || changes.admins !== undefined;
          if (changes.page !== undefined) set("page", String(changes.page), "1");
          else if (filterChanged) next.delete("page");
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  const filtered = filters.q !== "" || filters.status !== "all" || filters.admins !== "all";
  return { filters, filtered, update };
}
