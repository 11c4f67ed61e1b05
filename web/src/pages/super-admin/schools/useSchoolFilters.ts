import { useCallback, useMemo } from "react";
import { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "#shared/schools-constants.ts";
import { oneOf, pageParam, useUrlFilters } from "../../../components/ui/filters.tsx";

export type StatusFilter = (typeof SCHOOL_STATUS_FILTERS)[number];
export type AdminFilter = (typeof ADMIN_FILTERS)[number];

export type SchoolFilters = { q: string; status: StatusFilter; admins: AdminFilter; page: number };

/** The server's limit (listSchoolsInput): a search of at most 120 characters. */
const MAX_SEARCH = 120;

const DEFAULTS = { q: "", status: "all", admins: "all", page: "1" };

/**
 * The schools list's search, filters and page in the URL (`?q=&status=&admins=&page=`), typed;
 * bad values read as the defaults. A change adds a history entry (Back restores the previous
 * filters) unless `replace` is asked for (while typing a search).
 */
export function useSchoolFilters() {
  const [raw, setFilters] = useUrlFilters(DEFAULTS);
  const filters = useMemo<SchoolFilters>(
    () => ({
      q: raw.q.trim().slice(0, MAX_SEARCH),
      status: oneOf(raw.status, SCHOOL_STATUS_FILTERS, "all"),
      admins: oneOf(raw.admins, ADMIN_FILTERS, "all"),
      page: pageParam(raw.page),
    }),
    [raw],
  );
  const update = useCallback(
    (changes: Partial<SchoolFilters>, options: { replace?: boolean } = {}) => {
      const { q, ...rest } = changes;
      setFilters({ ...rest, ...(q === undefined ? {} : { q: q.trim() }) }, { replace: options.replace ?? false });
    },
    [setFilters],
  );
  const filtered = filters.q !== "" || filters.status !== "all" || filters.admins !== "all";
  return { filters, filtered, update };
}
