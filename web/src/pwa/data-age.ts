import { plural, t } from "@lingui/core/macro";
import type { Query } from "@tanstack/react-query";
import { FRESH_FOR_MS } from "#shared/kept-screens.ts";

/** Data younger than this needs no notice: it is what the page just read (a kept screen's the same). */
export { FRESH_FOR_MS };

/** "just now", "5 min ago", "3 h ago", "2 days ago": how old the shown data is, in the reader's language. */
export function formatAge(ageMs: number): string {
  const minutes = Math.floor(Math.max(0, ageMs) / 60_000);
  if (minutes < 1) return t`just now`;
  if (minutes < 60) return t`${plural(minutes, { one: "# min ago", other: "# min ago" })}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t`${plural(hours, { one: "# h ago", other: "# h ago" })}`;
  const days = Math.floor(hours / 24);
  return t`${plural(days, { one: "# day ago", other: "# days ago" })}`;
}

/** The queries whose data is on screen: a mounted observer, and data (kept after a failed refresh too). */
const shown = (query: Query) => query.getObserversCount() > 0 && query.state.data !== undefined;

/**
 * The time of the oldest answer the page shows that is not being read again now. Null when there is
 * none.
 */
export function oldestShownAt(queries: readonly Query[]): number | null {
  let oldest: number | null = null;
  for (const query of queries) {
    if (!shown(query) || query.state.fetchStatus === "fetching") continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/** Whether the last attempt to read again some data on screen failed (the server out of reach). */
export function refreshFailed(queries: readonly Query[]): boolean {
  return queries.some((query) => shown(query) && query.state.status === "error" && query.state.fetchStatus === "idle");
}

/**
 * What the notice says: nothing while the data is fresh and read; offline, that the page shows what
 * it last read, and when; online when a refresh failed (a connection that drops requests while the
 * phone says it is online) or the data is old, its age.
 */
export function dataAgeNotice(
  shownAt: number | null,
  state: { online: boolean; failed: boolean },
  now: number,
): string | null {
  if (shownAt === null) return state.online ? null : t`You are offline.`;
  const age = formatAge(now - shownAt);
  if (!state.online) return t`You are offline. Updated ${age}.`;
  if (state.failed) return t`Could not reach SchoolRide. Updated ${age}.`;
  return now - shownAt < FRESH_FOR_MS ? null : t`Updated ${age}.`;
}
